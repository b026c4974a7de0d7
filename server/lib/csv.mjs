// CSV that a spreadsheet reads as text (OWASP's CSV injection guidance): every field quoted,
// quotes doubled, and a formula start (= + - @ tab CR LF) neutralised with an apostrophe at the
// start of the field and after every ',' or ';', so neither separator can start a formula cell.
const FORMULA_START = /(^|[,;]["'\s]*)([=+\-@\t\r\n])/g;

/** @param {unknown} value */
export function csvField(value) {
  const text = String(value ?? "").replace(FORMULA_START, "$1'$2");
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * Rows as CSV (RFC 4180: comma, CRLF, every field quoted).
 * @param {unknown[][]} rows
 */
export function toCsvText(rows) {
  return `${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/**
 * One row as a CSV line with CRLF; `separator` ";" for Swedish Excel, which reads "," as a
 * decimal comma and puts a comma-separated row in one column.
 * @param {unknown[]} row
 * @param {"," | ";"} [separator]
 */
export const csvLine = (row, separator = ",") => `${row.map(csvField).join(separator)}\r\n`;
