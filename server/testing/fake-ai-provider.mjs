// A fake OpenAI-compatible chat-completions server on 127.0.0.1, for the browser tests and the
// bench: it records each request and answers as told (a streamed answer, a status, a hang, a cut).
import { createServer } from "node:http";

/** @typedef {{ kind: "stream", tokens: string[], delayMs?: number, firstDelayMs?: number }
 *   | { kind: "status", status: number } | { kind: "hang" } | { kind: "cut", tokens: string[] }
 *   | { kind: "tool", name: string, args: object, json?: boolean }} Behaviour
 * @param {{ port?: number }} [options] port 0 (default): any free port */
export async function startFakeProvider({ port = 0 } = {}) {
  /** @type {{ headers: import("node:http").IncomingHttpHeaders, body: any, closedEarly: boolean }[]} */
  const requests = [];
  /** @type {Behaviour} */
  let next = { kind: "stream", tokens: ["Hej från ", "AI:n."] };
  /** @type {Behaviour[]} answers for the next requests, before `next` */
  const queue = [];
  const usage = { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 };
  const line = (json) => `data: ${JSON.stringify(json)}\n\n`;
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));

  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404).end();
      return;
    }
    let body = null;
    try {
      body = JSON.parse(raw);
    } catch {
      // recorded as null
    }
    const record = { headers: req.headers, body, closedEarly: false };
    requests.push(record);
    res.on("close", () => {
      if (!res.writableEnded) record.closedEarly = true;
    });
    const b = queue.shift() ?? next;
    if (b.kind === "tool") {
      const call = {
        id: `call_${requests.length}`,
        type: "function",
        function: { name: b.name, arguments: JSON.stringify(b.args) },
      };
      if (b.json) {
        const message = { role: "assistant", content: null, tool_calls: [call] };
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ choices: [{ message }], usage }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(line({ choices: [{ index: 0, delta: { role: "assistant", tool_calls: [{ index: 0, ...call }] } }] }));
      res.write(line({ choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] }));
      res.write(line({ choices: [], usage }));
      res.end("data: [DONE]\n\n");
      return;
    }
    if (b.kind === "status") {
      res.writeHead(b.status, { "content-type": "application/json" }).end('{"error":{"message":"fake"}}');
      return;
    }
    if (b.kind === "hang") return;
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.flushHeaders();
    if (b.kind === "stream" && b.firstDelayMs) await wait(b.firstDelayMs);
    for (const [i, t] of b.tokens.entries()) {
      if (res.destroyed) return;
      if (i > 0 && b.kind === "stream" && b.delayMs) await wait(b.delayMs);
      res.write(line({ choices: [{ index: 0, delta: { content: t } }] }));
    }
    if (b.kind === "cut") {
      // After the tokens have left, so the cut is in the middle of an answer.
      await wait(200);
      res.destroy();
      return;
    }
    res.write(line({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] }));
    res.write(line({ choices: [], usage }));
    res.end("data: [DONE]\n\n");
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    baseUrl: `http://127.0.0.1:${actualPort}/v1`,
    requests,
    /** @param {Behaviour} behaviour what the next requests get */
    answerWith(behaviour) {
      queue.length = 0;
      next = behaviour;
    },
    /** @param {Behaviour[]} behaviours what the next requests get, one each, before the others */
    answerFirst(...behaviours) {
      queue.push(...behaviours);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
