import { describe, expect, it } from "vitest";
import { formatInline, formatMessage, safeHref, teamLinks } from "./rich-text";

describe("formatMessage", () => {
  it("keeps HTML and scripts as plain text", () => {
    expect(formatMessage('<img src=x onerror="window.__xss=1"><script>alert(1)</script>')).toEqual([
      { type: "p", inlines: [{ type: "text", text: '<img src=x onerror="window.__xss=1"><script>alert(1)</script>' }] },
    ]);
  });
  it("links Markdown links to the site's pages and the web, nothing else", () => {
    expect(formatInline("Se [Läs mer: Om oss](/om-oss#x).")).toEqual([
      { type: "text", text: "Se " },
      { type: "link", href: "/om-oss#x", text: "Läs mer: Om oss" },
      { type: "text", text: "." },
    ]);
    expect(formatInline("[a](https://www.linkedin.com/company/nordlysai)")).toEqual([
      { type: "link", href: "https://www.linkedin.com/company/nordlysai", text: "a" },
    ]);
    expect(formatInline("[a](https://example.se/a)")).toEqual([{ type: "text", text: "a" }]);
    for (const bad of ["[a](javascript:alert(1))", "[a](//evil.example)", "[a](data:text/html,x)"]) {
      expect(
        formatInline(bad).every((i) => i.type !== "link" || i.href.startsWith("http")),
        bad,
      ).toBe(true);
      expect(formatInline(bad).some((i) => i.type === "link" && i.href.startsWith("/"))).toBe(false);
    }
  });
  it("never makes javascript: links", () => {
    expect(formatInline("klicka javascript:alert(1)")).toEqual([{ type: "text", text: "klicka javascript:alert(1)" }]);
  });
  it("links web addresses without trailing punctuation, e-mail and phone numbers", () => {
    expect(formatInline("Se https://artiklar.nordlysai.se/a?b=1. Mejla hej@firma.se eller ring 08-123 45 67!")).toEqual(
      [
        { type: "text", text: "Se " },
        { type: "link", href: "https://artiklar.nordlysai.se/a?b=1", text: "https://artiklar.nordlysai.se/a?b=1" },
        { type: "text", text: ". Mejla " },
        { type: "link", href: "mailto:hej@firma.se", text: "hej@firma.se" },
        { type: "text", text: " eller ring " },
        { type: "link", href: "tel:081234567", text: "08-123 45 67" },
        { type: "text", text: "!" },
      ],
    );
    expect(formatInline("+46 70 123 45 67")).toEqual([
      { type: "link", href: "tel:+46701234567", text: "+46 70 123 45 67" },
    ]);
  });
  it("does not take short numbers, dates or amounts for phone numbers", () => {
    for (const text of [
      "10–20 dagar, 2024",
      "Lansering 2025-03-15, uppföljning 2025-04-01.",
      "Budget 50 000 000 kr eller 1 250 000 kr",
      "Version 2.10.2024 12 34",
    ])
      expect(formatInline(text)).toEqual([{ type: "text", text }]);
    expect(formatInline("Ring 0701234567 eller (08) 123 45 67")).toEqual([
      { type: "text", text: "Ring " },
      { type: "link", href: "tel:0701234567", text: "0701234567" },
      { type: "text", text: " eller " },
      { type: "link", href: "tel:081234567", text: "(08) 123 45 67" },
    ]);
  });
  it("renders bold, lists and paragraphs", () => {
    expect(formatMessage("**Tre steg:**\n- Kartlägg\n- Bygg\n\n1. Ett\n2. Två\nSlut")).toEqual([
      { type: "p", inlines: [{ type: "bold", text: "Tre steg:" }] },
      { type: "ul", items: [[{ type: "text", text: "Kartlägg" }], [{ type: "text", text: "Bygg" }]] },
      { type: "ol", items: [[{ type: "text", text: "Ett" }], [{ type: "text", text: "Två" }]] },
      { type: "p", inlines: [{ type: "text", text: "Slut" }] },
    ]);
  });
  it("links only what the URL parser resolves to the site or the hosts it links to", () => {
    const own = "https://www.nordlysai.se";
    for (const evil of [
      "/\\evil.example/p",
      "\\\\evil.example/p",
      "//evil.example/p",
      "/\t/evil.example",
      "https:/\\evil.example",
      "HTTPS://evil.example",
      "https://www.nordlysai.se.evil.example/",
      "https://www.nordlysai.se@evil.example/",
      "https://x:y@www.linkedin.com/",
      "http://www.linkedin.com/company/nordlysai",
      "javascript:alert(1)",
      "data:text/html,x",
    ])
      expect(safeHref(evil, own), evil).toBeNull();
    expect(safeHref("https:evil.example", "http://127.0.0.1:4173")).toBeNull();
    expect(safeHref("/om-oss#team", own)).toBe("/om-oss#team");
    expect(safeHref("om-oss?a=1", own)).toBe("/om-oss?a=1");
    expect(safeHref("https://www.nordlysai.se/kom-igang", "http://127.0.0.1:4173")).toBe("/kom-igang");
    expect(safeHref("/kom-igang", "http://127.0.0.1:4173")).toBe("/kom-igang");
    expect(safeHref("HTTPS://WWW.YOUTUBE.COM/@nordlysai", own)).toBe("https://www.youtube.com/@nordlysai");
    expect(formatInline("[x](/\\evil.example/p) och https://evil.example/a")).toEqual([
      { type: "text", text: "x" },
      { type: "text", text: " och " },
      { type: "text", text: "https://evil.example/a" },
    ]);
  });
});

describe("the sales team's link policy", () => {
  it("makes markdown links to the site's paths links, shows any other with its address, and links nothing bare", () => {
    expect(
      formatMessage(
        "Se **här**: [Läs mer: Våra tjänster](/#services) och [x](javascript:void) på https://evil.example\n- ett\n- två",
        teamLinks,
      ),
    ).toEqual([
      {
        type: "p",
        inlines: [
          { type: "text", text: "Se " },
          { type: "bold", text: "här" },
          { type: "text", text: ": " },
          { type: "link", href: "/#services", text: "Läs mer: Våra tjänster" },
          { type: "text", text: " och " },
          { type: "text", text: "x (javascript:void)" },
          { type: "text", text: " på https://evil.example" },
        ],
      },
      { type: "ul", items: [[{ type: "text", text: "ett" }], [{ type: "text", text: "två" }]] },
    ]);
    for (const href of ["//evil.example", "https://evil.example/x", "/\\evil.example"]) {
      expect(formatMessage(`[a](${href})`, teamLinks)[0]).toEqual({
        type: "p",
        inlines: [{ type: "text", text: `a (${href})` }],
      });
    }
  });
});
