// The part of fetch the provider adapter uses, over node:http(s): undici's fetch took twice the
// CPU a streamed request, most of it in web streams on Node 20 (decision 068).
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { pipeline, Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

// Every idle connection is kept until the provider closes it, as undici did (Node keeps 256).
const pool = { keepAlive: true, maxFreeSockets: Infinity };
const agents = { "http:": new HttpAgent(pool), "https:": new HttpsAgent(pool) };
const decoders = { gzip: createGunzip, "x-gzip": createGunzip, deflate: createInflate, br: createBrotliDecompress };
const NO_BODY = new Set([101, 204, 205, 304]);

/** A body read only as its reader pulls, as fetch's is: nothing buffered ahead. @param {Readable} stream */
export const pulled = (stream) => Readable.toWeb(stream, { strategy: { highWaterMark: 0 } });

/** A standard Response whose body streams as it is read and decoded; `signal` aborts both.
 * @param {string | URL} url @param {{ method?: string, headers?: Record<string, string>, body?: string, signal?: AbortSignal }} [init] */
export function httpFetch(url, { method = "GET", headers = {}, body, signal } = {}) {
  const target = new URL(url);
  const agent = agents[/** @type {"http:" | "https:"} */ (target.protocol)];
  if (!agent) return Promise.reject(new TypeError(`unsupported protocol ${target.protocol}`));
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const length = body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const attempt = () => {
      let answered = false;
      const req = send(target, { method, headers: { Accept: "*/*", ...headers, ...length }, agent, signal }, (res) => {
        answered = true;
        try {
          resolve(response(res, method));
        } catch (error) {
          res.destroy();
          reject(error);
        }
      });
      req.on("error", (/** @type {NodeJS.ErrnoException} */ error) => {
        // A kept-alive connection the provider had closed: it never read this request (Node's docs).
        if (req.reusedSocket && !answered && error.code === "ECONNRESET" && !signal?.aborted) attempt();
        else reject(error);
      });
      req.end(body);
    };
    attempt();
  });
}

/** @param {import("node:http").IncomingMessage} res @param {string} method */
function response(res, method) {
  const status = res.statusCode ?? 0;
  const coding = String(res.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const decode = decoders[/** @type {keyof typeof decoders} */ (coding)];
  const headers = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
  if (decode) headers.delete("content-length");
  const empty = NO_BODY.has(status) || method === "HEAD";
  if (empty) res.resume();
  const stream = empty ? null : pulled(decode ? pipeline(res, decode(), () => {}) : res);
  return new Response(stream, { status, statusText: res.statusMessage, headers });
}
