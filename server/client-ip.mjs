import { getConnInfo } from "@hono/node-server/conninfo";

/**
 * The visitor's address for per-visitor limits. `X-Forwarded-For` is trusted only when the
 * operator says a proxy sets it (TRUST_PROXY), since anyone can send the header.
 * @param {import("hono").Context} c
 * @param {{ trustProxy?: boolean }} [options]
 */
export function clientIp(c, { trustProxy = Boolean(process.env.TRUST_PROXY) } = {}) {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
