// CSV that a spreadsheet reads as text (OWASP's CSV injection guidance): every field quoted,
// quotes doubled, and a formula start (= + - @ tab CR LF, their full-width and small forms, after
// any spaces) neutralised with an apostrophe at the start of the field and after every ',' or ';'.
const FORMULA_START = /(^|[,;])([\p{Zs}"']*)([=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/gu;

/** @param {unknown} value */
export function csvField(value) {
  const text = String(value ?? "").replace(FORMULA_START, "$1$2'$3");
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * One row as a CSV line with CRLF; `separator` ";" for Swedish Excel, which reads "," as a
 * decimal comma and puts a comma-separated row in one column.
 * @param {unknown[]} row
 * @param {"," | ";"} [separator]
 */
export const csvLine = (row, separator = ",") => `${row.map(csvField).join(separator)}\r\n`;
