import { describe, expect, it } from "vitest";
import { inlineStylesheets } from "./inline-css.mjs";

const page = `<html><head><title>T</title><style data-href="/assets/root-1.css"></style></head><body>x</body></html>`;

describe("inlineStylesheets", () => {
  it("fills the empty style element with the built file it names", () => {
    const read = (href) => (href === "/assets/root-1.css" ? "body{color:red}" : "?");
    expect(inlineStylesheets(page, read)).toBe(
      `<html><head><title>T</title><style data-href="/assets/root-1.css">body{color:red}</style></head><body>x</body></html>`,
    );
  });

  it("leaves a page without one alone", () => {
    expect(inlineStylesheets("<html><body>x</body></html>", () => "body{}")).toBe("<html><body>x</body></html>");
  });

  it("refuses a stylesheet that would end the style element early", () => {
    expect(() => inlineStylesheets(page, () => 'a::after{content:"</style>"}')).toThrow(/<\/style/);
  });
});
