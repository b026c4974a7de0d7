import { domainToASCII, domainToUnicode } from "node:url";

// The letters of Swedish and the other European languages written in Latin script: a label of
// only these reads as it is; any other letter may stand in for a Latin one (a Cyrillic о).
const READABLE_LABEL = /^[a-z0-9\u00df-\u00f6\u00f8-\u00ff\u0100-\u017f-]+$/u;

/**
 * An address as the sales team reads it (the operator's page, the team's mails): the domain in
 * its own letters when every label is readable Latin (`anna@fjällbo.se`), else in punycode
 * (`ceo@xn--vlvo-55d.se`), so a look-alike domain never looks like the real one (decision 058).
 * @param {unknown} email
 */
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
