import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UTF8_BOM } from '#shared/csv.ts';
import { attachmentHeader, csvStream } from './csv.ts';

describe('csvStream', () => {
  it('starts with the UTF-8 byte order mark and the header, then every batch', async () => {
    async function* batches() {
      yield [{ name: 'Zoë' }, { name: '=1' }];
      yield [];
      yield [{ name: 'Ana' }];
    }
    const stream = await csvStream([{ header: 'Name', value: (row: { name: string }) => row.name }], batches());
    const bytes = Buffer.concat(await Readable.from(stream).toArray());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toBe(`${UTF8_BOM}Name\r\nZoë\r\n'=1\r\nAna\r\n`);
  });

  it('reports a failing first read before anything is sent', async () => {
    async function* failing(): AsyncGenerator<object[]> {
      yield* [];
      throw new Error('database gone');
    }
    await expect(csvStream([], failing())).rejects.toThrow('database gone');
  });
});

describe('attachmentHeader', () => {
  it('gives an ASCII name and the UTF-8 one', () => {
    expect(attachmentHeader('listings-zoë.csv')).toBe(
      `attachment; filename="listings-zo_.csv"; filename*=UTF-8''listings-zo%C3%AB.csv`,
    );
  });
});
