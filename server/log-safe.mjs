// Control characters, bidi overrides and line separators, which could forge or hide log lines.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

const escape = (ch) => {
  if (ch === "\n") return "\\n";
  if (ch === "\r") return "\\r";
  if (ch === "\t") return "\\t";
  const code = ch.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
};

/**
 * A value as it may be printed in a log line: control characters escaped, at most `max`
 * characters of it, with a note of how many were left out.
 * @param {unknown} value
 */
export function safeForLog(value, max = 120) {
  const text = String(value ?? "");
  const cut = text.length > max ? text.slice(0, max) : text;
  const escaped = cut.replace(UNSAFE, escape);
  return text.length > max ? `${escaped}…(+${text.length - max} chars)` : escaped;
}
