import { describe, expect, it } from "vitest";
import { isEmail } from "#common/email-address.mjs";

describe("one e-mail address", () => {
  it("refuses ? & = % before the @: a mailto: link would read them as its own headers", () => {
    for (const address of [
      "ceo%40volvo.se?bcc=boss@evil.example",
      "ceo?bcc=boss@evil.example",
      "ceo&bcc=boss@evil.example",
      "cc=boss@evil.example",
      "ceo%3Fbcc@evil.example",
    ]) {
      expect(isEmail(address), address).toBe(false);
    }
  });

  it("still takes the addresses people have", () => {
    for (const address of ["anna.berg+ai@firma.se", "o'brien@sub.firma.co.uk", "åsa@fjällbo.se", "a_b-c@x.se"]) {
      expect(isEmail(address), address).toBe(true);
    }
  });
});
