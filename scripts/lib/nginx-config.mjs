// nginx in front of `npm start`, serving build/client itself with the headers the server sends: written
// from the server's own rules (its security headers, Cache-Control, Content-Type, hidden files), so the
// two cannot drift (issue 53, decision 071). `node scripts/lib/nginx-config.mjs` prints the server block.
import { existsSync, readdirSync } from "node:fs";
import { extname, join, relative, resolve } from "node:path";
import { getMimeType } from "hono/utils/mime";
import { cacheControlOf, loadSecurityHeaders } from "../../server/app.mjs";
import { HIDDEN_FILE } from "../../server/routes/static.mjs";

/** Paths the server answers itself although the build has a file there (the operator's page, the inbox probe). */
const SERVER_ONLY = /^\/(?:admin|api)(?:\/|$)/;

/** Every file of the build a visitor may fetch, as URL paths. @param {string} root */
export function publicFiles(root) {
  /** @param {string} dir @returns {string[]} */
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [`/${relative(root, join(dir, e.name))}`],
    );
  return walk(root).filter((p) => !HIDDEN_FILE.test(p) && !SERVER_ONLY.test(p) && !/\.(?:br|gz|zst)$/.test(p));
}

const quote = (value) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/**
 * The `server {}` block: the build's files from disk (gzip_static beside them), everything else to the
 * Node server at `upstream`, which also answers unknown paths with its 404 page.
 * @param {{ root: string, listen: string, upstream: string, headers?: Record<string, string>, brotli?: boolean }} options
 */
export function nginxServerBlock({ root, listen, upstream, headers = loadSecurityHeaders(root), brotli = false }) {
  root = resolve(root);
  const files = publicFiles(root);
  const types = new Map();
  for (const file of files) {
    const type = getMimeType(file) ?? "application/octet-stream";
    if (extname(file)) types.set(extname(file).slice(1), type);
  }
  const common = Object.entries(headers).map(([name, value]) => `    add_header ${name} ${quote(value)} always;`);
  // One exact location per URL: a directory's page without a redirect, Vary where a compressed copy is.
  const exact = files.flatMap((file) => {
    const dir = file.endsWith("/index.html") ? file.slice(0, -"index.html".length) : null;
    const urls = dir === "/" ? ["/", file] : dir ? [dir.slice(0, -1), dir, file] : [file];
    const compressed = existsSync(join(root, `${file}.gz`)) || existsSync(join(root, `${file}.br`));
    return urls.flatMap((url) => [
      `  location = ${url} {`,
      "    limit_except GET { deny all; }",
      "    error_page 403 404 = @node;",
      `    try_files ${file} =404;`,
      `    add_header Cache-Control ${quote(cacheControlOf(url))};`,
      ...common,
      "    add_header X-Request-Id $request_id always;",
      ...(compressed ? ["    add_header Vary Accept-Encoding;"] : []),
      "  }",
    ]);
  });
  const proxy = [
    `    proxy_pass ${upstream};`,
    "    proxy_http_version 1.1;",
    '    proxy_set_header Connection "";',
    "    proxy_set_header Host $host;",
    "    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
    "    proxy_set_header X-Forwarded-Proto $scheme;",
    "    proxy_set_header X-Request-Id $request_id;",
    "    proxy_buffering off;",
  ];
  return [
    "server {",
    `  listen ${listen};`,
    `  root ${root};`,
    "  server_tokens off;",
    "  etag on;",
    "  gzip_static on;",
    ...(brotli ? ["  brotli_static on;"] : []),
    "  keepalive_timeout 5s 5s;",
    "  default_type application/octet-stream;",
    "  types {",
    ...[...types].map(([ext, type]) => `    ${quote(type)} ${ext};`),
    "  }",
    ...exact,
    "  location / {",
    ...proxy,
    "  }",
    "  location @node {",
    ...proxy,
    "  }",
    "}",
    "",
  ].join("\n");
}

/** A whole nginx.conf for one worker in the foreground, its files in `dir` (the bench's). */
export function nginxBenchConfig({ dir, ...server }) {
  return [
    "worker_processes 1;",
    "daemon off;",
    `pid ${join(dir, "nginx.pid")};`,
    `error_log ${join(dir, "error.log")} error;`,
    "events { worker_connections 1024; }",
    "http {",
    "  access_log off;",
    `  client_body_temp_path ${join(dir, "body")};`,
    `  proxy_temp_path ${join(dir, "proxy")};`,
    `  fastcgi_temp_path ${join(dir, "fastcgi")};`,
    `  uwsgi_temp_path ${join(dir, "uwsgi")};`,
    `  scgi_temp_path ${join(dir, "scgi")};`,
    "  sendfile on;",
    "  tcp_nopush on;",
    nginxServerBlock(server)
      .split("\n")
      .map((l) => (l ? `  ${l}` : l))
      .join("\n"),
    "}",
    "",
  ].join("\n");
}

// `node scripts/lib/nginx-config.mjs [build/client] [listen] [upstream] [--brotli]`: the server block for the production
// guide; --brotli with Debian's libnginx-mod-http-brotli-static, so that a browser gets the .br files as from the server.
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2).filter((a) => a !== "--brotli");
  const [root = "build/client", listen = "443 ssl", upstream = "http://127.0.0.1:4173"] = args;
  process.stdout.write(nginxServerBlock({ root, listen, upstream, brotli: process.argv.includes("--brotli") }));
}
