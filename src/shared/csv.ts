/**
 * CSV cells and records as the server's exports and the admin's own downloads write them (RFC 4180), safe
 * to open in a spreadsheet in any locale (docs/decisions/041).
 */

/**
 * Where a spreadsheet may start a cell: the start of ours, and after any character that some program splits
 * on without being asked or that an import dialog offers: comma (English Excel, Numbers, Google Sheets),
 * semicolon (Excel and LibreOffice in most of Europe), tab (pasting, TSV), the pipe ("other" separators), and
 * line breaks. A `;`-locale Excel reads a comma-separated file's quotes only where a cell of its own starts,
 * so quoting alone does not keep `x;=cmd` whole there.
 */
const HAS_SEPARATOR = /[,;\t|\r\n]/;
const SEPARATOR_CODES = new Set([',', ';', '\t', '|', '\r', '\n'].map((separator) => separator.charCodeAt(0)));

/**
 * What a spreadsheet runs as a formula (`=`, `+`, `-`, `@`, and their full-width and small forms, which East
 * Asian input methods type and some programs fold), or a tab or carriage return, which some programs strip
 * to expose what follows (OWASP "CSV injection"). Blanks, invisible spaces and double quotes before it do not
 * help: programs trim them, or a quote read as text leaves them behind. (Tabs and line breaks are not
 * skipped: each is a place of its own, which keeps the scan linear.)
 */
const FORMULA_AHEAD =
  /(?:[^\S\t\r\n]|["\u200B-\u200D\u2060])*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B]/y;

/** Cells holding one of these are quoted, so each spreadsheet that honours quotes keeps them whole. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * A cell's text with a `'` put at every place a spreadsheet could start a cell when a formula follows, so it
 * shows as the text it is: `=1+1` becomes `'=1+1`, `x;=cmd` becomes `x;'=cmd`, `-5` becomes `'-5`.
 */
export function neutraliseFormulas(text: string): string {
  let result = '';
  let copied = 0;
  // Most cells hold no separator: then their start is the only place to look at.
  const last = HAS_SEPARATOR.test(text) ? text.length : 0;
  for (let at = 0; at <= last; at++) {
    if (at > 0 && !SEPARATOR_CODES.has(text.charCodeAt(at - 1))) continue;
    FORMULA_AHEAD.lastIndex = at;
    if (!FORMULA_AHEAD.test(text)) continue;
    result += `${text.slice(copied, at)}'`;
    copied = at;
  }
  return result + text.slice(copied);
}

/**
 * One cell, RFC 4180, with formulas neutralised: quoted when it holds a quote, a comma, a semicolon, a tab or
 * a line break; quotes inside doubled. A list is one cell, its items joined with `; `.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = neutraliseFormulas(Array.isArray(value) ? value.join('; ') : String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 writes it. */
export function csvRow(values: readonly unknown[]): string {
  return `${values.map((value) => csvCell(value)).join(',')}\r\n`;
}

/** Spreadsheet programs read a UTF-8 file as their local code page unless it starts with this (accents). */
export const UTF8_BOM = '\uFEFF';

/**
 * Takes back the `'` that `neutraliseFormulas` put in a cell (an import of our own export, decision 061): at
 * each place a spreadsheet could start a cell, a `'` followed by what `FORMULA_AHEAD` matches is removed, so
 * `'=1+1` reads `=1+1` and `'+4915123456789` the number she gave. A `'` before ordinary text stays.
 */
export function restoreFormulas(text: string): string {
  if (!text.includes("'")) return text;
  let result = '';
  let copied = 0;
  for (let at = 0; at < text.length; at++) {
    if (text.charCodeAt(at) !== 0x27 || (at > 0 && !SEPARATOR_CODES.has(text.charCodeAt(at - 1)))) continue;
    FORMULA_AHEAD.lastIndex = at + 1;
    if (!FORMULA_AHEAD.test(text)) continue;
    result += text.slice(copied, at);
    copied = at + 1;
  }
  return result + text.slice(copied);
}
