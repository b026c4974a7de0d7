import { containsAnyKeyword } from "~/lib/keyword-match";

/**
 * A wish to meet (decision 047): "kan vi ses?", "boka ett möte", a call back ("kan ni ringa upp
 * mig imorgon förmiddag?") or a buying moment ("vi vill komma igång"). Matched at word starts
 * like the spec's trigger words (decision 013).
 */
const MEET = [
  "ses",
  "träffas",
  "träffa er",
  "träffa dig",
  "möte*",
  "mötet",
  "boka*",
  "bokning*",
  "15-minuters*",
  "videosamtal",
  "demo av",
  "prata med någon",
  "prata med nån",
  "prata med en säljare",
  "komma igång",
  "offert*",
];
const CALL_BACK = [
  "ring upp",
  "ringa upp",
  "ring mig",
  "ringa mig",
  "ringer upp",
  "ringer mig",
  "uppringd",
  "ringa tillbaka",
  "ring tillbaka",
];
/** The words of a wished time the server reads (server/lib/booking/wish.mjs). */
const WHEN =
  /(?<![\p{L}\p{N}])(i ?dag|i ?morgon|övermorgon|måndag|tisdag|onsdag|torsdag|fredag|nästa vecka|förmiddag(?:en)?|eftermiddag(?:en)?)(?![\p{L}\p{N}])/giu;

export interface MeetingIntent {
  kind: "video" | "phone";
  /** The wished time's words, e.g. "imorgon förmiddag", or "". */
  when: string;
}

export function meetingIntent(message: string): MeetingIntent | null {
  const phone = containsAnyKeyword(message, CALL_BACK);
  if (!phone && !containsAnyKeyword(message, MEET)) return null;
  const when = [...message.toLowerCase().matchAll(WHEN)].map((m) => m[1]!.replace(/\s+/g, " ")).join(" ");
  return { kind: phone ? "phone" : "video", when };
}
