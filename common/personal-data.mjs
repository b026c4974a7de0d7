/** Longest question kept, in characters (the rest is cut). */
export const MAX_QUESTION_CHARS = 500;
/** The placeholders that replace personal data in a kept question. */
export const REMOVED = { email: "[e-post]", phone: "[telefon]", personalNumber: "[personnummer]" };

// The patterns run on the folded text (see fold): ASCII digits and dashes, NFKC's @ and spaces.
const NOT_ADDRESS = String.raw`\s@<>()[\]{}"',;:\u0000`;
const AT = String.raw`(?:[^\S\n]*@[^\S\n]*|[^\S\n]*[([{][^\S\n]*(?:at|snabel-?a)[^\S\n]*[)\]}][^\S\n]*)`;
const EMAIL = new RegExp(String.raw`(?:"[^"\n@]{1,64}"|[^${NOT_ADDRESS}]+)${AT}[^${NOT_ADDRESS}]*[\p{L}\p{N}]`, "giu");
// Personnummer and samordningsnummer: (YY)YYMMDD, an optional - + _ or space, four digits.
const PERSONAL_NUMBER = /(?<!\d)(?:19|20)?\d{2}[01]\d[0-9]\d[-+ _]?\d{4}(?!\d)/gu;
// Seven or more digits, with spaces, dashes, dots, slashes or brackets between, an optional + first.
const PHONE = /(?<![\d\w])(?:\+|00)?\(?\d(?:[\s\-./()]{0,3}\d){6,}(?!\d)/gu;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** A digit of any script as its value: the digits of a script are ten code points in a row. */
function digitValue(digit) {
  const cp = /** @type {number} */ (digit.codePointAt(0));
  let before = 0;
  while (before < 60 && /\p{Nd}/u.test(String.fromCodePoint(cp - before - 1))) before++;
  return String(before % 10);
}

/** One character as the patterns see it: NFKC, any digit and dash as ASCII, no format characters. */
const foldChar = (ch) =>
  ch
    .normalize("NFKC")
    .replace(/\p{Nd}/gu, (d) => (d <= "9" ? d : digitValue(d)))
    .replace(/[\p{Pd}\u2212]/gu, "-")
    .replace(/\p{Cf}/gu, "");

/** The folded text, and for each of its code units the original's [start, end) it came from. */
function fold(text) {
  let folded = "";
  /** @type {[number, number][]} */
  const origin = [];
  for (let i = 0; i < text.length;) {
    const ch = String.fromCodePoint(/** @type {number} */ (text.codePointAt(i)));
    const f = foldChar(ch);
    for (let j = 0; j < f.length; j++) origin.push([i, i + ch.length]);
    folded += f;
    i += ch.length;
  }
  return { folded, origin };
}

/**
 * A visitor's question as it may be kept: e-mail addresses, personal identity numbers and phone
 * numbers replaced by placeholders (found in the folded text, so other scripts' digits, dashes and
 * full-width forms hide nothing), control characters and runs of spaces made one space, and at
 * most MAX_QUESTION_CHARS characters.
 * @param {string} text
 */
export function removePersonalData(text) {
  const original = String(text ?? "").replace(CONTROL, " ");
  let { folded, origin } = fold(original);
  /** @type {{ start: number, end: number, placeholder: string }[]} */
  const found = [];
  for (const [pattern, placeholder] of /** @type {const} */ ([
    [EMAIL, REMOVED.email],
    [PERSONAL_NUMBER, REMOVED.personalNumber],
    [PHONE, REMOVED.phone],
  ])) {
    folded = folded.replace(pattern, (match, ...rest) => {
      const at = /** @type {number} */ (rest.at(-2));
      found.push({ start: origin[at][0], end: origin[at + match.length - 1][1], placeholder });
      // Masked, so a later pattern cannot find the digits of one already removed.
      return "\u0000".repeat(match.length);
    });
  }
  found.sort((a, b) => a.start - b.start);
  let kept = "";
  let from = 0;
  for (const f of found) {
    kept += original.slice(from, f.start) + f.placeholder;
    from = f.end;
  }
  const cleaned = (kept + original.slice(from)).replace(/\s+/gu, " ").trim();
  return [...cleaned].slice(0, MAX_QUESTION_CHARS).join("");
}
