import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { DeliveryStatus } from "~/components/ui/use-delivery";
import { site } from "~/config/site";
import { cannedReplyGroups } from "~/content/canned-replies";
import { chatCopy } from "~/content/chat";
import { cannedReply } from "~/lib/canned-reply";
import { reportAi, reportChatOpened, reportLead, reportQuestion } from "~/lib/insights-report";
import { conversation, type ChatMessage } from "~/lib/conversation-store";
import { loadKnowledge } from "~/lib/knowledge/load-knowledge";
import { askAi, askSiteAi, type AiResult } from "./ai-client";
import { fallbackReply, siteReplyText } from "./answer-ladder";
import { loadAiKey } from "./chat-settings";
import { leadPayload, type Lead } from "./lead";
import { hasTriggerWord, LEAD_FORM_DELAY_MS } from "./trigger-words";

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

  async function ask(text: string, history: ChatMessage[]) {
    request.current?.abort(); // a new question replaces the old one
    const controller = new AbortController();
    request.current = controller;
    setThinking(true);
    let botId: string | null = null;
    const show = (t: string) => {
      if (botId) conversation.update(botId, t);
      else botId = conversation.append({ type: "bot", text: t }).id;
    };
    const final = await answer(text, history, controller.signal, show);
    if (final !== null) show(final);
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
  ): Promise<string | null> {
    const key = loadAiKey();
    if (key) return replyText(reportAi(await askAi({ key, history, message: text, signal, onDelta })));
    const knowledge = await loadKnowledge();
    if (signal.aborted) return null;
    const fromSite = (failure?: Extract<AiResult, { ok: false }>) =>
      fallbackReply(text, knowledge?.search(text) ?? [], failure);
    if (!knowledge?.siteAi) return fromSite();
    const result = reportAi(await askSiteAi({ history, message: text, signal, onDelta }));
    return siteReplyText(result, () => fromSite(result.ok ? undefined : result));
  }

  function send(raw: string): boolean {
    const text = raw.trim();
    if (!text) return false;
    const history = conversation.getSnapshot();
    conversation.append({ type: "user", text });
    if (hasTriggerWord(text) && !leadFormShown && !leadTimer.current) {
      leadTimer.current = setTimeout(() => {
        leadTimer.current = null;
        setLeadFormShown(true);
      }, LEAD_FORM_DELAY_MS);
    }
    const canned = cannedReply(text, cannedReplyGroups);
    if (canned) reportQuestion(text, "site");
    if (canned) conversation.append({ type: "bot", text: canned.reply });
    else void ask(text, history);
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
