import { describe, expect, it } from "vitest";
import { asksForPerson } from "./person-wish";

describe("asksForPerson", () => {
  it.each([
    "kan jag prata med en människa?",
    "Kan jag få prata med en riktig person",
    "jag vill tala med en säljare",
    "säljare",
    "En människa tack!",
    "riktig person?",
    "handläggare",
    "koppla mig till en säljare",
    "snacka med någon hos er?",
    "kan jag chatta med en rådgivare",
    "Talk to a human",
    "can I speak with a real person?",
    "human please",
    "I want to talk to someone",
    "connect me to an agent",
    "orkar inte med en bot, koppla mej till en person",
    "this bot is useless, get me an actual human",
    "finns det nån människa ledig just nu som kan ta över",
    "ge mig en människa",
    "nej, jag vill prata med en människa",
    "No, I want to talk to a human",
  ])("routes %j to a person", (text) => expect(asksForPerson(text)).toBe(true));

  it.each([
    "är ni riktiga människor bakom Emma?",
    "är du en människa?",
    "hur många säljare har ni?",
    "kan er chattbot ersätta våra handläggare?",
    "jag vill inte prata med en säljare",
    "vad kostar det?",
    "pris",
    "vi har tre säljare som svarar i telefon och vill automatisera",
    "are you a human?",
    "can we do this without talking to a salesperson",
    "hej",
    "när har ni tid att snacka nån dag?",
    "jag behöver support",
    "nej tack, jag vill inte prata med någon",
    "vi behöver ingen säljare, bara en offert",
    "nej tack, ingen människa",
    "I don't need a salesperson",
    "no thanks, no human needed",
    "hur många konsulter jobbar hos er?",
    "",
  ])("does not route %j", (text) => expect(asksForPerson(text)).toBe(false));
});
