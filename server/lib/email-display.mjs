import { domainToASCII, domainToUnicode } from "node:url";

// The Latin letters of European languages; any other may stand in for a Latin one (a Cyrillic о).
const READABLE_LABEL = /^[a-z0-9\u00df-\u00f6\u00f8-\u00ff\u0100-\u017f-]+$/u;

/** Punycode unless readable Latin: a look-alike never looks real (decision 058). @param {unknown} email */
export function displayEmail(email) {
  const text = typeof email === "string" ? email : "";
  const at = text.lastIndexOf("@");
  const domain = text.slice(at + 1);
  if (at < 0 || (/^[\x21-\x7e]*$/.test(domain) && !/(^|\.)xn--/i.test(domain))) return text;
  const ascii = domainToASCII(domain);
  if (!ascii) return text;
  const unicode = domainToUnicode(ascii);
  const shown = unicode.split(".").every((label) => READABLE_LABEL.test(label)) ? unicode : ascii;
  return `${text.slice(0, at)}@${shown}`;
}
