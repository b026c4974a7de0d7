import type { Lead } from "./lead";

// What the site's AI endpoint sends the chat to show when Emma's model used a tool
// (server/emma/tools.mjs, decision 070): UI, never text to print.
interface Slot {
  start: string;
  label: string;
}
type Meeting = "video" | "phone";

export type ToolUi =
  | { type: "times"; times: Slot[]; more: boolean; meeting: Meeting }
  | { type: "booking"; slot: Slot; meeting: Meeting; lead?: Lead }
  | { type: "lead-form"; lead?: Lead }
  | { type: "handoff" };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isSlot = (v: unknown): v is Slot => isObject(v) && typeof v.start === "string" && typeof v.label === "string";
const isMeeting = (v: unknown): v is Meeting => v === "video" || v === "phone";

function leadOf(v: unknown): Lead | undefined {
  if (!isObject(v)) return undefined;
  const text = (k: string) => (typeof v[k] === "string" ? (v[k] as string).slice(0, 300) : "");
  return { name: text("name"), email: text("email"), phone: text("phone"), company: text("company") };
}

/** The UI a server event describes, or null for anything else. */
export function toolUi(value: unknown): ToolUi | null {
  if (!isObject(value)) return null;
  const meeting = isMeeting(value.meeting) ? value.meeting : "video";
  if (value.type === "times" && Array.isArray(value.times) && value.times.every(isSlot))
    return { type: "times", times: value.times.slice(0, 10), more: value.more === true, meeting };
  if (value.type === "booking" && isSlot(value.slot))
    return { type: "booking", slot: value.slot, meeting, lead: leadOf(value.lead) };
  // The contract of issue 53 names it `kind`; Emma's other tools say `type`.
  if (value.type === "handoff" || value.kind === "handoff") return { type: "handoff" };
  if (value.type === "lead-form") return { type: "lead-form", lead: leadOf(value.lead) };
  return null;
}

/** Details a booking can go straight to its summary with (a call back also needs the number). */
export const completeLead = (lead: Lead | undefined, meeting: Meeting): lead is Lead =>
  Boolean(lead?.name.trim() && lead.email.trim() && (meeting !== "phone" || lead.phone.trim()));
