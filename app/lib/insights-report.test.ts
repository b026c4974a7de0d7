import { describe, expect, it } from "vitest";
import { reportWindow, REPORTS_PER_MINUTE } from "./insights-report";
import { REPORT_LIMITS } from "../../server/routes/insights/report.mjs";

describe("the reports a page sends", () => {
  it("stay within the server's limit per visitor, and send again once the minute has passed", () => {
    expect(REPORTS_PER_MINUTE).toBe(REPORT_LIMITS.perClient.points);
    expect(REPORT_LIMITS.perClient.duration).toBe(60);
    const fits = reportWindow();
    const sent = Array.from({ length: 25 }, (_, i) => fits(1_000 + i * 100)).filter(Boolean);
    expect(sent).toHaveLength(REPORTS_PER_MINUTE);
    expect(fits(60_999)).toBe(false);
    expect(fits(61_000)).toBe(true); // the first went out at 1,000
    expect(fits(61_050)).toBe(false);
    expect(fits(61_100)).toBe(true);
  });
});
