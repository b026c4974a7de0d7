// What could forge, hide or reorder a printed line: one rule for the logs and `npm run inbox` (decision 020).
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\u{e0000}-\u{e007f}]/gu;

const escape = (ch) => {
  if (ch === "\n") return "\\n";
  if (ch === "\r") return "\\r";
  if (ch === "\t") return "\\t";
  const code = ch.codePointAt(0) ?? 0;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, "0")}`;
  return code <= 0xffff ? `\\u${code.toString(16).padStart(4, "0")}` : `\\u{${code.toString(16)}}`;
};

/** `keepLines` keeps line feeds and tabs, for text shown whole in a terminal. @param {unknown} value */
export function escapeUnsafe(value, { keepLines = false } = {}) {
  return String(value ?? "").replace(UNSAFE, (ch) => (keepLines && (ch === "\n" || ch === "\t") ? ch : escape(ch)));
}

/** @param {unknown} value */
export function safeForLog(value, max = 120) {
  const text = String(value ?? "");
  const cut = text.length > max ? text.slice(0, max) : text;
  const escaped = escapeUnsafe(cut);
  return text.length > max ? `${escaped}…(+${text.length - max} chars)` : escaped;
}
