// @vitest-environment node
// nginx with the written config sends what the server sends, header for header (Debian's nginx; skipped without it).
import { spawn, spawnSync } from "node:child_process";
import { mkdir, utimes, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../server/testing/helpers.mjs";
import { startServerProcess } from "../../server/testing/server-process.mjs";
import { nginxBenchConfig } from "./nginx-config.mjs";

const hasNginx = spawnSync("nginx", ["-v"]).status === 0;
const page = `<!DOCTYPE html><title>Start</title><script>window.x=1</script>${"<p>text</p>".repeat(80)}`;
/** What differs by design (decision 071): the validator's spelling, the software's name, the per-request id and time. */
const ASIDE = new Set(["date", "x-request-id", "etag", "server", "accept-ranges", "connection", "keep-alive"]);

let dir = "";
let serverUrl = "";
let nginxUrl = "";
/** @type {ReturnType<typeof startServerProcess> | undefined} */
let server;
/** @type {import("node:child_process").ChildProcess | undefined} */
let nginx;

beforeAll(async () => {
  if (!hasNginx) return;
  dir = await tempDir();
  const root = join(dir, "client");
  const at = new Date("2026-12-01T10:00:00Z");
  for (const [name, body] of [
    ["index.html", page],
    ["index.html.gz", gzipSync(page)],
    ["kom-igang/index.html", page],
    ["assets/app-Ab12.js", "export {};\n"],
    ["assets/app-Ab12.js.gz", gzipSync("export {};\n")],
    ["robots.txt", "User-agent: *\n"],
    ["404/index.html", "<title>404</title>"],
    ["admin/index.html", "<title>Admin</title>"],
  ]) {
    await mkdir(join(root, name, ".."), { recursive: true });
    await writeFile(join(root, name), body);
    await utimes(join(root, name), at, at);
  }
  server = startServerProcess({ BUILD_ROOT: root, INBOX_DIR: join(dir, "inbox"), LOG_FORMAT: "json" });
  serverUrl = await server.url;
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) await mkdir(join(dir, sub));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const conf = join(dir, "nginx.conf");
  await writeFile(conf, nginxBenchConfig({ dir, root, listen: `127.0.0.1:${port}`, upstream: serverUrl }));
  nginx = spawn("nginx", ["-c", conf, "-p", dir], { stdio: ["ignore", "ignore", "inherit"] });
  nginxUrl = `http://127.0.0.1:${port}`;
  const ok = () =>
    fetch(`${nginxUrl}/robots.txt`).then(
      (r) => r.ok,
      () => false,
    );
  const end = Date.now() + 20_000;
  while (!(await ok())) {
    if (Date.now() > end || nginx.exitCode !== null) throw new Error("nginx did not answer");
    await new Promise((r) => setTimeout(r, 50));
  }
}, 30_000);
afterAll(() => {
  nginx?.kill("SIGQUIT");
  server?.child.kill("SIGKILL");
});

function answer(base, path, headers = {}, method = "GET") {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const kept = Object.entries(res.headers).filter(([name]) => !ASIDE.has(name));
        resolve({ status: res.statusCode, headers: Object.fromEntries(kept), body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

describe.skipIf(!hasNginx)("nginx with scripts/lib/nginx-config.mjs's server block", () => {
  it("sends the pages, an asset and a plain file with the server's headers and bytes", async () => {
    for (const [path, headers] of [
      ["/", { "accept-encoding": "gzip" }],
      ["/", {}],
      ["/kom-igang", { "accept-encoding": "gzip" }],
      ["/kom-igang/", {}],
      ["/assets/app-Ab12.js", { "accept-encoding": "gzip, deflate" }],
      ["/robots.txt", {}],
    ]) {
      const label = `${path} ${JSON.stringify(headers)}`;
      const [fromServer, fromNginx] = [await answer(serverUrl, path, headers), await answer(nginxUrl, path, headers)];
      expect(fromNginx, label).toEqual(fromServer);
      expect(fromNginx.headers["content-security-policy"], label).toContain("'sha256-");
    }
  });

  it("leaves unknown paths, the hidden files, /admin and other methods to the server", async () => {
    for (const [path, method] of [
      ["/finns-inte", "GET"],
      ["/404/index.html", "GET"],
      ["/admin", "GET"],
      ["/assets/nope.js", "GET"],
      ["/", "POST"],
    ]) {
      const [fromServer, fromNginx] = [
        await answer(serverUrl, path, { "accept-encoding": "gzip" }, method),
        await answer(nginxUrl, path, { "accept-encoding": "gzip" }, method),
      ];
      expect(fromNginx, `${method} ${path}`).toEqual(fromServer);
    }
  });
});
