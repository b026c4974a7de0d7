/**
 * Keyword matching on Swedish text. JavaScript's `\b` only knows ASCII letters, so `\bpå\b` would
 * see a boundary inside 'påminnelse'; these patterns use Unicode letter classes instead.
 *
 * A keyword is a word or phrase, matched case-insensitively where it starts a word. It must also
 * end a word, unless it ends in `*`, which allows an inflected or compound ending
 * ('pris*' matches 'priset' and 'prisförslag', never 'spris').
 */
const cache = new Map<string, RegExp>();

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function keywordPattern(keyword: string): RegExp {
  let re = cache.get(keyword);
  if (!re) {
    const stem = keyword.endsWith("*");
    const body = escape((stem ? keyword.slice(0, -1) : keyword).trim().toLocaleLowerCase("sv")).replace(/\s+/g, "\\s+");
    re = new RegExp(`(?<![\\p{L}\\p{N}])${body}${stem ? "" : "(?![\\p{L}\\p{N}])"}`, "u");
    cache.set(keyword, re);
  }
  return re;
}

/** The text lower-cased the Swedish way, with Unicode normalised so 'ä' typed as a + ¨ matches. */
export function normalizeText(text: string): string {
  return text.normalize("NFC").toLocaleLowerCase("sv");
}

export function containsKeyword(text: string, keyword: string): boolean {
  return keywordPattern(keyword).test(normalizeText(text));
}

export function containsAnyKeyword(text: string, keywords: readonly string[]): boolean {
  const normalized = normalizeText(text);
  return keywords.some((k) => keywordPattern(k).test(normalized));
}
