// What Emma showed as safe blocks (paragraphs, lists, **bold**, links), in the chat and on /admin:
// never HTML, and a link only where the caller's link policy allows it (decision 058).
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

/** Which links a reader gets. */
export interface LinkPolicy {
  /** Where a [label](address) or a bare address may go, or null: it stays text. */
  href: (raw: string) => string | null;
  /** Bare web and e-mail addresses and phone numbers become links. */
  autolink: boolean;
  /** A refused [label](address) shows its address after the label. */
  showRefused: boolean;
}

/** The visitor's chat: the site, the hosts it links to, e-mail and phone numbers. */
export const chatLinks: LinkPolicy = { href: (raw) => safeHref(raw), autolink: true, showRefused: false };

/** The sales team's copy comes from the visitor's browser: only the site's own paths are links. */
export const teamLinks: LinkPolicy = {
  href: (raw) => (/^\/(?![/\\])/.test(raw) ? raw : null),
  autolink: false,
  showRefused: true,
};

function trimUrl(url: string): string {
  return url.replace(/[.,!?;:)\]]+$/u, "");
}

const MD_LINK = /\[([^\]\n]{1,200})\]\(([^\s()<>"']{1,2000})\)/gu;

function linkify(text: string, links: LinkPolicy): Inline[] {
  const out: Inline[] = [];
  const rest = (part: string) =>
    links.autolink ? autolink(part, links) : part ? [{ type: "text" as const, text: part }] : [];
  let last = 0;
  for (const m of text.matchAll(MD_LINK)) {
    out.push(...rest(text.slice(last, m.index)));
    const [label = "", address = ""] = [m[1], m[2]];
    const href = links.href(address);
    const shown = links.showRefused ? `${label} (${address})` : label;
    out.push(href ? { type: "link", href, text: label } : { type: "text", text: shown });
    last = m.index + m[0].length;
  }
  out.push(...rest(text.slice(last)));
  return out;
}

function autolink(text: string, links: LinkPolicy): Inline[] {
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
        ? links.href(match)
        : first.kind === "email"
          ? `mailto:${match}`
          : `tel:${match.replace(/[^\d+]/g, "")}`;
    out.push(href ? { type: "link", href, text: match } : { type: "text", text: match });
    rest = rest.slice(first.m.index + match.length);
  }
  return out;
}

export function formatInline(text: string, links: LinkPolicy = chatLinks): Inline[] {
  const out: Inline[] = [];
  const parts = text.split(/\*\*(.+?)\*\*/gsu);
  parts.forEach((part, i) => {
    if (part === "") return;
    if (i % 2 === 1) out.push({ type: "bold", text: part });
    else out.push(...linkify(part, links));
  });
  return out;
}

const BULLET = /^\s*[-*•]\s+(.*)$/u;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/u;

export function formatMessage(text: string, links: LinkPolicy = chatLinks): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: "p", inlines: formatInline(paragraph.join("\n"), links) });
    paragraph = [];
  };
  for (const line of text.split(/\r?\n/)) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const kind = bullet ? "ul" : numbered ? "ol" : null;
    if (kind) {
      flush();
      const item = formatInline((bullet ?? numbered)![1] ?? "", links);
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
