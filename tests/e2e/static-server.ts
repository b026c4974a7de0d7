import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".svg": "image/svg+xml",
  ".txt": "text/plain",
  ".xml": "application/xml",
};

export interface StaticHost {
  url: string;
  /** Every request the host got, method and path with its query. */
  requests: { method: string; url: string }[];
  close: () => Promise<void>;
}

/**
 * A plain static file host for a build (as a CDN serves it): files and folders' index.html, the
 * 404 page for anything else, any method. No inbox, no server of the site's own.
 */
export async function serveStatic(root = "build/client"): Promise<StaticHost> {
  const requests: StaticHost["requests"] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    requests.push({ method: req.method ?? "", url: req.url ?? "" });
    req.resume();
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    let file = join(root, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    const found = existsSync(file) && statSync(file).isFile() && !path.includes("..");
    const status = found && req.method === "GET" ? 200 : found ? 405 : 404;
    const body = status === 200 ? file : join(root, "404", "index.html");
    res.writeHead(status, { "Content-Type": TYPES[extname(body)] ?? "application/octet-stream" });
    createReadStream(body).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
