// A chat message as safe blocks (paragraphs, lists, **bold**, links): never HTML, and only links
// that the URL parser resolves to the site itself or to the hosts the site links to, mailto and tel.
import { site } from "~/config/site";

export type Inline =
  { type: "text"; text: string } | { type: "bold"; text: string } | { type: "link"; href: string; text: string };

export type Block = { type: "p"; inlines: Inline[] } | { type: "ul" | "ol"; items: Inline[][] };

const URL_RE = /https?:\/\/[^\s<>"']+/iu;
const EMAIL_RE = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/u;
// +46 8 123 45 67, 08-123 45 67, 070-123 45 67: a number starts with + or 0 and not inside another
// figure, so dates, amounts and versions are never phone links.
const PHONE_RE =
  /(?<![\p{L}\p{N}\-/.,])(?:\+\d{1,3}[\s-]?\(?0?\d{1,4}\)?|\(?0\d{1,4}\)?)(?:[\s-]?\d{2,4}){2,4}(?![\p{L}\p{N}])/u;

const hostOf = (url: string) => {
  try {
    return [new URL(url).host];
  } catch {
    return [];
  }
};
/** The other hosts the site itself links to (articles, social media). */
const EXTERNAL_HOSTS = new Set([site.articlesUrl, ...site.social.map((s) => s.href)].flatMap(hostOf));
const SITE_ORIGIN = hostOf(site.url).length ? new URL(site.url).origin : "";

/**
 * Where a link goes as the browser reads it (`/\evil.example` is another host): a path of the
 * site's own origin, an https address of a host the site links to, or null.
 */
export function safeHref(raw: string, ownOrigin: string = globalThis.location?.origin ?? SITE_ORIGIN): string | null {
  let url: URL;
  try {
    url = new URL(raw, `${ownOrigin}/`);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.origin === ownOrigin || url.origin === SITE_ORIGIN) return `${url.pathname}${url.search}${url.hash}`;
  return url.protocol === "https:" && EXTERNAL_HOSTS.has(url.host) ? url.href : null;
}

function trimUrl(url: string): string {
  return url.replace(/[.,!?;:)\]]+$/u, "");
}

const MD_LINK = /\[([^\]\n]{1,120})\]\(([^\s()<>"']{1,2000})\)/gu;

function linkify(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of text.matchAll(MD_LINK)) {
    out.push(...autolink(text.slice(last, m.index)));
    const href = safeHref(m[2] ?? "");
    out.push(href ? { type: "link", href, text: m[1] ?? "" } : { type: "text", text: m[1] ?? "" });
    last = m.index + m[0].length;
  }
  out.push(...autolink(text.slice(last)));
  return out;
}

function autolink(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const candidates = [
      { re: URL_RE, kind: "url" as const },
      { re: EMAIL_RE, kind: "email" as const },
      { re: PHONE_RE, kind: "phone" as const },
    ]
      .map(({ re, kind }) => ({ m: re.exec(rest), kind }))
      .filter((c): c is { m: RegExpExecArray; kind: "url" | "email" | "phone" } => c.m !== null)
      .filter((c) => c.kind !== "phone" || c.m[0].replace(/\D/g, "").length >= 8)
      .sort((a, b) => a.m.index - b.m.index);
    const first = candidates[0];
    if (!first) {
      out.push({ type: "text", text: rest });
      break;
    }
    let match = first.m[0];
    if (first.kind === "url") match = trimUrl(match);
    if (first.m.index > 0) out.push({ type: "text", text: rest.slice(0, first.m.index) });
    const href =
      first.kind === "url"
        ? safeHref(match)
        : first.kind === "email"
          ? `mailto:${match}`
          : `tel:${match.replace(/[^\d+]/g, "")}`;
    out.push(href ? { type: "link", href, text: match } : { type: "text", text: match });
    rest = rest.slice(first.m.index + match.length);
  }
  return out;
}

export function formatInline(text: string): Inline[] {
  const out: Inline[] = [];
  const parts = text.split(/\*\*(.+?)\*\*/gsu);
  parts.forEach((part, i) => {
    if (part === "") return;
    if (i % 2 === 1) out.push({ type: "bold", text: part });
    else out.push(...linkify(part));
  });
  return out;
}

const BULLET = /^\s*[-*•]\s+(.*)$/u;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/u;

export function formatMessage(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: "p", inlines: formatInline(paragraph.join("\n")) });
    paragraph = [];
  };
  for (const line of text.split(/\r?\n/)) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const kind = bullet ? "ul" : numbered ? "ol" : null;
    if (kind) {
      flush();
      const item = formatInline((bullet ?? numbered)![1] ?? "");
      const last = blocks[blocks.length - 1];
      if (last && last.type === kind) last.items.push(item);
      else blocks.push({ type: kind, items: [item] });
    } else if (line.trim() === "") {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
