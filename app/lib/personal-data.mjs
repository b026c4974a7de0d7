/** Longest question kept, in characters (the rest is cut). */
export const MAX_QUESTION_CHARS = 500;
/** The placeholders that replace personal data in a kept question. */
export const REMOVED = { email: "[e-post]", phone: "[telefon]", personalNumber: "[personnummer]" };

const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]*[a-z]/giu;
// Personnummer and samordningsnummer: (YY)YYMMDD, an optional - or +, four digits.
const PERSONAL_NUMBER = /(?<!\d)(?:19|20)?\d{2}[01]\d[0-9]\d[-+ ]?\d{4}(?!\d)/gu;
// Seven or more digits, with spaces, dashes, dots, slashes or brackets between, an optional + first.
const PHONE = /(?<![\d\w])(?:\+|00)?\(?\d(?:[\s\-./()]{0,3}\d){6,}(?!\d)/gu;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A visitor's question as it may be kept: e-mail addresses, personal identity numbers and phone
 * numbers replaced by placeholders, control characters and runs of spaces made one space, and at
 * most MAX_QUESTION_CHARS characters.
 * @param {string} text
 */
export function removePersonalData(text) {
  const cleaned = String(text ?? "")
    .replace(CONTROL, " ")
    .replace(EMAIL, REMOVED.email)
    .replace(PERSONAL_NUMBER, REMOVED.personalNumber)
    .replace(PHONE, REMOVED.phone)
    .replace(/\s+/gu, " ")
    .trim();
  return [...cleaned].slice(0, MAX_QUESTION_CHARS).join("");
}
