// The live takeover (decision 074): a visitor's handoff, whom it is offered to, the minute it waits, its lead when
// nobody takes it (once, whichever instance or timer gets there first) and the transcript mailed to the visitor.
import { createConversations } from "../adapters/store/conversations.mjs";
import { safeForLog } from "../lib/log-safe.mjs";
import { logLine } from "../lib/logger.mjs";
import { systemClock } from "../lib/clock.mjs";
import { isOpen, leadRecord, PLAIN_COPY, transcriptMail, WAIT_SECONDS, whomToAsk } from "./rules.mjs";

export const SWEEP_MS = 5000;
/** A held conversation nobody wrote in for this long is ended (the admin list lets it go). */
export const IDLE_MS = 30 * 60_000;

/** @param {{ store: any, live: ReturnType<typeof import("../live/hub.mjs").createLive>, now?: () => Date,
 *   copy?: typeof PLAIN_COPY, nameOf?: (accountId: string) => Promise<string | null>, notifications?: any,
 *   log?: (line: string) => void, open?: (at: Date) => boolean }} options */
export function createTakeover({
  store,
  live,
  now = store.now ?? systemClock,
  copy = PLAIN_COPY,
  nameOf = async () => null,
  notifications = null,
  log = logLine,
  open = isOpen,
}) {
  const conversations = createConversations(store, { now });
  let timer;

  /** Listening first: a salesperson online on another instance is heard of through the hub. */
  const availability = async () => {
    await live.ready();
    const isOpenNow = open(now());
    const online = live.online().length;
    // `mail`: whether the transcript can be mailed to the visitor (SMTP configured).
    return { open: isOpenNow, online, ask: isOpenNow && online > 0, mail: Boolean(notifications?.reply) };
  };

  /** Kept as an inbox lead; its id, or null when the store refused it (logged). */
  async function keepLead(record, channels) {
    const result = await store.addMessage(record, channels ? { channels } : undefined);
    if (result.status !== "stored") {
      log(`takeover: a conversation's lead was not kept (${result.status})`);
      return null;
    }
    notifications?.kick?.();
    return result.id;
  }

  /** The lead of a conversation nobody took: the winner of waiting → missed writes it. @param {any} conversation */
  async function leadOf(conversation, reason = "missed") {
    const lines = await conversations.linesAfter(conversation.id, 0);
    const id = await keepLead(
      leadRecord({
        lines,
        reason,
        name: conversation.visitorName,
        email: conversation.visitorEmail,
        page: conversation.page,
        at: now(),
        copy,
      }),
    );
    if (id) await conversations.setMessage(conversation.id, id);
    return id;
  }

  async function miss(id, askedBefore) {
    const missed = await conversations.miss(id, askedBefore);
    if (missed) await leadOf(missed);
    return missed;
  }

  /** Waiting a minute → missed with its lead; held and silent for IDLE_MS → ended; one instance a round. */
  async function sweep() {
    if (!(await store.claimJob("conversation-sweep", SWEEP_MS))) return 0;
    const cutoff = new Date(now().getTime() - WAIT_SECONDS * 1000);
    let count = 0;
    for (const id of await conversations.dueIn("waiting", cutoff)) if (await miss(id, cutoff)) count++;
    const idle = new Date(now().getTime() - IDLE_MS);
    for (const id of await conversations.dueIn("held", idle)) if (await conversations.endIdle(id, idle)) count++;
    return count;
  }

  return {
    conversations,
    availability,

    /** @param {{ lines: { author: "visitor" | "emma", text: string }[], page: string | null, name: string | null, email: string | null }} start */
    async handoff({ lines, page, name, email }) {
      const now_ = await availability();
      if (!now_.ask) {
        const reason = now_.open ? "nobody" : "closed";
        await keepLead(leadRecord({ lines, reason, name, email, page, at: now(), copy }));
        return { state: "unavailable", reason };
      }
      const online = live.online();
      const ownerId = email ? await conversations.ownerOf(email) : null;
      const offeredTo =
        ownerId && online.includes(ownerId)
          ? ownerId
          : await conversations.rotate((lastAsked) => whomToAsk({ online, lastAsked }));
      const { id, token } = await conversations.create({
        transcript: lines,
        page,
        visitorName: name,
        visitorEmail: email,
        offeredTo,
      });
      const offeredName = offeredTo ? await nameOf(offeredTo).catch(() => null) : null;
      return {
        id,
        token,
        state: "waiting",
        waitSeconds: WAIT_SECONDS,
        offeredTo: offeredName ? { name: offeredName } : null,
      };
    },

    /** The visitor's own minute ran out, or they gave up. @param {string} id */
    miss: (id) => miss(id),
    sweep,

    /** The conversation's record in the inbox (made now, without the team's notification, when there is none) with
     * its transcript mailed to `to` through the outbox's reply channel. @param {any} conversation @param {string} to */
    async mailTranscript(conversation, to) {
      if (!notifications?.reply) return "no-mail";
      const lines = await conversations.linesAfter(conversation.id, 0);
      let messageId = conversation.messageId;
      if (!messageId) {
        messageId = await keepLead(
          leadRecord({
            lines,
            reason: "transcript",
            name: conversation.visitorName,
            email: conversation.visitorEmail ?? to,
            page: conversation.page,
            at: now(),
            copy,
          }),
          [],
        );
        if (!messageId) return "unavailable";
        await conversations.setMessage(conversation.id, messageId);
      }
      const payload = transcriptMail({ lines, to, copy });
      await store.enqueueMail(messageId, {
        channel: "reply",
        key: `${messageId}:transcript:${conversation.id}:${lines.length}`,
        payload,
      });
      notifications.kick?.();
      return "queued";
    },

    start() {
      timer ??= setInterval(
        () => void sweep().catch((error) => log(`takeover: the sweep failed: ${safeForLog(error?.message ?? error)}`)),
        SWEEP_MS,
      );
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

/** @typedef {ReturnType<typeof createTakeover>} Takeover */
