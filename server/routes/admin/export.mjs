// What leaves the store: the CSV for Swedish Excel, a person's data (the right of access), and erasure.
import { safeForLog } from "../../lib/log-safe.mjs";
import { stockholmDay } from "../insights/report.mjs";
import { csvBatches, listFilters } from "./messages.mjs";

/** Any address a message was kept with (also before the inbox took one bare address only): export, erasure. */
const personOf = (value) =>
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  typeof value === "string" && /^[^\u0000-\u001f\u007f]{1,1000}$/.test(value.trim()) && value.includes("@")
    ? value.trim()
    : null;

/** @param {import("hono").Hono} app @param {import("./context.mjs").AdminContext} context */
export function mountExport(app, context) {
  const { options, log, now, store, team, withStore, actorOf, teamList } = context;
  // Without the build's copy (build/forms.json), the CSV still works, with plain headers.
  const csvCopy = options.copy?.csv ?? { columns: {}, kinds: {}, states: {}, yes: "ja" };

  app.get(
    "/api/admin/messages.csv",
    withStore(async (c) => {
      const owners = (await teamList()).map((p) => p.id);
      const filters = { ...listFilters(c.req.query(), owners), order: /** @type {const} */ ("asc") };
      const actor = actorOf(c);
      const encoder = new TextEncoder();
      let count = 0;
      const batches = csvBatches({
        store,
        team,
        copy: csvCopy,
        filters,
        onBatch: async (items) => {
          count += items.length;
          await team.addEvents(
            items.map((m) => m.id),
            actor,
            "export",
            { format: "csv" },
          );
        },
      });
      // Pulled one batch at a time: the memory it holds is one batch, whatever the inbox holds.
      const body = new ReadableStream({
        async pull(controller) {
          try {
            const { value, done } = await batches.next();
            if (done) {
              log(`admin: exported ${count} message(s) as CSV`);
              controller.close();
            } else controller.enqueue(encoder.encode(value));
          } catch (error) {
            log(`admin: the CSV export failed: ${safeForLog(error?.message ?? error)}`);
            controller.error(error);
          }
        },
      });
      return c.body(body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="inkorg-${stockholmDay(now())}.csv"`,
      });
    }),
  );

  app.get(
    "/api/admin/people/export",
    withStore(async (c) => {
      const email = personOf(c.req.query("email"));
      if (!email) return c.json({ error: "email-required" }, 400);
      const records = await store.exportPerson(email);
      for (const r of records) await team.addEvent(r.id, actorOf(c), "export", { format: "json" });
      return c.json({ email, exportedAt: now().toISOString(), messages: records }, 200, {
        "Content-Disposition": `attachment; filename="personuppgifter.json"`,
      });
    }),
  );

  app.post(
    "/api/admin/people/erase",
    withStore(async (c) => {
      const body = await c.req.json().catch(() => null);
      const email = personOf(body?.email);
      if (!email || body?.confirm !== email) return c.json({ error: "confirmation-required" }, 400);
      const erased = await store.erasePerson(email);
      // The messages and their history are gone; the team's record keeps who erased how many.
      await team.addEvent("*", actorOf(c), "erase", { count: erased });
      log(`admin: erased ${erased} message(s) of one person`);
      return c.json({ erased });
    }),
  );
}
