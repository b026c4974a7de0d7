import { describe, expect, it } from "vitest";
import { formatSwedishDay, isoDay } from "./format-date";

describe("legal date", () => {
  it("formats a day in Swedish long format", () => {
    expect(formatSwedishDay("2026-11-22")).toBe("22 november 2026");
    expect(formatSwedishDay("2025-01-05")).toBe("5 januari 2025");
  });
  it("writes every month as Intl does for sv-SE", () => {
    const intl = new Intl.DateTimeFormat("sv-SE", { day: "numeric", month: "long", year: "numeric" });
    for (let month = 0; month < 12; month++) {
      const date = new Date(2026, month, month + 1);
      expect(formatSwedishDay(isoDay(date))).toBe(intl.format(date));
    }
  });
  it("takes the local calendar day", () => {
    expect(isoDay(new Date(2026, 0, 9, 23, 59))).toBe("2026-01-09");
  });
});
