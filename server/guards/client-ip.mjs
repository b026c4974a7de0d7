import { getConnInfo } from "@hono/node-server/conninfo";

/** TRUST_PROXY as a count of proxies (docs/configuration.md). @param {string | number | boolean | undefined} value */
export function proxyHops(value) {
  if (typeof value === "number") return Math.max(0, Math.floor(value));
  if (typeof value === "boolean") return value ? 1 : 0;
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || text === "0" || text === "false") return 0;
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** Left of the entry `hops` from the right, the client wrote it (decision 020). @param {import("hono").Context} c
 * @param {{ trustProxy?: boolean | number | string }} [options] */
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

function ipv6Groups(/** @type {string} */ ip) {
  const halves = ip.split("::");
  if (halves.length > 2) return null;
  const part = (/** @type {string} */ text) => (text === "" ? [] : text.split(":"));
  const [head, tail = null] = [part(halves[0] ?? ""), halves.length === 2 ? part(halves[1] ?? "") : null];
  const missing = 8 - head.length - (tail?.length ?? 0);
  const groups = tail === null ? head : [...head, ...Array(Math.max(0, missing)).fill("0"), ...tail];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""));
}

/** An IPv6 address counts by its /64, what one subscriber is handed (decision 061). @param {string} ip */
export function clientKey(ip) {
  const address = String(ip).trim().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return /** @type {string} */ (mapped[1]);
  if (!address.includes(":")) return address;
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : address;
}
