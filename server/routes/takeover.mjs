// The visitor's side of the live takeover (decision 074): availability, the handoff, the conversation's stream and
// lines, typing, a missed minute and the transcript by mail. Every call but the first two needs the conversation's token.
import { bodyLimit } from "hono/body-limit";
import { createEmailLimit, createRateLimit, hasMediaType, isSameOrigin, pageOf } from "../guards/request.mjs";
import { isEmail } from "#common/email-address.mjs";
import { safeForLog } from "../lib/log-safe.mjs";
import { logLine } from "../lib/logger.mjs";
import { lineText, oneLine, transcriptOf, TYPING_MS, typingGate } from "../takeover/rules.mjs";

export const TAKEOVER_LIMITS = {
  linesPerMinute: 20,
  handoffs: { points: 5, durationSeconds: 600 },
  transcripts: { points: 3, durationSeconds: 600 },
  typingMs: TYPING_MS,
};
const MAX_BODY = 8 * 1024;
const MAX_HANDOFF_BODY = 256 * 1024;
const VISITOR_OPEN = ["waiting", "held"];

/** @param {import("hono").Hono} app @param {{ takeover: import("../takeover/service.mjs").Takeover,
 *   live: ReturnType<typeof import("../live/hub.mjs").createLive>, streams: ReturnType<typeof import("../takeover/visitor-streams.mjs").createVisitorStreams>,
 *   siteOrigin?: string, trustProxy?: boolean | number, databaseUrl?: string, limits?: Partial<typeof TAKEOVER_LIMITS>, log?: (line: string) => void }} options */
export function mountTakeover(
  app,
  { takeover, live, streams, siteOrigin, trustProxy, databaseUrl, limits = {}, log = logLine },
) {
  const rules = { ...TAKEOVER_LIMITS, ...limits };
  const { conversations } = takeover;
  const handoffLimit = createRateLimit({ ...rules.handoffs, keyPrefix: "chat-handoff", trustProxy, databaseUrl });
  const lineLimit = createRateLimit({
    points: rules.linesPerMinute,
    durationSeconds: 60,
    keyPrefix: "chat-lines",
    databaseUrl,
  });
  const transcriptLimit = createRateLimit({ ...rules.transcripts, keyPrefix: "chat-transcript", databaseUrl });
  const emailLimit = createEmailLimit({ databaseUrl });
  const mayType = typingGate(rules.typingMs);

  const refused = (c, error, status, extra = {}) => c.json({ error, ...extra }, status);
  const tooMany = (c, wait) => c.json({ error: "rate-limited" }, 429, { "Retry-After": String(wait) });
  const guarded = (handler) => async (c) => {
    try {
      return await handler(c);
    } catch (error) {
      log(`takeover: ${safeForLog(error?.message ?? error, 200)}`);
      return refused(c, "unavailable", 503);
    }
  };
  const bodyOf = async (c) => c.req.json().catch(() => null);
  const tooLarge = (c) => c.json({ error: "too-long" }, 413, { Connection: "close" });

  app.use("/api/chat/*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    if (c.req.method === "POST") {
      if (!isSameOrigin(c, { siteOrigin, trustProxy })) return refused(c, "cross-site", 403);
      if (
        c.req.header("content-length") !== "0" &&
        c.req.header("content-type") &&
        !hasMediaType(c, "application/json")
      )
        return refused(c, "json-only", 415);
    }
    return next();
  });
  app.use("/api/chat/conversations/*", bodyLimit({ maxSize: MAX_BODY, onError: tooLarge }));
  app.use("/api/chat/handoff", bodyLimit({ maxSize: MAX_HANDOFF_BODY, onError: tooLarge }));

  /** The conversation when the token (header, or ?token= for EventSource) is its visitor's. */
  const ownConversation = (handler) =>
    guarded(async (c) => {
      const token = c.req.header("x-conversation-token") ?? c.req.query("token") ?? "";
      const conversation = await conversations.withToken(c.req.param("id"), token);
      if (!conversation) return refused(c, "token", 401);
      return handler(c, conversation);
    });

  app.get(
    "/api/chat/availability",
    guarded(async (c) => c.json(await takeover.availability())),
  );

  app.post(
    "/api/chat/handoff",
    guarded(async (c) => {
      const body = await bodyOf(c);
      if (!body || typeof body !== "object") return refused(c, "bad-json", 400);
      const transcript = transcriptOf(body.transcript);
      if ("error" in transcript) return refused(c, transcript.error, 400);
      const wait = await handoffLimit.take(c);
      if (wait !== null) return tooMany(c, wait);
      const email = oneLine(body.email, 200);
      const started = await takeover.handoff({
        lines: transcript.lines,
        page: oneLine(body.page, 200) ?? pageOf(c) ?? null,
        name: oneLine(body.name, 100),
        email: email && isEmail(email) ? email : null,
      });
      return c.json(started, started.state === "waiting" ? 201 : 200);
    }),
  );

  app.get(
    "/api/chat/conversations/:id/live",
    ownConversation((c, conversation) => streams.respond(c, conversation.id)),
  );

  app.post(
    "/api/chat/conversations/:id/lines",
    ownConversation(async (c, conversation) => {
      const checked = lineText((await bodyOf(c))?.text);
      if ("error" in checked) return checked.error === "too-long" ? tooLarge(c) : refused(c, "empty", 400);
      if (!VISITOR_OPEN.includes(conversation.state)) return refused(c, "closed", 409, { state: conversation.state });
      const wait = await lineLimit.takeKey(conversation.id);
      if (wait !== null) return tooMany(c, wait);
      const seq = await conversations.addLine(
        conversation.id,
        { author: "visitor", text: checked.text },
        { states: VISITOR_OPEN },
      );
      if (seq === null) {
        const now = await conversations.get(conversation.id);
        return refused(c, "closed", 409, { state: now?.state ?? "ended" });
      }
      return c.json({ seq }, 201);
    }),
  );

  app.post(
    "/api/chat/conversations/:id/typing",
    ownConversation(async (c, conversation) => {
      if (VISITOR_OPEN.includes(conversation.state) && mayType(conversation.id))
        await live.signal("conversation.typing", { conversation: conversation.id, who: "visitor" });
      return c.body(null, 204);
    }),
  );

  app.post(
    "/api/chat/conversations/:id/missed",
    ownConversation(async (c, conversation) => {
      if (conversation.state !== "waiting") return c.json({ state: conversation.state });
      const missed = await takeover.miss(conversation.id);
      const state = missed?.state ?? (await conversations.get(conversation.id))?.state ?? "missed";
      return c.json({ state });
    }),
  );

  app.post(
    "/api/chat/conversations/:id/transcript",
    ownConversation(async (c, conversation) => {
      const email = oneLine((await bodyOf(c))?.email, 200);
      if (!email || !isEmail(email)) return refused(c, "email", 400);
      const wait = (await transcriptLimit.takeKey(conversation.id)) ?? (await emailLimit.take(email));
      if (wait !== null) return tooMany(c, wait);
      const outcome = await takeover.mailTranscript(conversation, email.trim());
      if (outcome !== "queued") return refused(c, outcome, 503);
      return c.json({ queued: true }, 202);
    }),
  );
}
