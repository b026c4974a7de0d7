import { payloadFields } from "#common/form-fields.mjs";
import { bookingCopy } from "~/content/booking";
import { chatCopy } from "~/content/chat";
import type { ChatMessage } from "~/lib/conversation-store";

/** Emma's lead (spec §3): name, email, phone, company. */
export interface Lead {
  name: string;
  email: string;
  phone: string;
  company: string;
}

/** A transcript's most, in UTF-8 bytes: EmailJS takes 50 KB of params, and the lead needs room too. */
export const MAX_TRANSCRIPT_BYTES = 40_000;

const bytes = (s: string) => new TextEncoder().encode(s).length;

/** The conversation for the sales team: the newest turns within `max` bytes, noting any left out. */
export function transcript(messages: readonly ChatMessage[], max = MAX_TRANSCRIPT_BYTES): string {
  const lines = messages.map((m) => {
    const who = m.type === "user" ? chatCopy.you : (m.agent ?? chatCopy.emma);
    return `${who}${m.via === "voice" ? ` (${chatCopy.spoken})` : ""}: ${m.text}`;
  });
  const whole = lines.join("\n");
  if (bytes(whole) <= max) return whole;
  const kept: string[] = [];
  let used = bytes(chatCopy.lead.transcriptCut);
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    const size = bytes(line) + 1;
    if (used + size > max) {
      // A single turn longer than what is left: its end, which the turns after it follow on from.
      if (kept.length === 0) kept.unshift(lastBytes(line, max - used - 1));
      break;
    }
    kept.unshift(line);
    used += size;
  }
  return [chatCopy.lead.transcriptCut, ...kept].join("\n");
}

/** The end of `text` that fits in `max` UTF-8 bytes, never splitting a character. */
function lastBytes(text: string, max: number): string {
  const chars = Array.from(text);
  let used = 0;
  let start = chars.length;
  while (start > 0 && used + bytes(chars[start - 1]!) <= max) used += bytes(chars[--start]!);
  return chars.slice(start).join("");
}

/** The lead's fields of spec §3, and a subject; `wish` when times were offered and none chosen. */
export function leadPayload(
  lead: Lead,
  messages: readonly ChatMessage[],
  ctx: { salesEmail: string; page: string; now: Date; wish?: "video" | "phone" },
): Record<string, string> {
  const fields = payloadFields("lead", lead);
  const name = fields.from_name!;
  return {
    to_email: ctx.salesEmail,
    ...fields,
    conversation: transcript(messages),
    timestamp: ctx.now.toISOString(),
    source: chatCopy.lead.source(ctx.page),
    message: ctx.wish ? bookingCopy.chat.meetingWish(name, ctx.wish) : chatCopy.lead.leadMessage(name),
    subject: chatCopy.lead.subject(name),
  };
}
