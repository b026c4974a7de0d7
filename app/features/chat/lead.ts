import { chatCopy } from "~/content/chat";
import type { ChatMessage } from "~/lib/conversation-store";

/** Emma's lead (spec §3): name, email, phone, company. */
export interface Lead {
  name: string;
  email: string;
  phone: string;
  company: string;
}

/** The conversation as readable text for the sales team. */
export function transcript(messages: readonly ChatMessage[]): string {
  return messages
    .map((m) => {
      const who = m.type === "user" ? chatCopy.you : chatCopy.emma;
      return `${who}${m.via === "voice" ? ` (${chatCopy.spoken})` : ""}: ${m.text}`;
    })
    .join("\n");
}

/** The lead's fields of spec §3, and a subject for the template. */
export function leadPayload(
  lead: Lead,
  messages: readonly ChatMessage[],
  ctx: { salesEmail: string; page: string; now: Date },
): Record<string, string> {
  const name = lead.name.trim();
  return {
    to_email: ctx.salesEmail,
    from_name: name,
    from_email: lead.email.trim(),
    phone: lead.phone.trim(),
    company: lead.company.trim(),
    conversation: transcript(messages),
    timestamp: ctx.now.toISOString(),
    source: chatCopy.lead.source(ctx.page),
    message: chatCopy.lead.leadMessage(name),
    subject: chatCopy.lead.subject(name),
  };
}
