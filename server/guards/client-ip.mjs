import { getConnInfo } from "@hono/node-server/conninfo";

/**
 * How many proxies in front of the server append to `X-Forwarded-For`, from TRUST_PROXY: a
 * positive whole number, or 1 for any other value that is set ("", "0" and "false": none).
 * @param {string | number | boolean | undefined} value
 */
export function proxyHops(value) {
  if (typeof value === "number") return Math.max(0, Math.floor(value));
  if (typeof value === "boolean") return value ? 1 : 0;
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || text === "0" || text === "false") return 0;
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/**
 * The visitor's address for per-visitor limits. Each trusted proxy appends the address it was
 * reached from to `X-Forwarded-For`, so the visitor is the entry `hops` from the right; what is
 * left of it the client wrote itself. Without TRUST_PROXY the socket's address.
 * @param {import("hono").Context} c
 * @param {{ trustProxy?: boolean | number | string }} [options]
 */
export function clientIp(c, { trustProxy = process.env.TRUST_PROXY } = {}) {
  let socket = "unknown";
  try {
    socket = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Not a Node request (tests): the forwarded address or "unknown".
  }
  const hops = proxyHops(trustProxy);
  if (hops === 0) return socket;
  const chain = [
    ...(c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
    socket,
  ];
  return chain[Math.max(0, chain.length - 1 - hops)];
}
