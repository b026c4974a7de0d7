// A keyword matches where a word starts and ends a word unless it ends in `*` ('pris*': 'priset',
// never 'spris'), with Unicode letter classes: `\b` knows only ASCII (decision 013).
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

/** The text lower-cased with the keywords' matches (a '*' keyword's whole word) taken out. */
export function withoutKeywords(text: string, keywords: readonly string[]): string {
  return keywords.reduce(
    (rest, k) =>
      rest.replace(new RegExp(`${keywordPattern(k).source}${k.endsWith("*") ? "[\\p{L}\\p{N}]*" : ""}`, "gu"), " "),
    normalizeText(text),
  );
}

/**
 * One pattern for a list of keywords, matching where any of them would (a '*' keyword with its
 * whole word): a pattern per keyword costs a compilation of the Unicode classes each, which for
 * hundreds of keywords took a visible fraction of a second in a busy browser (decision 069).
 */
export function keywordsPattern(keywords: readonly string[], flags = "u"): RegExp {
  const body = (k: string) => escape(k.replace(/\*$/, "").trim().toLocaleLowerCase("sv")).replace(/\s+/g, "\\s+");
  const longestFirst = [...keywords].sort((a, b) => b.length - a.length);
  const stems = longestFirst.filter((k) => k.endsWith("*")).map(body);
  const whole = longestFirst.filter((k) => !k.endsWith("*")).map(body);
  const parts = [
    ...(stems.length ? [`(?:${stems.join("|")})[\\p{L}\\p{N}]*`] : []),
    ...(whole.length ? [`(?:${whole.join("|")})(?![\\p{L}\\p{N}])`] : []),
  ];
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${parts.join("|") || "(?!)"})`, flags);
}

/** `containsAnyKeyword` with a list's one pattern, made once. */
export function keywordTest(keywords: readonly string[]): (text: string) => boolean {
  const pattern = keywordsPattern(keywords);
  return (text) => pattern.test(normalizeText(text));
}
