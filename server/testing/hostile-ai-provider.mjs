// A misbehaving OpenAI-compatible provider on 127.0.0.1, for the abuse tests and bench: answers
// that are huge, gzip bombs, never end, one endless line, or report absurd usage. It writes only
// as fast as the reader takes (drain), and records what each request got.
import { once } from "node:events";
import { createServer } from "node:http";
import { createGzip } from "node:zlib";

/** @typedef {{ kind: "huge", bytes: number } | { kind: "gzip-bomb", bytes: number } | { kind: "endless" }
 *   | { kind: "long-line" } | { kind: "usage", totalTokens: number }} Hostility
 * @param {{ port?: number }} [options] */
export async function startHostileProvider({ port = 0 } = {}) {
  /** @type {{ written: number, closedEarly: boolean, blocked: boolean, finished: boolean }[]} */
  const requests = [];
  /** @type {Hostility} */
  let next = { kind: "huge", bytes: 50 * 1024 * 1024 };
  const event = (json) => `data: ${JSON.stringify(json)}\n\n`;
  const delta = event({ choices: [{ index: 0, delta: { content: "bla bla bla bla bla bla bla bla " } }] });

  const server = createServer(async (req, res) => {
    req.resume();
    await once(req, "end");
    const record = { written: 0, closedEarly: false, blocked: false, finished: false };
    requests.push(record);
    res.on("close", () => {
      if (!record.finished) record.closedEarly = true;
    });
    const b = next;
    const gzip = b.kind === "gzip-bomb" ? createGzip({ level: 9 }) : null;
    res.writeHead(200, {
      "content-type": "text/event-stream",
      ...(gzip ? { "content-encoding": "gzip" } : {}),
    });
    if (gzip) gzip.pipe(res);
    const sink = gzip ?? res;
    const write = async (text) => {
      if (res.destroyed) return false;
      record.written += Buffer.byteLength(text);
      if (!sink.write(text)) {
        record.blocked = true;
        const stop = new AbortController();
        await Promise.race([once(sink, "drain", stop), once(res, "close", stop)]).catch(() => {});
        stop.abort();
        record.blocked = false;
      }
      return !res.destroyed;
    };
    if (b.kind === "usage") {
      await write(delta);
      await write(
        event({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }], usage: { total_tokens: b.totalTokens } }),
      );
    } else if (b.kind === "long-line") {
      await write("data: ");
      const block = "x".repeat(64 * 1024);
      while (await write(block));
      return;
    } else {
      const limit = b.kind === "endless" ? Infinity : b.bytes;
      const block = delta.repeat(256);
      while (record.written < limit) if (!(await write(block))) return;
      await write(event({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] }));
    }
    await write("data: [DONE]\n\n");
    record.finished = true;
    sink.end();
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    baseUrl: `http://127.0.0.1:${actualPort}/v1`,
    requests,
    /** @param {Hostility} hostility what the next requests get */
    answerWith(hostility) {
      next = hostility;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
