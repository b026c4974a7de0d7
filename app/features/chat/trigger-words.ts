import { containsAnyKeyword } from "~/lib/keyword-match";

/**
 * Spec §4: a user message containing one of these makes the lead form appear after 1 s.
 *
 * Decision: the spec says the lowercase text 'contains' the words. Matched as plain substrings,
 * 'ja' would fire on every 'jag' and 'info' on 'infon' in any sentence, so the form would pop up
 * for almost any Swedish message. They are matched where a word starts instead: 'ja' and 'gärna'
 * as whole words, the verbs and 'info'/'intresserad' also with endings (skickar, bokar,
 * information, intresserade), 'vill veta mer' as a phrase.
 */
export const TRIGGER_WORDS = ["ja", "gärna", "skicka*", "info*", "kontakta*", "boka*", "intresserad*", "vill veta mer"];

export const LEAD_FORM_DELAY_MS = 1000;

export function hasTriggerWord(message: string): boolean {
  return containsAnyKeyword(message, TRIGGER_WORDS);
}
