/** RFC 4180 as a spreadsheet program reads it: quoted cells may hold commas, quotes and line breaks. */
export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (isQuoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += char;
  }
  return records;
}

/** The file without its byte order mark, as records keyed by header. */
export function csvRowsOf(body: string): Record<string, string>[] {
  const [header = [], ...records] = csvRecords(body.replace(/^\uFEFF/, ''));
  return records.map((record) => Object.fromEntries(header.map((name, i) => [name, record[i] ?? ''])));
}
