// Emma's text as she showed it in the chat, for the sales team: paragraphs, lists, **bold** and
// [links](/path). The transcript comes from the visitor's browser, so only the site's own paths
// become links; any other shows its full address as text (decision 058). Never HTML.

export type Inline =
  { type: "text"; text: string } | { type: "bold"; text: string } | { type: "link"; href: string; text: string };
export type Block = { type: "p"; inlines: Inline[] } | { type: "ul" | "ol"; items: Inline[][] };

const LINK = /\[([^\]\n]{1,200})\]\(([^\s()<>"']{1,2000})\)/g;

/** A link Emma gave to a path of the site itself; anything else stays text. */
export function safeHref(raw: string): string | null {
  return /^\/(?![/\\])/.test(raw) ? raw : null;
}

function inlines(text: string): Inline[] {
  const out: Inline[] = [];
  text.split(/\*\*(.+?)\*\*/gs).forEach((part, i) => {
    if (!part) return;
    if (i % 2 === 1) return void out.push({ type: "bold", text: part });
    let last = 0;
    for (const m of part.matchAll(LINK)) {
      if (m.index > last) out.push({ type: "text", text: part.slice(last, m.index) });
      const href = safeHref(m[2] ?? "");
      out.push(href ? { type: "link", href, text: m[1] ?? "" } : { type: "text", text: `${m[1]} (${m[2]})` });
      last = m.index + m[0].length;
    }
    if (last < part.length) out.push({ type: "text", text: part.slice(last) });
  });
  return out;
}

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

export function emmaBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: "p", inlines: inlines(paragraph.join("\n")) });
    paragraph = [];
  };
  for (const line of text.split(/\r?\n/)) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      flush();
      const kind = bullet ? "ul" : "ol";
      const last = blocks[blocks.length - 1];
      if (last && last.type === kind) last.items.push(inlines(item[1] ?? ""));
      else blocks.push({ type: kind, items: [inlines(item[1] ?? "")] });
    } else if (line.trim() === "") flush();
    else paragraph.push(line);
  }
  flush();
  return blocks;
}
