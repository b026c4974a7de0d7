import { describe, expect, it } from "vitest";
import { MIN_FILL_MS, spamVerdict, THROTTLE_MAX, THROTTLE_WINDOW_MS } from "./spam-guard";
import { isEmail } from "~/lib/email-address";
import { validate } from "./validation";

const rules = {
  name: { label: "Namn", required: true, max: 5 },
  email: { label: "E-post", required: true, email: true, max: 254 },
  company: { label: "Företag", max: 10 },
};

describe("validate", () => {
  it("requires required fields after trimming", () => {
    expect(validate({ name: "  ", email: "", company: "" }, rules)).toEqual({
      name: "Fyll i namn.",
      email: "Fyll i e-post.",
    });
  });
  it("checks e-mail shape and length", () => {
    expect(validate({ name: "Anna", email: "anna@", company: "x".repeat(11) }, rules)).toEqual({
      email: expect.stringContaining("giltig e-postadress"),
      company: "Högst 10 tecken.",
    });
    expect(isEmail("anna.berg@företag.se")).toBe(true);
    expect(isEmail("anna berg@x.se")).toBe(false);
  });
  it("passes valid values", () => {
    expect(validate({ name: "Anna", email: "a@b.se", company: "" }, rules)).toEqual({});
  });
});

describe("spamVerdict", () => {
  const base = { honeypot: "", shownAt: 0, now: MIN_FILL_MS + 1, recentSends: [] as number[] };
  it("lets people through", () => expect(spamVerdict(base)).toBe("ok"));
  it("drops a filled honeypot and a too fast submit", () => {
    expect(spamVerdict({ ...base, honeypot: "http://spam" })).toBe("bot");
    expect(spamVerdict({ ...base, now: MIN_FILL_MS - 1 })).toBe("bot");
  });
  it("throttles floods within the window only", () => {
    const now = THROTTLE_WINDOW_MS * 2;
    const recent = Array.from({ length: THROTTLE_MAX }, (_, i) => now - 1000 * (i + 1));
    expect(spamVerdict({ ...base, now, recentSends: recent })).toBe("throttled");
    expect(spamVerdict({ ...base, now, recentSends: recent.map((t) => t - THROTTLE_WINDOW_MS) })).toBe("ok");
  });
});
