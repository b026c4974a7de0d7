// The pages' visible text as Emma's passages, and the coverage rule: every sentence a page shows
// is in the searchable part (title or answer) of some passage (decision 073).

/**
 * @typedef {{ heading: string, anchor: string, lines: string[], shell?: boolean }} PageSection
 * @typedef {{ path: string, title: string, sections: PageSection[] }} PageText
 * @typedef {{ id: string, title: string, text: string, answer: string, href: string, linkLabel: string,
 *   question: string }} PageSource
 */

/** A line's sentences; a full stop inside a word ("www.imy.se", "AI:s") ends none. */
export function sentencesOf(line) {
  return (line.match(/(?:[^.!?]|[.!?](?![.!?]*(?:\s|$)))+(?:[.!?]+(?=\s|$)|$)/gu) ?? [line])
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Text as the rule compares it: lower case, one kind of space, quote and dash, no end stop. */
export function normalized(text) {
  return text
    .toLowerCase()
    .replace(/[\u00a0\u202f\s]+/g, " ")
    .replace(/[”“„"'’‘«»]/g, "")
    .replace(/[–—]/g, "-")
    .replace(/[.!?:]+(?=\s|$)/g, "")
    .trim();
}

/** A label, a button or a figure ("Förnamn", "Skicka", "21x", "0/2000"): under three words, no sentence. */
export function isLabel(sentence) {
  return (sentence.match(/\p{L}{2,}/gu) ?? []).length < 3;
}

/** What the knowledge path searches and shows of a passage: its title and answer. */
const searchable = (p) => normalized(`${p.title}\n${p.answer ?? ""}\n${p.text ?? ""}`);

/**
 * The sentences of the pages in no passage's title, answer or text, labels aside.
 * @param {PageText[]} pages
 * @param {{ title: string, answer?: string, text?: string }[]} passages
 */
export function uncoveredSentences(pages, passages) {
  const known = passages.map(searchable).join("\n");
  const missing = [];
  for (const page of pages)
    for (const section of page.sections)
      for (const line of section.lines)
        for (const sentence of sentencesOf(line))
          if (!isLabel(sentence) && !known.includes(normalized(sentence)))
            missing.push({ path: page.path, heading: section.heading, sentence, section });
  return missing;
}

const MAX_SENTENCES = 3;
const slug = (path) => path.replace(/^\//, "").replace(/[^a-z0-9]+/g, "-") || "home";
const pathOf = (href) => href.split("#")[0] || "/";
/** A page passage's question, as a suggestion: its heading, or what else is under it. */
const questionOf = (heading, n) =>
  n === 0
    ? heading.endsWith("?")
      ? heading
      : `Vad står det under ”${heading}”?`
    : `Vad står det mer under ”${heading}”${n > 1 ? ` (${n})` : ""}?`;
const stopped = (sentence) => (/[.!?]$/.test(sentence) ? sentence : `${sentence}.`);

/**
 * The pages' sentences in no written passage, added: to the written passage of the same page
 * whose title is the section's heading (or, for text under no heading or a heading alone, to the
 * page's first), as more text for the AI; else as passages of their own, up to three sentences
 * each, searchable by their heading. A written passage keeps its tuned title and answer.
 * @template {{ title: string, answer?: string, text: string, href: string }} W
 * @param {PageText[]} pages
 * @param {W[]} written
 * @returns {{ written: W[], added: PageSource[] }}
 */
export function withPageText(pages, written) {
  const missing = uncoveredSentences(pages, written);
  const extra = written.map(() => /** @type {string[]} */ ([]));
  /** @type {PageSource[]} */
  const added = [];
  for (const page of pages) {
    const onPage = written.flatMap((w, i) => (pathOf(w.href) === page.path ? [i] : []));
    page.sections.forEach((section, s) => {
      const sentences = [...new Set(missing.filter((m) => m.section === section).map((m) => stopped(m.sentence)))];
      if (!sentences.length) return;
      const titled = onPage.find((i) => normalized(written[i]?.title ?? "") === normalized(section.heading));
      const headingAlone = sentences.length === 1 && normalized(sentences[0] ?? "") === normalized(section.heading);
      const home = titled ?? (!section.heading || section.shell || headingAlone ? onPage[0] : undefined);
      if (home !== undefined) {
        extra[home]?.push(...sentences);
        return;
      }
      const heading = section.heading || page.title;
      for (let i = 0; i < sentences.length; i += MAX_SENTENCES) {
        added.push({
          id: `page-${slug(page.path)}-${s + 1}-${i / MAX_SENTENCES + 1}`,
          title: heading,
          text: section.lines.join("\n"),
          answer: sentences.slice(i, i + MAX_SENTENCES).join(" "),
          // The site's links name a section by a word ("/#services"), never a heading's id.
          href: /^[a-z]+$/.test(section.anchor) ? `${page.path}#${section.anchor}` : page.path,
          linkLabel: page.title,
          question: questionOf(heading, i / MAX_SENTENCES),
        });
      }
    });
  }
  return {
    written: written.map((w, i) => (extra[i]?.length ? { ...w, text: `${w.text}\n${extra[i]?.join(" ")}` } : w)),
    added,
  };
}
