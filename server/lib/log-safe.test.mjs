import { describe, expect, it } from "vitest";
import { safeForLog } from "./log-safe.mjs";

describe("safeForLog", () => {
  it("escapes control characters, line separators and bidi overrides", () => {
    expect(safeForLog("a\nb\r\tc")).toBe("a\\nb\\r\\tc");
    expect(safeForLog("\u001b[2J\u0007\u007f\u0085")).toBe("\\x1b[2J\\x07\\x7f\\x85");
    expect(safeForLog("x\u2028y\u202ez")).toBe("x\\u2028y\\u202ez");
    expect(safeForLog("Åsa Öberg <åsa@exempel.se>")).toBe("Åsa Öberg <åsa@exempel.se>");
    expect(safeForLog("a\u200eb\u061cc\u200bd\u2060e\u{e0041}f")).toBe("a\\u200eb\\u061cc\\u200bd\\u2060e\\u{e0041}f");
    expect(safeForLog("Emma 😀 ÅÄÖ")).toBe("Emma 😀 ÅÄÖ");
  });

  it("keeps at most the given number of characters and says how many were left out", () => {
    expect(safeForLog("x".repeat(60_000), 40)).toBe(`${"x".repeat(40)}…(+59960 chars)`);
    expect(safeForLog(undefined)).toBe("");
  });
});
