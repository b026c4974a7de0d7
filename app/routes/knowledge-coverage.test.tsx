import { renderToString } from "preact-render-to-string";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { uncoveredSentences } from "#common/page-passages.mjs";
import { sitePages } from "~/config/routes";
import { knowledgeArtifact } from "~/content/knowledge";
import App from "~/root";
import { exampleQuestions } from "../../evals/emma/manifest";
import { pagesText } from "../../scripts/lib/page-text.mjs";

// Issue 52 item 4: every sentence a public page shows is in some passage of Emma's knowledge.
const routeModules = import.meta.glob<{ default: () => null }>("./*.tsx", { eager: true });

/** A public page as the prerender renders it: the shell around the route's component. */
function renderPage(path: string, module: string) {
  const Page = routeModules[`./${module.replace(/^routes\//, "")}`]?.default;
  if (!Page) throw new Error(`no route module ${module}`);
  const child = path === "/" ? { index: true, Component: Page } : { path: path.slice(1), Component: Page };
  const Stub = createRoutesStub([{ path: "/", Component: App, children: [child] }] as never);
  return renderToString(<Stub initialEntries={[path]} />);
}

const rendered = sitePages.map((p) => ({ path: p.path, title: p.title, html: renderPage(p.path, p.module) }));
const pages = pagesText(rendered);
const artifact = knowledgeArtifact({ examples: exampleQuestions, pages });

describe("Emma knows every word the site shows", () => {
  it("reads text from every public page, the header and footer once", () => {
    for (const p of sitePages) expect(pages.find((t) => t.path === p.path)?.sections.length, p.path).toBeGreaterThan(0);
    const shells = pages.flatMap((p) => p.sections).filter((s) => s.shell);
    expect(shells.flatMap((s) => s.lines)).toContain("© 2024 Nordlys AI. Alla rättigheter förbehållna.");
    expect(new Set(shells.flatMap((s) => s.lines)).size).toBe(shells.flatMap((s) => s.lines).length);
  });

  it("has every visible sentence of every public page in some passage", () => {
    expect(uncoveredSentences(pages, artifact.passages)).toEqual([]);
  });

  it("gives the pages' passages what every passage has: an own id and question, a link of the site's shape", () => {
    for (const key of ["id", "question"] as const)
      expect(new Set(artifact.passages.map((p) => p[key])).size).toBe(artifact.passages.length);
    for (const p of artifact.passages) expect(p.href, p.id).toMatch(/^\/[a-z-]*(#[a-z]+)?$/);
  });

  it("fails for a sentence a page shows and the knowledge lacks, until the build reads the page again", () => {
    const sentence = "Varje fredag bjuder vi besökare på kanelbullar i Stockholm.";
    const html = rendered[0]!.html.replace("</main>", `<section><h2>Fika</h2><p>${sentence}</p></section></main>`);
    const changed = pagesText([{ ...rendered[0]!, html }, ...rendered.slice(1)]);
    expect(uncoveredSentences(changed, artifact.passages)).toEqual([
      expect.objectContaining({ path: "/", heading: "Fika", sentence }),
    ]);
    const rebuilt = knowledgeArtifact({ examples: exampleQuestions, pages: changed });
    expect(uncoveredSentences(changed, rebuilt.passages)).toEqual([]);
    expect(rebuilt.passages.find((p) => p.answer.includes(sentence))).toMatchObject({ title: "Fika", href: "/" });
  });

  it("knows the copy shown only after a click: the carousel, the demos' scripts, the booking", () => {
    const known = artifact.passages.map((p) => `${p.title} ${p.answer}`).join("\n");
    expect(known).toContain("Artificiell intelligens är den nya elektriciteten.” – Andrew Ng");
    expect(known).toContain("föreslår ett kort möte på torsdag");
    expect(artifact.passages.find((p) => p.id === "automation-script")?.text).toContain("Har du 15 minuter på torsdag");
    expect(known).toMatch(/Personalisering: 98\s%/);
    expect(known).toContain("Välj en tid så får du en kalenderinbjudan direkt. Utan vald tid hör vi av oss.");
  });
});
