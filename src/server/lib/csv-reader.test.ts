import { describe, expect, it } from 'vitest';
import { csvRow, neutraliseFormulas, restoreFormulas, UTF8_BOM } from '#shared/csv.ts';
import { AppError } from './app-error.ts';
import { readCsv, separatorOf } from './csv-reader.ts';

/** The text as bytes in chunks of `size`, so every boundary (inside a quote, a CRLF, a Cyrillic letter) is met. */
function chunksOf(text: string, size: number): Uint8Array[] {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

async function read(text: string, size = 1 << 16) {
  const records = [];
  for await (const record of readCsv(chunksOf(text, size))) records.push(record);
  return records;
}

describe('readCsv', () => {
  const file = `${UTF8_BOM}Name,Contact Info,Agency Goals\r\n"Ана ""Аня"" Петрова",ana@example.com,"Grow,\r\nthen rest"\r\n\r\nZoë,'+4915123456789,Fans\r\n`;

  it('reads quoted cells with separators, quotes and line breaks, and numbers rows as a spreadsheet does', async () => {
    for (const size of [1, 2, 3, 7, 1 << 16]) {
      expect(await read(file, size)).toEqual([
        { row: 1, cells: ['Name', 'Contact Info', 'Agency Goals'] },
        { row: 2, cells: ['Ана "Аня" Петрова', 'ana@example.com', 'Grow,\r\nthen rest'] },
        { row: 4, cells: ['Zoë', "'+4915123456789", 'Fans'] },
      ]);
    }
  });

  it('takes semicolons where the header has more of them than commas, and LF or CR line ends', async () => {
    expect(await read('Name;Agency Goals\nAna;"Grow; rest, play"\rBea;x')).toEqual([
      { row: 1, cells: ['Name', 'Agency Goals'] },
      { row: 2, cells: ['Ana', 'Grow; rest, play'] },
      { row: 3, cells: ['Bea', 'x'] },
    ]);
    expect(separatorOf('"a;b",c')).toBe(',');
    expect(separatorOf('Name')).toBe(',');
  });

  it('reads a file without a final line end, and a header alone', async () => {
    expect(await read('Name,Age\nAna,')).toEqual([
      { row: 1, cells: ['Name', 'Age'] },
      { row: 2, cells: ['Ana', ''] },
    ]);
    expect(await read('Name')).toEqual([{ row: 1, cells: ['Name'] }]);
    expect(await read('')).toEqual([]);
  });

  it('refuses bytes that are not UTF-8 and a quote never closed, naming its row', async () => {
    const latin1 = [Buffer.from('Name\nZo\xeb\n', 'latin1')];
    await expect(async () => {
      for await (const _ of readCsv(latin1));
    }).rejects.toMatchObject({ code: 'BAD_REQUEST', reason: { key: 'import.notUtf8' } });
    const error = await read('Name\nAna\n"Bea, rest\nCleo\n').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ reason: { key: 'import.openQuote', params: { row: 3 } } });
  });

  it('reads back what the export writes', async () => {
    const cells = ['=1+1', 'x;=cmd|calc', 'Ana, "=1"', '-5', 'multi\nline', 'plain'];
    const [record] = await read(UTF8_BOM + csvRow(cells));
    expect(record?.cells.map(restoreFormulas)).toEqual(cells);
  });
});

describe('restoreFormulas', () => {
  it('takes back the mark the export put before a formula, wherever a cell could start', () => {
    for (const text of ['=1+1', '+49 30 1234', '-5', '@handle', 'x;=cmd|calc', 'a\n=b', ' "=x', '＝1']) {
      expect(restoreFormulas(neutraliseFormulas(text))).toBe(text);
    }
  });

  it("keeps a ' before ordinary text", () => {
    expect(restoreFormulas("'Ana' O'Neil")).toBe("'Ana' O'Neil");
    expect(restoreFormulas('jamie@example.com')).toBe('jamie@example.com');
  });
});
