import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { DeliveryStatus } from "~/components/ui/use-delivery";
import { site } from "~/config/site";
import { cannedPassageId, cannedReplyGroups, type CannedReplyGroup } from "~/content/canned-replies";
import { chatCopy } from "~/content/chat";
import { cannedReply } from "~/lib/canned-reply";
import { reportAi, reportChatOpened, reportLead, reportQuestion } from "~/lib/insights-report";
import { conversation, type ChatMessage } from "~/lib/conversation-store";
import { loadKnowledge } from "~/lib/knowledge/load-knowledge";
import { askAi, askSiteAi, type AiResult } from "./ai-client";
import { fallbackReply, knowledgeReply, onlyAsksForContact, siteReplyText, type Reply } from "./answer-ladder";
import { loadAiKey } from "./chat-settings";
import { leadPayload, type Lead } from "./lead";
import { hasTriggerWord, LEAD_FORM_DELAY_MS } from "./trigger-words";

interface AskOptions {
  /** The lead form is on screen, or about to be. */
  leadForm: boolean;
  passageId?: string;
  /** The canned group whose keywords the message has (spec §4). */
  canned?: CannedReplyGroup | null;
}

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
 * Emma's conversation and lead capture. The answer ladder (docs/decisions/014): a canned reply;
 * else the visitor's own key straight to the provider; else the site's AI endpoint, streamed;
 * else a knowledge answer from the site's content; else the spec's API-key message.
 */
export function useChat() {
  const messages = useSyncExternalStore(
    conversation.subscribe,
    conversation.getSnapshot,
    conversation.getServerSnapshot,
  );
  const [thinking, setThinking] = useState(false);
  const [leadFormShown, setLeadFormShown] = useState(false);
  const request = useRef<AbortController | null>(null);
  const leadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(reportChatOpened, []);
  // Closing the panel (unmount) aborts an answer in flight and a pending lead form.
  useEffect(
    () => () => {
      request.current?.abort();
      if (leadTimer.current) clearTimeout(leadTimer.current);
    },
    [],
  );

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
    if (final !== null) show(final.text, final.suggestions);
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
    { leadForm, passageId, canned }: AskOptions,
  ): Promise<Reply | null> {
    const key = passageId ? null : loadAiKey();
    const ownKey = async (k: string) => {
      const result = replyText(reportAi(await askAi({ key: k, history, message: text, signal, onDelta })));
      return result === null ? null : { text: result };
    };
    if (key && !canned) return ownKey(key);
    const knowledge = await loadKnowledge();
    if (signal.aborted) return null;
    // A keyword group answers a message about its topic; where the site's content covers it
    // better, or it is off-topic, the message is asked as any other (decision 025).
    if (canned && (!knowledge || knowledge.fits(text, cannedPassageId(canned.group)))) {
      reportQuestion(text, "site");
      return { text: canned.reply };
    }
    if (key) return ownKey(key);
    // A suggestion's button answers with its passage.
    const chosen = passageId ? knowledge?.passage(passageId) : undefined;
    if (chosen) return { text: knowledgeReply({ passage: chosen }, leadForm) };
    // Only yes, or "contact me": the lead form is the answer, never a passage.
    if (knowledge && onlyAsksForContact(text, knowledge)) return { text: chatCopy.replies.leadAck };
    const asked = history.filter((m) => m.type === "user").map((m) => m.text);
    const fromSite = (failure?: Extract<AiResult, { ok: false }>) =>
      fallbackReply(text, knowledge?.answer(text, asked) ?? { tier: "none" }, failure, { leadForm });
    if (!knowledge?.siteAi) return fromSite();
    const result = reportAi(await askSiteAi({ history, message: text, signal, onDelta }));
    return siteReplyText(result, () => fromSite(result.ok ? undefined : result));
  }

  /** Sends the visitor's message; `passageId` when it is a suggestion's question (its answer is known). */
  function send(raw: string, passageId?: string): boolean {
    const text = raw.trim();
    if (!text) return false;
    const history = conversation.getSnapshot();
    conversation.append({ type: "user", text });
    const trigger = hasTriggerWord(text);
    if (trigger && !leadFormShown && !leadTimer.current) {
      leadTimer.current = setTimeout(() => {
        leadTimer.current = null;
        setLeadFormShown(true);
      }, LEAD_FORM_DELAY_MS);
    }
    const canned = passageId ? null : cannedReply(text, cannedReplyGroups);
    void ask(text, history, { leadForm: trigger || leadFormShown, passageId, canned });
    return true;
  }

  /** The lead's params: the lead, the conversation so far, this page and the time. */
  function leadParams(lead: Lead): Record<string, string> {
    return leadPayload(lead, conversation.getSnapshot(), {
      salesEmail: site.salesEmail,
      page: window.location.pathname,
      now: new Date(),
    });
  }

  /** Sent or safely kept: the form closes and Emma says so (spec §4); otherwise it stays filled. */
  function leadDone(status: DeliveryStatus) {
    if (status !== "sent" && status !== "queued") return;
    reportLead();
    setLeadFormShown(false);
    conversation.append({
      type: "bot",
      text: status === "sent" ? chatCopy.lead.thanksMessage : chatCopy.lead.queuedMessage,
    });
  }

  function newConversation() {
    request.current?.abort();
    request.current = null;
    if (leadTimer.current) clearTimeout(leadTimer.current);
    leadTimer.current = null;
    setThinking(false);
    setLeadFormShown(false);
    conversation.clear();
  }

  return {
    messages,
    thinking,
    leadFormShown,
    send,
    leadParams,
    leadDone,
    hideLeadForm: () => setLeadFormShown(false),
    newConversation,
  };
}
