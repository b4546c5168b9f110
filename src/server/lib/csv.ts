import { Readable } from 'node:stream';
import { csvRow, UTF8_BOM } from '#shared/csv.ts';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

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
