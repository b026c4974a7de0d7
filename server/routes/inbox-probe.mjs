/** A static host serves the build's `{"inbox":false}` here (decision 016). @param {import("hono").Hono} app */
export function mountInboxProbe(app, { insights = false } = {}) {
  app.get("/api/inbox-status.json", (c) => c.json({ inbox: true, insights }, 200, { "Cache-Control": "no-store" }));
}
