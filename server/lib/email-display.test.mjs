import { describe, expect, it } from "vitest";
import { displayEmail } from "./email-display.mjs";

describe("an address as the sales team reads it", () => {
  it("shows a domain in its own letters only when they are the Latin letters of European languages", () => {
    expect(displayEmail("anna@xn--fjllbo-cua.se")).toBe("anna@fjällbo.se");
    expect(displayEmail("anna@fjällbo.se")).toBe("anna@fjällbo.se");
    expect(displayEmail("Anna.Berg@Firma.se")).toBe("Anna.Berg@Firma.se");
  });

  it("shows punycode for a domain that mixes scripts or is written in letters that look Latin", () => {
    // A Cyrillic о in volvo, as a visitor may type it or a browser sends it.
    expect(displayEmail("ceo@v\u043elvo.se")).toBe("ceo@xn--vlvo-55d.se");
    expect(displayEmail("ceo@xn--vlvo-55d.se")).toBe("ceo@xn--vlvo-55d.se");
    expect(displayEmail("ceo@\u0430\u0440\u0440\u04cf\u0435.com")).toMatch(/^ceo@xn--[a-z0-9-]+\.com$/);
    expect(displayEmail("ceo@v\u0251lvo.se")).toMatch(/^ceo@xn--/);
  });

  it("leaves what is no address as it is", () => {
    expect(displayEmail("")).toBe("");
    expect(displayEmail("ingen adress")).toBe("ingen adress");
  });
});
