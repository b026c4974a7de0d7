import { describe, expect, it } from "vitest";
import { hasTriggerWord } from "./trigger-words";

describe("hasTriggerWord", () => {
  it.each([
    "Ja",
    "ja, berätta mer",
    "Gärna!",
    "Kan du skicka mer?",
    "skickar ni offert",
    "Jag vill ha info",
    "mer information tack",
    "Kontakta mig",
    "Jag vill boka ett möte",
    "Vi är intresserade",
    "Jag är INTRESSERAD",
    "Jag vill veta mer",
  ])("fires on %s", (text) => expect(hasTriggerWord(text)).toBe(true));

  it.each(["Jag undrar över priset", "Hej", "Vad kostar det?", "Javascript", "bokföring"])(
    "does not fire on %s",
    (text) => expect(hasTriggerWord(text)).toBe(false),
  );
});
