import { Readable } from 'node:stream';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** Spreadsheet programs read a UTF-8 file as their local code page unless it starts with this (accents). */
export const UTF8_BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`) or that starts with a tab or carriage
 * return (which some programs strip, exposing a formula behind them) is prefixed with `'`, so it shows as the
 * text it is (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, RFC 4180: quoted when it holds a comma, a quote or a line break; quotes inside doubled. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = Array.isArray(value) ? value.join('; ') : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 writes it. */
export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

/**
 * A CSV file written as its rows arrive, batch by batch, like the JSON lists (lib/json-stream.ts): the byte
 * order mark and header, then each batch as one chunk. The first batch is read before anything is sent, so
 * a failing query is still an ordinary error reply.
 */
export async function csvStream<T>(columns: readonly CsvColumn<T>[], batches: AsyncIterator<T[]>): Promise<Readable> {
  let result: IteratorResult<T[]> | undefined = await batches.next();
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(UTF8_BOM + csvRow(columns.map((column) => column.header)));
    while (result && !result.done) {
      let text = '';
      for (const row of result.value) text += csvRow(columns.map((column) => column.value(row)));
      // Let go of the batch before its text is written and the next one read (bounded memory).
      result = undefined;
      if (text) yield Buffer.from(text);
      result = await batches.next();
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** `attachment` with a plain ASCII file name and its RFC 6266 UTF-8 form. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
