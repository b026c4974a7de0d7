import type { ChatMessage } from "~/lib/conversation-store";

export interface Offer {
  times: { start: string; label: string }[];
  kind: "video" | "phone";
}

/** The free times Emma offered last, unless a booking was made after them (finding 9 of issue 51). */
export function offeredTimes(messages: readonly ChatMessage[]): Offer | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.booked) return null;
    if (m.type === "bot" && m.times?.length) return { times: m.times, kind: m.meeting ?? "video" };
  }
  return null;
}
