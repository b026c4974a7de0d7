// @vitest-environment node
import { describe, expect, it } from "vitest";
import { csvField } from "./csv.mjs";

/** The cells a spreadsheet may see in a field, split on either separator, as it starts them. */
const cellStarts = (field) =>
  field
    .slice(1, -1)
    .replace(/""/g, '"')
    .split(/[;,]/)
    .map((cell) => cell.replace(/^["'\s]+/u, (lead) => (lead.includes("'") ? "'" : "")).normalize("NFKC"));

describe("csvField", () => {
  it.each([
    [" =1+2", "space"],
    ["\u00a0=1+2", "no-break space"],
    ["\u3000=1+2", "ideographic space"],
    ["\t =1+2", "tab and space"],
    ["\uff1d1+2", "full-width equals"],
    ["\uff0b1", "full-width plus"],
    ["\uff0d1", "full-width minus"],
    ["\uff20SUM(1)", "full-width at"],
    ["\ufe661+2", "small equals"],
    ["\u3000\uff1d1+2", "ideographic space, full-width equals"],
    ["a; =1+2", "space after a semicolon"],
    ["a,\u00a0\uff1d1", "no-break space and full-width equals after a comma"],
    ['x, "\u3000+3', "a quote and an ideographic space after a comma"],
  ])("neutralises %j (%s)", (value) => {
    const field = csvField(value);
    for (const start of cellStarts(field)) expect(start).not.toMatch(/^[=+\-@]/);
    expect(field.replace(/'/g, "")).toBe(`"${value.replace(/"/g, '""')}"`);
  });

  it("leaves text that starts no formula as it is", () => {
    for (const value of ["Anna Berg", "Pris: 500 kr", "a = b", "x-y", "e-post@firma.se"]) {
      expect(csvField(value)).toBe(`"${value}"`);
    }
  });
});
