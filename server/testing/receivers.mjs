// What the notification tests share: a real SMTP server and a webhook receiver on loopback.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { SMTPServer } from "smtp-server";

/** Keeps every mail it accepts; `refuse(n)` answers the next n with a 451, `delay(ms)` waits before each. */
export async function startSmtp({ port = 0 } = {}) {
  const mails = [];
  let refusals = 0;
  let delayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", async () => {
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (refusals > 0) {
          refusals--;
          const error = /** @type {any} */ (new Error("Try again later"));
          error.responseCode = 451;
          return callback(error);
        }
        mails.push({
          at: performance.now(),
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  // A client that is killed mid-connection (a server process a test stops) resets its socket:
  // that is the test's doing, not a failure of the mail it checks.
  server.on("error", (error) => {
    if (/** @type {any} */ (error).code !== "ECONNRESET") throw error;
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = /** @type {import("node:net").AddressInfo} */ (server.server.address());
  return {
    mails,
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    refuse: (n) => (refusals = n),
    delay: (ms) => (delayMs = ms),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A header of a raw mail, unfolded and with its encoded words (RFC 2047, as nodemailer writes them) decoded. */
export function mailHeader(raw, name) {
  const head = raw.split("\r\n\r\n")[0].replace(/\r\n[ \t]/g, " ");
  const line = head.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}: `));
  if (!line) return undefined;
  return line
    .slice(name.length + 2)
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q) =>
      Buffer.from(
        q.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h) => String.fromCharCode(parseInt(h, 16))),
        "latin1",
      ).toString("utf8"),
    );
}

/** How far a signature's time may be from the receiver's clock, as docs/sales-team.md tells receivers. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** A receiver's check as docs/sales-team.md shows it: the HMAC and t within the tolerance (no replays).
 * @param {string | undefined} header @param {string} body @param {string} secret */
export function verifyLeadSignature(
  header,
  body,
  secret,
  { now = Date.now(), tolerance = SIGNATURE_TOLERANCE_SECONDS } = {},
) {
  const parts = Object.fromEntries(
    String(header ?? "")
      .split(",")
      .map((kv) => kv.trim().split("=", 2)),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > tolerance || !/^[0-9a-f]{64}$/.test(parts.v1 ?? ""))
    return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, "hex"));
}

/** Keeps each request and answers with `respond(req)`'s status, or never when it returns "hang". */
export async function startWebhook({ port = 0 } = {}) {
  const requests = [];
  let respond = () => 200;
  const hanging = new Set();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      /** @type {{ headers: import("node:http").IncomingHttpHeaders, body: string, status?: number | "hang" }} */
      const record = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      requests.push(record);
      const status = respond(record);
      record.status = status;
      if (status === "hang") return hanging.add(res);
      res.writeHead(status).end();
    });
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    requests,
    url: `http://127.0.0.1:${address.port}/hook`,
    /** @param {(r: { headers: any, body: string }) => number | "hang"} fn */
    respondWith: (fn) => (respond = fn),
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A mail's leaf parts as nodemailer writes them: multipart, quoted-printable or base64 bodies.
 * @param {string} raw @returns {{ type: string, headers: string, text: string }[]} */
export function mailParts(raw) {
  const parts = [];
  const blocks = raw.split(/\r\n--[^\r\n]*\r\n/);
  for (const block of blocks) {
    const split = block.indexOf("\r\n\r\n");
    if (split < 0) continue;
    const headers = block.slice(0, split).replace(/\r\n[ \t]/g, " ");
    const type = /^Content-Type:\s*([^;\r\n]+)/im.exec(headers)?.[1]?.trim().toLowerCase() ?? "";
    if (!type || type.startsWith("multipart/")) continue;
    let body = block.slice(split + 4).replace(/\r\n--[^\r\n]*--\r\n?$/, "");
    const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
    if (encoding === "base64") body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    else if (encoding === "quoted-printable")
      body = Buffer.from(
        body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16))),
        "latin1",
      ).toString("utf8");
    parts.push({ type, headers, text: body });
  }
  return parts;
}
