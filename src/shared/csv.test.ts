import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, neutraliseFormulas } from './csv.ts';

describe('csvCell (RFC 4180)', () => {
  it('leaves plain text as it is and writes nothing for a missing value', () => {
    expect(csvCell('Jamie Rivera')).toBe('Jamie Rivera');
    expect(csvCell('Zoë Łukasz 山田')).toBe('Zoë Łukasz 山田');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a cell holding a comma, a semicolon, a tab, a quote or a line break, doubling the quotes inside', () => {
    expect(csvCell('Rivera, Jamie')).toBe('"Rivera, Jamie"');
    expect(csvCell('Rivera; Jamie')).toBe('"Rivera; Jamie"');
    expect(csvCell('Rivera\tJamie')).toBe('"Rivera\tJamie"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('joins a list into one quoted cell', () => {
    expect(csvCell(['photos', 'videos'])).toBe('"photos; videos"');
  });
});

describe('csvCell against formula injection', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['-2+3', "'-2+3"],
    ['  =1+1', "'  =1+1"],
    ['"=1+1"', `"'""=1+1"""`],
    ['\u00A0\u200B=1+1', "'\u00A0\u200B=1+1"],
    ['\t=1+1', `"'\t'=1+1"`],
    ['\r=1+1', `"'\r'=1+1"`],
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
    ['﹦1+1', "'﹦1+1"],
  ])('neutralises %j at the start of the cell', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    ["x;=cmd|' /C calc'!A0;y", `"x;'=cmd|' /C calc'!A0;y"`],
    ['x,=1+1', `"x,'=1+1"`],
    ['x\t@SUM(A1)', `"x\t'@SUM(A1)"`],
    ['x|=1+1', "x|'=1+1"],
    ['x\n-2+3', `"x\n'-2+3"`],
    ['x\r\n+1', `"x\r\n'+1"`],
    ['x;  "=1', `"x;'  ""=1"`],
    ['x; ＝1', `"x;' ＝1"`],
    ['x;;=1', `"x;;'=1"`],
    ['=1;=2,@3', `"'=1;'=2,'@3"`],
  ])('neutralises %j after a separator or a line break', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('leaves those characters alone where no cell can start', () => {
    expect(csvCell('a=b+c-d@e')).toBe('a=b+c-d@e');
    expect(csvCell('jamie@example.com')).toBe('jamie@example.com');
    expect(csvCell('Jean-Pierre - Lyon')).toBe('Jean-Pierre - Lyon');
    expect(csvCell('https://example.com/?a=1&b=-2')).toBe('https://example.com/?a=1&b=-2');
  });

  it('keeps a negative number and a phone number readable, as text', () => {
    expect(csvCell(-5)).toBe("'-5");
    expect(csvCell('+49 30 1234')).toBe("'+49 30 1234");
    expect(csvCell('+4915123456789')).toBe("'+4915123456789");
    expect(csvCell('Phone: +49 30 1234')).toBe('Phone: +49 30 1234');
  });

  it('takes linear time on a cell of line breaks', () => {
    expect(neutraliseFormulas(`${'\n'.repeat(50_000)}=1`)).toBe(`${'\n'.repeat(50_000)}'=1`);
  });
});

/** What a formula looks like to a spreadsheet, once it has trimmed blanks and stray quotes off a cell. */
const FORMULA_START = /^[\s"\u200B-\u200D\u2060]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B]/;

/**
 * A record as a spreadsheet with this separator reads it: quotes count only where one of its own cells starts
 * (Excel's rule), or not at all.
 */
function readAs(line: string, separator: string, honoursQuotes: boolean): string[] {
  const cells: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] as string;
    if (isQuoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"' && honoursQuotes && cell === '') isQuoted = true;
    else if (char === separator || char === '\r' || char === '\n') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

describe('a record of hostile cells, read by any common spreadsheet', () => {
  const hostile = [
    "x;=cmd|' /C calc'!A0;y",
    '=HYPERLINK("http://evil.example","click")',
    'Ana, =1+1',
    'Ana,"=1+1"',
    'Ana;\t=1+1',
    'Ana\t+1',
    'Ana|@SUM(A1)',
    'Ana\r\n-1',
    'Ana; "＝1"',
    '"x;=1",=2',
    '",=1',
    '";=1',
    '"\t=1',
  ];
  const line = csvRow(['Ana Torres', ...hostile, 'RC-7KX3P9QD']).slice(0, -2);

  it.each([
    [',', true],
    [';', true],
    ['\t', true],
    ['|', true],
    [',', false],
    [';', false],
    ['\t', false],
    ['|', false],
  ])('split on %j (quotes honoured: %s) starts no cell with a formula', (separator, honoursQuotes) => {
    const cells = readAs(line, separator, honoursQuotes);
    expect(cells.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
  });

  it('reads back whole in a comma spreadsheet, with only the marks before formulas added', () => {
    const cells = readAs(line, ',', true);
    expect(cells).toHaveLength(hostile.length + 2);
    expect(cells.map((cell) => cell.replaceAll("'", ''))).toEqual(
      ['Ana Torres', ...hostile, 'RC-7KX3P9QD'].map((cell) => cell.replaceAll("'", '')),
    );
  });
});
