import { appendFile, mkdir } from "node:fs/promises";
import { join } from "node:path";

/** The largest message the local inbox takes (EmailJS itself allows 50 KB of template params). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Checks an EmailJS-shaped request body: { lib_version, user_id, service_id, template_id,
 * template_params: { [name]: string } }. Returns an error text or null.
 * @param {unknown} body
 */
export function inboxError(body) {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "The body must be a JSON object";
  const b = /** @type {Record<string, unknown>} */ (body);
  for (const key of ["service_id", "template_id", "user_id"]) {
    if (typeof b[key] !== "string" || b[key] === "") return `The ${key} is required`;
  }
  const params = b.template_params;
  if (typeof params !== "object" || params === null || Array.isArray(params))
    return "The template params must be an object";
  if (!Object.values(params).every((v) => typeof v === "string")) return "Every template param must be a string";
  return null;
}

/**
 * The local inbox behind `npm start`: takes the same request as EmailJS's /api/v1.0/email/send and
 * appends each message as one JSON line to `<dir>/messages.jsonl`, so a fresh machine without an
 * EmailJS account still delivers (and keeps) every contact request.
 * @param {import("hono").Hono} app
 * @param {{ dir: string, quiet?: boolean }} options
 */
export function mountInbox(app, { dir, quiet = false }) {
  const file = join(dir, "messages.jsonl");
  let ready = null;

  app.post("/api/v1.0/email/send", async (c) => {
    const length = Number(c.req.header("content-length") ?? "0");
    if (length > MAX_BODY_BYTES) return c.text("Payload Too Large", 413);
    const raw = await c.req.text();
    if (Buffer.byteLength(raw) > MAX_BODY_BYTES) return c.text("Payload Too Large", 413);
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      return c.text("The body must be JSON", 400);
    }
    const error = inboxError(body);
    if (error) return c.text(error, 400);
    const message = {
      receivedAt: new Date().toISOString(),
      service_id: body.service_id,
      template_id: body.template_id,
      template_params: body.template_params,
    };
    ready ??= mkdir(dir, { recursive: true });
    await ready;
    await appendFile(file, `${JSON.stringify(message)}\n`, "utf8");
    if (!quiet) {
      const p = body.template_params;
      console.log(`inbox: ${body.template_id} from ${p.from_name ?? "?"} <${p.from_email ?? "?"}>: ${p.subject ?? ""}`);
    }
    return c.text("OK", 200);
  });
}
