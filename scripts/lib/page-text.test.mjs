import { describe, expect, it } from "vitest";
import { pagesText, visibleText } from "./page-text.mjs";

const page = (main, shell = "<footer><p>Nordlys AI hjälper svenska företag.</p></footer>") =>
  `<!DOCTYPE html><html><head><title>T</title><script>var x = "hidden";</script></head><body>
  <header><nav><a href="/">Tjänster</a><a href="/om-oss">Om oss</a></nav></header><main id="main">${main}</main>${shell}</body></html>`;

describe("visibleText", () => {
  it("keeps what a visitor sees, by heading, with the nearest id as anchor", () => {
    const { sections } = visibleText(
      page(`<section id="story"><h2>Vår historia</h2><p>Det började 2019 med en <strong>enkel</strong> fråga.</p>
      <ul><li>Första punkten här.</li><li>Andra punkten här.</li></ul></section>`),
    );
    expect(sections).toEqual([
      {
        heading: "Vår historia",
        anchor: "story",
        lines: ["Vår historia", "Det började 2019 med en enkel fråga.", "Första punkten här.", "Andra punkten här."],
      },
    ]);
  });

  it("skips scripts, styles, noscript, hidden, aria-hidden and screen-reader-only text, and controls' labels", () => {
    const { sections } = visibleText(
      page(`<h1>Rubrik</h1><style>.a{}</style><noscript>Slå på JavaScript.</noscript>
      <p hidden>Dold text här.</p><span aria-hidden="true">Dekoration här nu</span><span class="sr-only">Bara för skärmläsare.</span>
      <button>Skicka meddelande nu</button><a href="/">Läs mer om oss</a><p>Läs <a href="/x">villkoren</a> först.</p>`),
    );
    expect(sections.flatMap((s) => s.lines)).toEqual(["Rubrik", "Läs villkoren först."]);
  });

  it("parts elements set side by side with no space between", () => {
    const { sections } = visibleText(
      page(`<h2>Tjänst</h2><p><span>AI-Röstagenter</span><span>Svarar i telefon.</span></p>`),
    );
    expect(sections[0]?.lines).toEqual(["Tjänst", "AI-Röstagenter", "Svarar i telefon."]);
  });

  it("keeps the header, nav and footer apart from the page, once for all pages", () => {
    const pages = pagesText([
      { path: "/", title: "Start", html: page("<h1>Ett</h1><p>Första sidans mening här.</p>") },
      { path: "/b", title: "B", html: page("<h1>Två</h1><p>Andra sidans mening här.</p>") },
    ]);
    const shell = pages.flatMap((p) => p.sections.filter((s) => s.shell).map((s) => [p.path, s.lines]));
    expect(shell).toEqual([["/", ["Nordlys AI hjälper svenska företag."]]]);
  });
});
