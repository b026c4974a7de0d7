// The list, the count the page polls, one message with its history, and its state, notes, owner and reply.
import { isEmail } from "#common/email-address.mjs";
import { fullMessage, listFilters, listItem } from "./messages.mjs";
import { replyMail } from "./reply.mjs";

const MAX_NOTE = 4000;
const MAX_REPLY = 10_000;

/** One bare address, as the inbox takes it: a reply goes to one person only. */
const replyAddressOf = (value) => (typeof value === "string" && isEmail(value) ? value.trim() : null);

/** @param {import("hono").Hono} app @param {import("./context.mjs").AdminContext} context */
export function mountMessageActions(app, context) {
  const { options, store, team, notifications, withStore, actorOf, teamList, firstAccount } = context;
  // Without the build's copy (build/forms.json), replies still work, in plain words.
  /** @type {import("./reply.mjs").ReplyCopy} */
  const replyCopy = options.copy?.reply ?? { fallbackSubject: "Sv: din förfrågan", quoteIntro: "{date}, {name}:" };

  const messageWithHistory = async (id) => {
    const message = await store.getMessage(id);
    return message ? fullMessage(message, await team.eventsOf(id)) : null;
  };

  app.get(
    "/api/admin/messages",
    withStore(async (c) => {
      const { session } = c.get("adminSession");
      const owners = (await teamList()).map((p) => p.id);
      const { total: count, items } = await store.listMessages(listFilters(c.req.query(), owners));
      return c.json({ total: count, items: items.map((m) => listItem(m, { since: session.since })) });
    }),
  );

  // What the page polls: how many messages came since the last visit, and the newest one's time.
  app.get(
    "/api/admin/updates",
    withStore(async (c) => {
      const { session } = c.get("adminSession");
      const newer = session.since
        ? await store.listMessages({ since: session.since, state: "open", limit: 1 })
        : { total: 0 };
      const { items } = await store.listMessages({ limit: 1 });
      return c.json({ newCount: newer.total, latest: items[0]?.id ?? null, latestAt: items[0]?.receivedAt ?? null });
    }),
  );

  app.get(
    "/api/admin/messages/:id",
    withStore(async (c) => {
      const message = await messageWithHistory(c.req.param("id"));
      return message ? c.json(message) : c.json({ error: "not-found" }, 404);
    }),
  );

  app.post(
    "/api/admin/messages/:id",
    withStore(async (c) => {
      const body = await c.req.json().catch(() => null);
      const state = ["open", "handled"].includes(body?.state) ? body.state : null;
      if (!state) return c.json({ error: "nothing-to-change" }, 400);
      const id = c.req.param("id");
      if (!(await store.getMessage(id))) return c.json({ error: "not-found" }, 404);
      await store.updateMessage(id, { state });
      await team.addEvent(id, actorOf(c), state === "handled" ? "handled" : "reopened");
      return c.json(await messageWithHistory(id));
    }),
  );

  app.post(
    "/api/admin/messages/:id/notes",
    withStore(async (c) => {
      const body = await c.req.json().catch(() => null);
      const text = typeof body?.text === "string" ? body.text.trim().slice(0, MAX_NOTE) : "";
      if (!text) return c.json({ error: "empty-note" }, 400);
      const id = c.req.param("id");
      if (!(await store.getMessage(id))) return c.json({ error: "not-found" }, 404);
      await team.addEvent(id, actorOf(c), "note", { text });
      // The notes' text is searchable with the message's own.
      const notes = (await team.eventsOf(id)).filter((e) => e.action === "note").map((e) => e.detail?.text ?? "");
      await store.updateMessage(id, { note: notes.join("\n") });
      return c.json(await messageWithHistory(id));
    }),
  );

  app.post(
    "/api/admin/messages/:id/owner",
    withStore(async (c) => {
      const body = await c.req.json().catch(() => null);
      const id = c.req.param("id");
      const ownerId = body?.ownerId === null ? null : typeof body?.ownerId === "string" ? body.ownerId : undefined;
      if (ownerId === undefined) return c.json({ error: "owner-required" }, 400);
      const owner = ownerId === null ? null : (await teamList()).find((p) => p.id === ownerId);
      if (owner === undefined) return c.json({ error: "unknown-owner" }, 400);
      if (!(await store.getMessage(id))) return c.json({ error: "not-found" }, 404);
      await store.updateMessage(id, { owner });
      await team.addEvent(id, actorOf(c), "assigned", { ownerName: owner?.name ?? null });
      return c.json(await messageWithHistory(id));
    }),
  );

  app.post(
    "/api/admin/messages/:id/reply",
    withStore(async (c) => {
      if (!notifications?.reply) return c.json({ error: "no-smtp" }, 409);
      const body = await c.req.json().catch(() => null);
      const text = typeof body?.text === "string" ? body.text.trim().slice(0, MAX_REPLY) : "";
      if (!text) return c.json({ error: "empty-reply" }, 400);
      const id = c.req.param("id");
      const message = await store.getMessage(id);
      if (!message) return c.json({ error: "not-found" }, 404);
      const to = replyAddressOf(message.from_email ?? message.params?.from_email);
      if (!to) return c.json({ error: "no-email" }, 400);
      const actor = actorOf(c);
      const event = await team.addEvent(id, actor, "reply", { text, to });
      const sender = actor.id === firstAccount.id ? null : actor.name;
      const mail = replyMail({ message, text, to, copy: replyCopy, sender });
      await store.enqueueMail(id, { channel: "reply", key: `${id}:reply:${event.id}`, payload: mail });
      await store.updateMessage(id, { state: "answered" });
      notifications.kick?.();
      return c.json(await messageWithHistory(id));
    }),
  );
}
