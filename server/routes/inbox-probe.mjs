/**
 * Tells the browser that this server keeps a local inbox (app/lib/email/channel.ts), and whether
 * it takes reports of what visitors ask (app/lib/insights-report.ts). The build holds a static
 * file at the same path saying `{"inbox":false}`, which a static host serves.
 * @param {import("hono").Hono} app
 */
export function mountInboxProbe(app, { insights = false } = {}) {
  app.get("/api/inbox-status.json", (c) => c.json({ inbox: true, insights }, 200, { "Cache-Control": "no-store" }));
}
