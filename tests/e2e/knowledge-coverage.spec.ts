import { readFileSync } from "node:fs";
import { uncoveredSentences } from "../../common/page-passages.mjs";
import { sitePages } from "../../app/config/routes";
import { readPagesText } from "../../scripts/lib/site-config.mjs";
import { expect, test } from "./fixtures";

// Issue 52 item 4 on the build itself: every sentence the prerendered pages show is in a passage of
// what the build ships (knowledge.json, with each passage's full text from assistant.json).
test("every visible sentence of the built pages is in Emma's knowledge", async () => {
  const knowledge = JSON.parse(readFileSync("build/client/knowledge.json", "utf8"));
  const { texts } = JSON.parse(readFileSync("build/assistant.json", "utf8"));
  const passages = knowledge.passages.map((p: { id: string }) => ({ ...p, text: texts[p.id] }));
  const pages = await readPagesText("build", sitePages);
  expect(pages.filter((p) => p.sections.length).map((p) => p.path)).toEqual(
    expect.arrayContaining(sitePages.map((p) => p.path)),
  );
  expect(uncoveredSentences(pages, passages)).toEqual([]);
});
