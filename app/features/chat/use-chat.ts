import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { DeliveryStatus } from "~/components/ui/use-delivery";
import { site } from "~/config/site";
import { bookingCopy } from "~/content/booking";
import { cannedReplyGroups } from "~/content/canned-replies";
import { chatCopy } from "~/content/chat";
import { reportAi, reportChatOpened, reportLead, reportQuestion } from "~/lib/insights-report";
import { conversation, type ChatMessage } from "~/lib/conversation-store";
import { loadKnowledge } from "~/lib/knowledge/load-knowledge";
import { fetchSlots } from "~/lib/booking/booking-api";
import type { MeetingIntent } from "~/lib/booking/meeting-intent";
import { askAi, askSiteAi, type AiResult } from "./ai-client";
import {
  cannedReplyText,
  fallbackReply,
  knowledgeReply,
  siteReplyText,
  withoutGreeting,
  type Reply,
} from "./answer-ladder";
import { loadAiKey } from "./chat-settings";
import { leadPayload, type Lead } from "./lead";
import { offeredTimes, type Offer } from "./offered-times";
import { routeMessage } from "./route-message";
import { hasTriggerWord, LEAD_FORM_DELAY_MS } from "./trigger-words";
import { appendTimes, useMeeting } from "./use-meeting";
import { completeLead, type ToolUi } from "./tool-ui";
import { takeoverApi } from "./takeover-api";
import { useTakeover } from "./use-takeover";

interface AskOptions {
  /** The lead form is on screen, or about to be. */
  leadForm: boolean;
  passageId?: string;
  /** Only a yes or "contact me" (route-message.ts): the lead form is the answer. */
  consent?: boolean;
  /** A wish to meet the site's AI decides on with Emma's tools; without them, the times are offered. */
  intent?: MeetingIntent;
}

/** How long a canned reply waits for the knowledge to say whether it fits (decision 025). */
const CANNED_WAIT_MS = 400;

/** Emma had no answer: unsure ("Menar du…?"), no key, or the AI failed. */
const cannotAnswer = (reply: Reply) =>
  Boolean(reply.suggestions?.length) ||
  [chatCopy.replies.needsKey, chatCopy.replies.failed, chatCopy.replies.empty].includes(reply.text as never);

/** The text Emma shows for an AI answer, or null when nothing should be shown (an abort). */
export function replyText(result: AiResult): string | null {
  if (result.ok) return result.text.trim() ? result.text : chatCopy.replies.empty;
  if (result.kind === "aborted") return result.partial ? result.partial : null;
  if (result.partial) return `${result.partial}\n\n${chatCopy.replies.interrupted}`;
  // A key the provider refuses (401/403) is the visitor's to fix: say so, not just "try later".
  if (result.kind === "unauthorized") return chatCopy.replies.keyRejected;
  return chatCopy.replies.failed;
}

/**
 * Emma's conversation and lead capture. A message is routed first (route-message.ts, decision 069);
 * what gets neither times, the lead form nor a canned reply takes the answer ladder (decision 014).
 */
export function useChat() {
  const messages = useSyncExternalStore(
    conversation.subscribe,
    conversation.getSnapshot,
    conversation.getServerSnapshot,
  );
  const offer = offeredTimes(messages);
  const [thinking, setThinking] = useState(false);
  const [leadFormShown, setLeadFormState] = useState(conversation.leadFormOpen);
  const setLeadFormShown = (shown: boolean) => {
    conversation.setLeadFormOpen(shown);
    setLeadFormState(shown);
  };
  const request = useRef<AbortController | null>(null);
  // Details the model passed to a tool: the lead form opens filled in with them.
  const [leadDraft, setLeadDraft] = useState<Lead | null>(null);
  const meeting = useMeeting({
    showLeadForm: () => setLeadFormShown(true),
    hideLeadForm: () => setLeadFormShown(false),
    leadParams: (lead) => leadParams(lead),
  });
  const leadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const alive = useRef(true);
  const takeover = useTakeover({
    offerMeeting: (text) => void offerMeeting(text),
    showForm: (form) => (form === "lead" ? setLeadFormShown(true) : void offerMeeting(bookingCopy.chat.offer, false)),
    backToEmma: (text) => void route(text, conversation.getSnapshot().slice(0, -1), { leadForm: leadFormShown }),
  });

  useEffect(reportChatOpened, []);
  // Closing the panel (unmount) aborts an answer in flight and a pending lead form.
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      request.current?.abort();
      if (leadTimer.current) clearTimeout(leadTimer.current);
    };
  }, []);

  async function ask(text: string, history: ChatMessage[], options: AskOptions) {
    request.current?.abort(); // a new question replaces the old one
    const controller = new AbortController();
    request.current = controller;
    setThinking(true);
    let botId: string | null = null;
    const show = (t: string, suggestions?: Reply["suggestions"]) => {
      if (botId) conversation.update(botId, t);
      else botId = conversation.append({ type: "bot", text: t, ...(suggestions ? { suggestions } : {}) }).id;
    };
    const final = await answer(text, history, controller.signal, show, options);
    if (final !== null && (final.text.trim() || !final.ui?.length)) show(final.text, final.suggestions);
    if (final && botId && cannotAnswer(final)) void offerPerson(botId);
    for (const ui of final?.ui ?? []) showTool(ui, botId);
    if (request.current === controller) {
      request.current = null;
      setThinking(false);
    }
  }

  async function answer(
    text: string,
    history: ChatMessage[],
    signal: AbortSignal,
    onDelta: (t: string) => void,
    options: AskOptions,
  ): Promise<Reply | null> {
    const { leadForm, passageId, consent } = options;
    const key = loadAiKey();
    if (key && !passageId) {
      const result = replyText(reportAi(await askAi({ key, history, message: text, signal, onDelta })));
      return result === null ? null : { text: result };
    }
    // Only yes, or "contact me": the lead form is the answer, never a passage.
    if (consent) return { text: chatCopy.replies.leadAck };
    const knowledge = await loadKnowledge();
    if (signal.aborted) return null;
    // A suggestion's button answers with its passage.
    const chosen = passageId ? knowledge?.passage(passageId) : undefined;
    if (chosen) return { text: knowledgeReply({ passage: chosen }, leadForm) };
    if (knowledge?.declines(text)) return { text: chatCopy.replies.declined };
    const asked = history.filter((m) => m.type === "user").map((m) => m.text);
    const fromSite = (failure?: Extract<AiResult, { ok: false }>) => {
      const found = knowledge?.answer(withoutGreeting(text, cannedReplyGroups), asked);
      return fallbackReply(text, found ?? { tier: "none" }, failure, { leadForm });
    };
    if (!knowledge?.siteAi) return fromSite();
    const result = reportAi(await askSiteAi({ history, message: text, signal, onDelta }));
    const { intent } = options;
    if (intent && !result.ui?.length && (result.ok ? !result.tools : !result.partial && result.kind !== "aborted")) {
      await offerTimes(text, history, options, intent);
      return null;
    }
    return siteReplyText(result, () => fromSite(result.ok ? undefined : result));
  }

  /** Under an answer Emma could not give, "Prata med en människa" when someone can take it now. */
  async function offerPerson(botId: string) {
    const availability = await takeoverApi.availability();
    if (availability?.ask && alive.current) conversation.offerPerson(botId, true);
  }

  /** The free meeting's times under `text`, and a call-back (the lead form) unless `callBack` is false. */
  async function offerMeeting(text: string, callBack = true) {
    const shown = await appendTimes(text, "video");
    if (!alive.current) return;
    if (!shown.ok) conversation.append({ type: "bot", text });
    if (callBack || !shown.ok) setLeadFormShown(true);
  }

  /** Asks a salesperson to take over (the keyword route, Emma's tool, the button under a missed answer). */
  function askPerson() {
    for (const m of conversation.getSnapshot()) if (m.offerPerson) conversation.offerPerson(m.id, false);
    void takeover.start();
  }

  /** What a tool of Emma's shows: times under her answer, a held time's summary, the lead form. */
  function showTool(ui: ToolUi, botId: string | null) {
    const copy = bookingCopy.chat;
    if (ui.type === "handoff") return askPerson();
    if (ui.type === "times") {
      const times = { times: ui.times, more: ui.more, meeting: ui.meeting };
      if (botId && ui.times.length) conversation.offerTimes(botId, times);
      else conversation.append({ type: "bot", text: ui.times.length ? copy.offer : copy.none, ...times });
      if (!ui.times.length) setLeadFormShown(true);
      return;
    }
    setLeadDraft(ui.lead ?? null);
    if (ui.type === "booking") {
      void meeting.choose(ui.slot, ui.meeting, completeLead(ui.lead, ui.meeting) ? ui.lead : null);
      return;
    }
    if (!botId) conversation.append({ type: "bot", text: chatCopy.replies.leadAck });
    setLeadFormShown(true);
  }

  /**
   * Routes a message (decision 069). A wish to meet needs no knowledge to be known: it is met at
   * once (`meet`); the rest waits for the knowledge, up to CANNED_WAIT_MS.
   */
  async function route(text: string, history: ChatMessage[], options: AskOptions) {
    const byWords = routeMessage(text, null);
    if (byWords.to === "person") return askPerson();
    if (byWords.to === "times") return meet(text, history, options, byWords.meeting);
    const knowledge = await Promise.race([
      loadKnowledge(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), CANNED_WAIT_MS)),
    ]);
    if (!alive.current) return;
    const to = routeMessage(text, knowledge);
    if (to.to === "person") return askPerson();
    if (to.to === "times") return meet(text, history, options, to.meeting);
    if (to.to === "lead-form") {
      openLeadFormSoon();
      return ask(text, history, { ...options, leadForm: true, consent: true });
    }
    if (to.to === "answer") return ask(text, history, options);
    // A canned reply (spec §4) neither aborts nor is aborted by another answer.
    reportQuestion(text, "site");
    conversation.append({ type: "bot", text: cannedReplyText(to.group, options.leadForm) });
  }

  /** The spec's lead form, a second from now (spec §4), unless it is open or about to open. */
  function openLeadFormSoon() {
    if (conversation.leadFormOpen() || leadTimer.current) return;
    // Kept as open already: a reload within the second still finds the form Emma names.
    conversation.setLeadFormOpen(true);
    leadTimer.current = setTimeout(() => {
      leadTimer.current = null;
      setLeadFormShown(true);
    }, LEAD_FORM_DELAY_MS);
  }

  /**
   * A wish to meet: what the site says of it (if it knows), and the nearest free times (near the
   * wished day) as buttons. Without booking (a static host, BOOKING_ENABLED=false) it is asked
   * as any other message, as before.
   */
  async function offerTimes(text: string, history: ChatMessage[], options: AskOptions, intent: MeetingIntent) {
    request.current?.abort();
    setThinking(true);
    const copy = bookingCopy.chat;
    const [knowledge, shown] = await Promise.all([loadKnowledge(), fetchSlots({ when: intent.when })]);
    if (!alive.current) return;
    setThinking(false);
    if (!shown.ok && shown.reason === "off") return void ask(text, history, options);
    if (!shown.ok) {
      conversation.append({ type: "bot", text: copy.none });
      return setLeadFormShown(true);
    }
    const asked = history.filter((m) => m.type === "user").map((m) => m.text);
    const found = knowledge?.answer(withoutGreeting(text, cannedReplyGroups), asked);
    const sure = found?.tier === "sure" ? found.hits[0] : undefined;
    reportQuestion(text, "site");
    const offer = !shown.slots.length
      ? copy.none
      : shown.wish === "missed"
        ? copy.noneInWish
        : intent.kind === "phone"
          ? copy.callBackOffer
          : copy.offer;
    conversation.append({
      type: "bot",
      text: sure ? `${knowledgeReply(sure, options.leadForm)}\n\n${offer}` : offer,
      times: shown.slots.map(({ start, label }) => ({ start, label })),
      more: shown.more,
      meeting: intent.kind,
    });
    if (!shown.slots.length) setLeadFormShown(true);
  }

  /** A wish to meet: the site's AI with Emma's tools when the site has one, else the times at once. */
  async function meet(text: string, history: ChatMessage[], options: AskOptions, intent: MeetingIntent) {
    const knowledge = await loadKnowledge();
    if (!alive.current) return;
    if (knowledge?.siteAi && !loadAiKey()) return ask(text, history, { ...options, intent });
    return offerTimes(text, history, options, intent);
  }

  /** Sends the visitor's message; `passageId` when it is a suggestion's question (its answer is known). */
  function send(raw: string, passageId?: string): boolean {
    const text = raw.trim();
    if (!text) return false;
    // A salesperson is asked or holds the conversation: Emma is silent (no reply, no AI, no lead form).
    if (takeover.live) {
      void takeover.say(text);
      return true;
    }
    const history = conversation.getSnapshot();
    conversation.append({ type: "user", text });
    const trigger = hasTriggerWord(text);
    if (trigger && !leadFormShown) openLeadFormSoon();
    const options = { leadForm: trigger || leadFormShown, passageId };
    void (passageId ? ask(text, history, options) : route(text, history, options));
    return true;
  }

  /** The lead's params: the lead, the conversation so far, this page and the time. */
  function leadParams(lead: Lead, wish?: Offer["kind"]): Record<string, string> {
    return leadPayload(lead, conversation.getSnapshot(), {
      salesEmail: site.salesEmail,
      page: window.location.pathname,
      now: new Date(),
      ...(wish ? { wish } : {}),
    });
  }

  /** Sent or safely kept: the form closes and Emma says so (spec §4); otherwise it stays filled. */
  function leadDone(status: DeliveryStatus, lead: Lead) {
    if (status !== "sent" && status !== "queued") return;
    setLeadDraft(null);
    reportLead();
    setLeadFormShown(false);
    conversation.append({
      type: "bot",
      text: status === "sent" ? chatCopy.lead.thanksMessage : chatCopy.lead.queuedMessage,
    });
    // Sent while times were on offer and none chosen: the times again, to book with these details.
    if (offer) {
      meeting.remember(lead);
      void appendTimes(bookingCopy.chat.offerAgain, offer.kind);
    }
  }

  function newConversation() {
    request.current?.abort();
    request.current = null;
    if (leadTimer.current) clearTimeout(leadTimer.current);
    leadTimer.current = null;
    setThinking(false);
    setLeadFormShown(false);
    setLeadDraft(null);
    meeting.reset();
    takeover.forget();
    conversation.clear();
  }

  return {
    messages,
    offer,
    thinking,
    leadFormShown,
    leadDraft,
    send,
    leadParams,
    leadDone,
    collect: (lead: Lead, start: string) => meeting.submitDetails(lead, start, offer),
    hideLeadForm: () => setLeadFormShown(false),
    newConversation,
    meeting,
    takeover,
    askPerson,
  };
}
