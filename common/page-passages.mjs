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
const searchable = (p) => normalized(`${p.title}\n${p.answer}\n${p.text ?? ""}`);

/**
 * The sentences of the pages in no passage's title, answer or text, labels aside.
 * @param {PageText[]} pages
 * @param {{ title: string, answer: string, text?: string }[]} passages
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

/**
 * Passages for what the hand-written ones lack: per page and heading, the sentences in none of
 * them, up to three to a passage, each with its whole section as the AI's text.
 * @param {PageText[]} pages
 * @param {{ title: string, answer: string, text?: string }[]} written
 * @returns {PageSource[]}
 */
export function pageSources(pages, written) {
  const missing = uncoveredSentences(pages, written);
  /** @type {PageSource[]} */
  const sources = [];
  for (const page of pages) {
    page.sections.forEach((section, s) => {
      const own = missing.filter((m) => m.section === section);
      // A line without a stop (a heading, a status) reads as a sentence of its own in an answer.
      const sentences = [...new Set(own.map((m) => (/[.!?]$/.test(m.sentence) ? m.sentence : `${m.sentence}.`)))];
      const heading = section.heading || page.title;
      const text = section.lines.join("\n");
      for (let i = 0; i < sentences.length; i += MAX_SENTENCES) {
        sources.push({
          id: `page-${slug(page.path)}${section.shell ? "-shell" : ""}-${s + 1}-${i / MAX_SENTENCES + 1}`,
          title: heading,
          text,
          answer: sentences.slice(i, i + MAX_SENTENCES).join(" "),
          href: section.shell || !section.anchor ? page.path : `${page.path}#${section.anchor}`,
          linkLabel: page.title,
          question: heading.endsWith("?") ? heading : `${heading} – vad står det?`,
        });
      }
    });
  }
  return sources;
}
