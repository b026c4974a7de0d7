import { Writable } from "node:stream";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { captureLog } from "../testing/log-capture.mjs";
import { createLogger, levelOf, logRequests, readableLine, routeForLog } from "./logger.mjs";

/** A logger in `format` writing into `out`. */
function loggerInto(format) {
  const out = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      out.push(String(chunk));
      done();
    },
  });
  return { log: createLogger({ format, destination }), out };
}

describe("the server's log", () => {
  it("writes one JSON object a line with LOG_FORMAT=json: level, time, message and the fields", () => {
    const { log, out } = loggerInto("json");
    log.info({ route: "/", status: 200, durationMs: 3, requestId: "r1" }, "GET / 200 3ms");
    log.warn("store: UNAVAILABLE: cannot reach PostgreSQL (DATABASE_URL) (ECONNREFUSED)");
    const lines = out.join("").trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    const [request, event] = lines.map((l) => JSON.parse(l));
    expect(request).toEqual({
      level: "info",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      route: "/",
      status: 200,
      durationMs: 3,
      requestId: "r1",
      msg: "GET / 200 3ms",
    });
    expect(event).toMatchObject({ level: "warn", msg: expect.stringContaining("store: UNAVAILABLE") });
  });

  it("writes readable lines by default: time, level and the message on one line", () => {
    const { log, out } = loggerInto(undefined);
    log.info({ route: "/", status: 200, durationMs: 3, requestId: "r1" }, "GET / 200 3ms");
    expect(out.join("")).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] INFO: GET \/ 200 3ms\n$/);
  });

  it("writes the readable line pino-pretty wrote, for every kind of entry (decisions 055, 068)", () => {
    const { log, out } = loggerInto(undefined);
    log.level = "trace";
    log.info({ route: "/", status: 200 }, "GET / 200 3ms");
    log.info({ route: "/" });
    log.info("");
    log.warn("two\nlines");
    log.error(new Error("boom"));
    log.error({ err: new Error("inner") }, "outer");
    log.trace("a %s b %d", "x", 5);
    log.fatal('quote " and \\ and ö');
    const lines = out.join("").replace(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] /gm, "");
    expect(lines).toBe(
      'INFO: GET / 200 3ms\nINFO:\nINFO: \nWARN: two\nlines\nERROR: boom\nERROR: outer\nTRACE: a x b 5\nFATAL: quote " and \\ and ö\n',
    );
    // In the machine's time zone, as pino-pretty's SYS: did.
    const at = new Date(2026, 0, 2, 3, 4, 5);
    expect(readableLine(JSON.stringify({ level: "info", time: at.toISOString(), msg: "x" }))).toBe(
      "[2026-01-02 03:04:05] INFO: x\n",
    );
  });

  it("makes the lines that say something is wrong warnings", () => {
    expect(levelOf("store: UNAVAILABLE: cannot reach x")).toBe("warn");
    expect(levelOf("inbox: FULL: the disk is full")).toBe("warn");
    expect(levelOf("notify: email notification 3 failed (attempt 1: ECONNREFUSED); next attempt in 5 s")).toBe("warn");
    expect(levelOf("notify: telling the sales team by email")).toBe("info");
    expect(levelOf("store: PostgreSQL (DATABASE_URL) answers again; taking messages")).toBe("info");
  });

  it("names a request's route by its pattern, or by its path without personal data", () => {
    expect(routeForLog("/api/admin/messages/:id", "/api/admin/messages/8f1c")).toBe("/api/admin/messages/:id");
    expect(routeForLog("*", "/kom-igang")).toBe("/kom-igang");
    expect(routeForLog("*", "/ring/anna%40firma.se/070-123%2045%2067")).toBe("/ring/[e-post]/[telefon]");
    expect(routeForLog("/*", "/a\u001b[2Jb")).toBe("/a [2Jb");
  });

  it("logs one line per request with its route, status, duration and id, never its content", async () => {
    const app = new Hono();
    app.use(logRequests());
    app.post("/api/v1.0/email/send", (c) => c.json({ ok: true }));
    const log = captureLog();
    const res = await app.request("/api/v1.0/email/send", {
      method: "POST",
      headers: { "x-request-id": "abc-123", "content-type": "application/json" },
      body: JSON.stringify({ from_email: "anna@firma.se", message: "Ring mig på 070-123 45 67" }),
    });
    expect(res.headers.get("x-request-id")).toBe("abc-123");
    expect(log.entries).toEqual([
      {
        level: "info",
        fields: {
          method: "POST",
          route: "/api/v1.0/email/send",
          status: 200,
          durationMs: expect.any(Number),
          requestId: "abc-123",
        },
        msg: expect.stringMatching(/^POST \/api\/v1\.0\/email\/send 200 \d+ms$/),
      },
    ]);
    expect(JSON.stringify(log.entries)).not.toMatch(/anna|Ring mig|070/);
    const other = await app.request("/api/v1.0/email/send", {
      method: "POST",
      headers: { "x-request-id": "<script>" },
    });
    expect(other.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
