// A TCP proxy on loopback in front of a server (the tests' PostgreSQL), which a test can cut
// (every connection dropped, new ones refused), stall (connections taken, nothing passed on:
// a database that stopped answering) and restore.
import { connect, createServer } from "node:net";

/** @param {{ host: string, port: number }} target */
export async function startTcpProxy(target) {
  const sockets = new Set();
  /** @type {import("node:net").Server | null} */
  let server = null;
  let port = 0;
  let stalled = false;
  const track = (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => s.destroy());
  };
  const up = () =>
    new Promise((resolve) => {
      stalled = false;
      server = createServer((client) => {
        track(client);
        if (stalled) return;
        const upstream = connect(target.port, target.host);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      server.listen(port, "127.0.0.1", () => {
        port = /** @type {import("node:net").AddressInfo} */ (/** @type {any} */ (server).address()).port;
        resolve(undefined);
      });
    });
  const down = () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve(undefined);
      server.close(() => resolve(undefined));
      server = null;
    });
  /** Takes connections and passes nothing: the open ones freeze, new ones never answer. */
  const stall = () => {
    stalled = true;
    for (const s of sockets) {
      s.unpipe();
      s.pause();
    }
  };
  await up();
  return {
    up,
    down,
    stall,
    get port() {
      return port;
    },
  };
}

/** A proxy in front of the tests' PostgreSQL server; `url(name)` is a database through it. */
export async function postgresProxy(adminUrl) {
  const target = new URL(adminUrl);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = (name) => {
    const u = new URL(adminUrl);
    u.host = `127.0.0.1:${proxy.port}`;
    u.pathname = `/${name}`;
    return u.toString();
  };
  return { ...proxy, url, up: proxy.up, down: proxy.down, stall: proxy.stall };
}
