// A formula start gets an apostrophe (OWASP's CSV injection guidance; decisions 020 and 035).
const FORMULA_START = /(^|[,;])([\p{Zs}"']*)([=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/gu;

/** @param {unknown} value */
export function csvField(value) {
  const text = String(value ?? "").replace(FORMULA_START, "$1$2'$3");
  return `"${text.replace(/"/g, '""')}"`;
}

/** ";" for Swedish Excel, which reads "," as a decimal comma. @param {unknown[]} row @param {"," | ";"} [separator] */
export const csvLine = (row, separator = ",") => `${row.map(csvField).join(separator)}\r\n`;
