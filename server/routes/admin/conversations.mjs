// The team's side of the live takeover (decision 074), behind the session check: the conversations, one with its
// lines, taking one (atomic: one winner), writing, typing, a form for the visitor, and giving it back to Emma.
import { lineText, ENDED_SHOWN_MS, typingGate } from "../../takeover/rules.mjs";

const FORMS = ["lead", "booking"];

/** @param {import("hono").Hono} app @param {import("./context.mjs").AdminContext} context
 * @param {{ takeover: import("../../takeover/service.mjs").Takeover, live: any } | null} takeover */
export function mountConversations(app, context, takeover) {
  const { withStore, actorOf, teamList, now } = context;
  const off = (c) => c.json({ error: "no-takeover" }, 503);
  const conversations = takeover?.takeover.conversations;
  const mayType = typingGate();

  const namesOf = async () => new Map((await teamList()).map((p) => [p.id, p.name]));
  const shown = (conversation, names) => ({
    ...conversation,
    offeredTo: conversation.offeredTo
      ? { id: conversation.offeredTo, name: names.get(conversation.offeredTo) ?? "" }
      : null,
  });
  const holderOf = (conversation) => (conversation?.holder ? { name: conversation.holder.name } : null);

  app.get(
    "/api/admin/conversations",
    withStore(async (c) => {
      if (!conversations) return off(c);
      const names = await namesOf();
      const list = await conversations.listForTeam(new Date(now().getTime() - ENDED_SHOWN_MS));
      return c.json({
        conversations: list.map((item) => {
          const { id, state, holder, askedAt, takenAt, page, visitorName, lastLine, lines } = item;
          const { offeredTo } = shown(item, names);
          return { id, state, holder, offeredTo, askedAt, takenAt, page, visitorName, lastLine, lines };
        }),
      });
    }),
  );

  app.get(
    "/api/admin/conversations/:id",
    withStore(async (c) => {
      if (!conversations) return off(c);
      const conversation = await conversations.get(c.req.param("id"));
      if (!conversation) return c.json({ error: "not-found" }, 404);
      const lines = await conversations.linesAfter(conversation.id, 0, 10_000);
      return c.json({ conversation: shown(conversation, await namesOf()), lines });
    }),
  );

  app.post(
    "/api/admin/conversations/:id/take",
    withStore(async (c) => {
      if (!conversations) return off(c);
      const id = c.req.param("id");
      const taken = await conversations.take(id, actorOf(c));
      if (taken) return c.json({ conversation: shown(taken, await namesOf()) });
      const now_ = await conversations.get(id);
      if (!now_) return c.json({ error: "not-found" }, 404);
      return c.json({ error: now_.holder ? "taken" : "closed", holder: holderOf(now_), state: now_.state }, 409);
    }),
  );

  /** A line of the holder's; 409 with the holder for anybody else. */
  const holderLine = async (c, line) => {
    const id = c.req.param("id");
    const actor = actorOf(c);
    const seq = await conversations.addLine(id, line, { states: ["held"], holderId: actor.id });
    if (seq !== null) return c.json({ seq }, 201);
    const now_ = await conversations.get(id);
    if (!now_) return c.json({ error: "not-found" }, 404);
    return c.json({ error: "not-holder", holder: holderOf(now_), state: now_.state }, 409);
  };

  app.post(
    "/api/admin/conversations/:id/lines",
    withStore(async (c) => {
      if (!conversations) return off(c);
      const checked = lineText((await c.req.json().catch(() => null))?.text);
      if ("error" in checked) return c.json({ error: checked.error }, checked.error === "too-long" ? 413 : 400);
      return holderLine(c, { author: "agent", name: actorOf(c).name, text: checked.text });
    }),
  );

  app.post(
    "/api/admin/conversations/:id/form",
    withStore(async (c) => {
      if (!conversations) return off(c);
      const form = (await c.req.json().catch(() => null))?.form;
      if (!FORMS.includes(form)) return c.json({ error: "form" }, 400);
      return holderLine(c, { author: "system", name: null, text: `[form:${form}]` });
    }),
  );

  app.post(
    "/api/admin/conversations/:id/typing",
    withStore(async (c) => {
      if (!conversations) return off(c);
      const actor = actorOf(c);
      const conversation = await conversations.get(c.req.param("id"));
      if (conversation?.state === "held" && conversation.holder?.id === actor.id && mayType(conversation.id))
        await takeover?.live.signal("conversation.typing", {
          conversation: conversation.id,
          who: "agent",
          name: actor.name,
        });
      return c.body(null, 204);
    }),
  );

  app.post(
    "/api/admin/conversations/:id/release",
    withStore(async (c) => {
      if (!conversations) return off(c);
      const id = c.req.param("id");
      const released = await conversations.release(id, actorOf(c).id);
      if (released) return c.json({ conversation: shown(released, await namesOf()) });
      const now_ = await conversations.get(id);
      if (!now_) return c.json({ error: "not-found" }, 404);
      return c.json({ error: "not-holder", holder: holderOf(now_), state: now_.state }, 409);
    }),
  );
}
