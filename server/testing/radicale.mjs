// A real CalDAV server for the calendar adapter's tests: Debian's `radicale`, started on a free
// loopback port in a folder of its own, with one user and one calendar. Null when not installed.
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The radicale binary (RADICALE_PATH, else on PATH), or null. */
export function radicaleBinary() {
  const candidate = process.env.RADICALE_PATH || "radicale";
  const probe = spawnSync(candidate, ["--version"], { encoding: "utf8" });
  return probe.status === 0 ? candidate : null;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });

/** Radicale with user `team` and the calendar /team/sales/, once it answers.
 * @returns {Promise<{ url: string, calendarUrl: string, user: string, password: string, close(): Promise<void> }>} */
export async function startRadicale(binary = "radicale") {
  const dir = await mkdtemp(join(tmpdir(), "radicale-"));
  const port = await freePort();
  const user = "team";
  const password = "caldav-test-password";
  await writeFile(join(dir, "users"), `${user}:${password}\n`);
  await writeFile(
    join(dir, "config"),
    [
      "[server]",
      `hosts = 127.0.0.1:${port}`,
      "[auth]",
      "type = htpasswd",
      `htpasswd_filename = ${join(dir, "users")}`,
      "htpasswd_encryption = plain",
      "[storage]",
      `filesystem_folder = ${join(dir, "collections")}`,
      "[rights]",
      "type = owner_only",
      "[logging]",
      "level = warning",
      "",
    ].join("\n"),
  );
  const child = spawn(binary, ["--config", join(dir, "config")], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr.on("data", (d) => (errors += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const auth = { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` };
  const end = Date.now() + 15_000;
  for (;;) {
    const answer = await fetch(`${url}/`, { headers: auth }).catch(() => null);
    if (answer) break;
    if (Date.now() > end || child.exitCode !== null) throw new Error(`radicale did not start: ${errors}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const calendarUrl = `${url}/${user}/sales/`;
  const made = await fetch(calendarUrl, { method: "MKCALENDAR", headers: auth });
  if (made.status !== 201) throw new Error(`MKCALENDAR answered ${made.status}`);
  return {
    url,
    calendarUrl,
    user,
    password,
    async close() {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once("exit", r)));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
