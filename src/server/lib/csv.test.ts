import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { attachmentHeader, csvCell, csvRow, csvStream, UTF8_BOM } from './csv.ts';

describe('csvCell (RFC 4180)', () => {
  it('leaves plain text as it is and writes nothing for a missing value', () => {
    expect(csvCell('Jamie Rivera')).toBe('Jamie Rivera');
    expect(csvCell('Zoë Łukasz 山田')).toBe('Zoë Łukasz 山田');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a cell holding a comma, a quote or a line break, doubling the quotes inside', () => {
    expect(csvCell('Rivera, Jamie')).toBe('"Rivera, Jamie"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('joins a list into one cell', () => {
    expect(csvCell(['photos', 'videos'])).toBe('photos; videos');
  });
});

describe('csvCell against formula injection', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('neutralises %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('leaves those characters alone anywhere but at the start', () => {
    expect(csvCell('a=b+c-d@e')).toBe('a=b+c-d@e');
    expect(csvCell('jamie@example.com')).toBe('jamie@example.com');
  });
});

describe('csvRow', () => {
  it('ends each record with CRLF', () => {
    expect(csvRow(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });
});

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
