import { once } from "node:events";
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { httpFetch, pulled } from "./http-fetch.mjs";

/** A server on loopback whose answer each test sets; it records what it was sent. */
let handle = async (_req, res) => res.end();
const received = [];
const server = createServer(async (req, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  received.push({ method: req.method, url: req.url, headers: req.headers, body });
  await handle(req, res);
});
let base = "";
beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("the provider adapter's transport", () => {
  it("sends the method, headers and body, and answers with the status, headers and body", async () => {
    handle = async (_req, res) => res.writeHead(429, { "retry-after": "12", "x-two": ["a", "b"] }).end("busy");
    const body = JSON.stringify({ messages: [{ role: "user", content: "Hej på dig, Åsa" }] });
    const res = await httpFetch(`${base}/v1/chat/completions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer k" },
      body,
    });
    expect(res).toBeInstanceOf(Response);
    expect([res.status, res.ok, res.headers.get("retry-after"), res.headers.get("x-two")]).toEqual([
      429,
      false,
      "12",
      "a, b",
    ]);
    expect(await res.text()).toBe("busy");
    expect(received.at(-1)).toMatchObject({
      method: "POST",
      url: "/v1/chat/completions",
      headers: {
        "content-type": "application/json",
        authorization: "Bearer k",
        "content-length": String(Buffer.byteLength(body)),
      },
      body,
    });
  });

  it("streams the body as it comes: the first event is read before the answer ends", async () => {
    let finish = () => {};
    handle = (_req, res) =>
      new Promise((resolve) => {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write("data: first\n\n");
        finish = () => resolve(res.end("data: [DONE]\n\n"));
      });
    const res = await httpFetch(`${base}/s`, { method: "POST", body: "{}" });
    const reader = /** @type {ReadableStream<Uint8Array>} */ (res.body).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("data: first\n\n");
    finish();
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toBe("data: [DONE]\n\n");
  });

  it("decodes a gzip body, as fetch does", async () => {
    handle = async (_req, res) => res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync("data: hej\n\n"));
    const res = await httpFetch(`${base}/g`, { method: "POST", body: "{}" });
    expect(await res.text()).toBe("data: hej\n\n");
  });

  it("rejects when aborted before the answer, and errors the body when aborted after", async () => {
    handle = () => new Promise(() => {});
    const early = new AbortController();
    const pending = httpFetch(`${base}/a`, { method: "POST", body: "{}", signal: early.signal });
    await vi.waitFor(() => expect(received.at(-1)?.url).toBe("/a"));
    early.abort(new Error("client"));
    await expect(pending).rejects.toThrow();

    handle = async (_req, res) => res.writeHead(200).write("data: x\n\n");
    const late = new AbortController();
    const res = await httpFetch(`${base}/b`, { method: "POST", body: "{}", signal: late.signal });
    const reader = /** @type {ReadableStream<Uint8Array>} */ (res.body).getReader();
    await reader.read();
    late.abort(new Error("timeout"));
    await expect(reader.read()).rejects.toThrow();
  });

  it("asks again on a new connection when the provider had closed the kept-alive one", async () => {
    const served = new WeakSet();
    let sockets = 0;
    handle = async (req, res) => {
      // The second request on a connection finds it closed, as after the provider's idle timeout.
      if (served.has(req.socket)) return req.socket.destroy();
      served.add(req.socket);
      sockets++;
      res.end("ok");
    };
    const ask = () => httpFetch(`${base}/k`, { method: "POST", body: "{}" }).then((r) => r.text());
    expect(await ask()).toBe("ok");
    expect(await ask()).toBe("ok");
    expect(sockets).toBe(2);
    expect(received.filter((r) => r.url === "/k")).toHaveLength(3);
  });

  it("keeps every connection of a burst for the next one", async () => {
    const sockets = new Set();
    handle = async (req, res) => {
      sockets.add(req.socket);
      res.end("ok");
    };
    const burst = () =>
      Promise.all(
        Array.from({ length: 300 }, () =>
          httpFetch(`${base}/burst`, { method: "POST", body: "{}" }).then((r) => r.text()),
        ),
      );
    await burst();
    expect(sockets.size).toBe(300);
    await burst();
    expect(sockets.size).toBe(300);
  });

  it("pulls a body from its source only as it is read, and a cancel ends the source", async () => {
    let made = 0;
    // The source's own buffer is fixed: its default grew from 16 to 64 KiB in Node 22.
    const source = new Readable({
      highWaterMark: 16 * 1024,
      read() {
        made++;
        this.push(Buffer.alloc(1024));
      },
    });
    const reader = pulled(source).getReader();
    await reader.read();
    // Turns of the event loop in which an eager reader would take thousands of chunks.
    for (let i = 0; i < 200; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(made).toBeLessThanOrEqual(20);
    await reader.cancel();
    expect(source.destroyed).toBe(true);
  });
});
