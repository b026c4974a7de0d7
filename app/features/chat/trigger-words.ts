import { containsAnyKeyword } from "~/lib/keyword-match";

/** Spec §4: a user message with one of these opens the lead form after 1 s (matched at word starts: decision 013). */
export const TRIGGER_WORDS = ["ja", "gärna", "skicka*", "info*", "kontakta*", "boka*", "intresserad*", "vill veta mer"];

export const LEAD_FORM_DELAY_MS = 1000;

export function hasTriggerWord(message: string): boolean {
  return containsAnyKeyword(message, TRIGGER_WORDS);
}
