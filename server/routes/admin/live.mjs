// The team's page live (decision 072): its stream of events, behind the session check like every other route.
import { clientKey } from "../../guards/client-ip.mjs";

/** @param {import("hono").Hono} app @param {import("./context.mjs").AdminContext} context
 * @param {ReturnType<typeof import("../../live/streams.mjs").createLiveStreams> | null} streams */
export function mountLive(app, context, streams) {
  app.get("/api/admin/live", (c) => {
    if (!streams) return c.json({ error: "no-live" }, 503);
    const { account } = c.get("adminSession");
    return streams.respond(c, { address: clientKey(context.ipOf(c)), accountId: account.id });
  });
}
