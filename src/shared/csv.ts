/**
 * CSV cells and records as the server's exports and the admin's own downloads write them (RFC 4180), safe
 * to open in a spreadsheet.
 */

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`) or that starts with a tab or carriage
 * return (which some programs strip, exposing a formula behind them) is prefixed with `'`, so it shows as the
 * text it is (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export interface CsvOptions {
  /**
   * Also quote cells holding a semicolon, the separator spreadsheets use in many European locales, so a file
   * opened there keeps each cell whole. The server's exports keep their lists (`a; b`) unquoted.
   */
  quoteSemicolons?: boolean;
}

/** One cell, RFC 4180: quoted when it holds a comma, a quote or a line break; quotes inside doubled. */
export function csvCell(value: unknown, { quoteSemicolons = false }: CsvOptions = {}): string {
  if (value === null || value === undefined) return '';
  let text = Array.isArray(value) ? value.join('; ') : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  const needsQuotes = /[",\r\n]/.test(text) || (quoteSemicolons && text.includes(';'));
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 writes it. */
export function csvRow(values: readonly unknown[], options: CsvOptions = {}): string {
  return `${values.map((value) => csvCell(value, options)).join(',')}\r\n`;
}

/** Spreadsheet programs read a UTF-8 file as their local code page unless it starts with this (accents). */
export const UTF8_BOM = '\uFEFF';
