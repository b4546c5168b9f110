import { AppError } from './app-error.ts';

/**
 * One record of a CSV file and the row a spreadsheet shows it in: the header is row 1, a blank line is a row,
 * and a cell's own line breaks stay in its row.
 */
export interface CsvRecord {
  row: number;
  cells: string[];
}

export type CsvSeparator = ',' | ';';

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const BOM = '\uFEFF';

/**
 * The separator of a file, from its first line: the one of comma and semicolon that appears more often
 * outside quotes. Excel writes `;` in most of Europe and `,` elsewhere; a one-column file has neither.
 */
export function separatorOf(firstLine: string): CsvSeparator {
  let commas = 0;
  let semicolons = 0;
  let isQuoted = false;
  for (const char of firstLine) {
    if (char === '"') isQuoted = !isQuoted;
    else if (!isQuoted && char === ',') commas++;
    else if (!isQuoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

const notUtf8 = () => new AppError('BAD_REQUEST', 'import.notUtf8');

/**
 * Reads CSV records as the bytes arrive (RFC 4180, as spreadsheets write it): UTF-8 with or without its byte
 * order mark, comma or semicolon (decided by the header line), quoted cells holding separators, quotes and
 * line breaks, and CRLF, LF or CR line ends. Only the record being read is held. Bytes that are not UTF-8
 * and a quote left open at the end are refused (400), since every later cell would be misread.
 */
export async function* readCsv(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<CsvRecord> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw notUtf8();
    }
  };
  let separator: number | undefined;
  let pending = '';
  let cells: string[] = [];
  let cell = '';
  let isQuoted = false;
  /** A quote was just read inside a quoted cell: the next character says whether it closed it. */
  let isQuoteOpen = false;
  let wasCr = false;
  let row = 1;
  let isStart = true;

  function* feed(text: string): Generator<CsvRecord> {
    const sep = separator ?? 0x2c;
    let at = 0;
    while (at < text.length) {
      const code = text.charCodeAt(at);
      if (wasCr) {
        wasCr = false;
        if (code === LF) {
          at++;
          continue;
        }
      }
      if (isQuoteOpen) {
        isQuoteOpen = false;
        if (code === QUOTE) {
          cell += '"';
          at++;
          continue;
        }
        isQuoted = false;
      }
      if (isQuoted) {
        const close = text.indexOf('"', at);
        const end = close === -1 ? text.length : close;
        cell += text.slice(at, end);
        if (close !== -1) isQuoteOpen = true;
        at = end + 1;
        continue;
      }
      if (code === QUOTE && cell === '') {
        isQuoted = true;
        at++;
      } else if (code === sep) {
        cells.push(cell);
        cell = '';
        at++;
      } else if (code === LF || code === CR) {
        cells.push(cell);
        if (cells.length > 1 || cells[0] !== '') yield { row: row, cells };
        cells = [];
        cell = '';
        wasCr = code === CR;
        row++;
        at++;
      } else {
        // Plain text up to the next character that means something here.
        let end = at + 1;
        while (end < text.length) {
          const next = text.charCodeAt(end);
          if (next === sep || next === LF || next === CR || next === QUOTE) break;
          end++;
        }
        // A quote inside an unquoted cell is text, as spreadsheets read it.
        cell += text.slice(at, end);
        at = end;
      }
    }
  }

  function* take(text: string): Generator<CsvRecord> {
    if (separator === undefined) {
      pending += text;
      if (isStart && pending.startsWith(BOM)) pending = pending.slice(1);
      if (isStart && pending.length > 0) isStart = false;
      const lineEnd = pending.search(/[\r\n]/);
      if (lineEnd === -1) return;
      separator = separatorOf(pending.slice(0, lineEnd)).charCodeAt(0);
      text = pending;
      pending = '';
    }
    yield* feed(text);
  }

  for await (const chunk of chunks) yield* take(decode(chunk));
  yield* take(decode());
  if (separator === undefined) {
    separator = separatorOf(pending).charCodeAt(0);
    yield* feed(pending);
  }
  if (isQuoted && !isQuoteOpen) throw new AppError('BAD_REQUEST', { key: 'import.openQuote', params: { row: row } });
  if (cell !== '' || cells.length > 0 || isQuoteOpen) {
    cells.push(cell);
    yield { row: row, cells };
  }
}
