import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecruiter } from '#tests/factories.ts';
import { insertCompleteCreator } from '#tests/fixtures/creators.ts';
import { creatorCells, EXPORT_HEADERS, type ImportCells, importCsv } from '#tests/fixtures/import-csv.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { dryRun, postImport, snapshot } from './creator-import.test-support.ts';

const t = setUpTestApp();
const owner = t.headers;
const reviewer = t.signedInAs({ username: 'rosa-reviewer', password: 'a long test password', role: 'reviewer' });

beforeAll(async () => {
  await insertRecruiter(t.database.db, { name: 'Olivia Stone' });
});

/**
 * A file of six rows as owners bring them: good ones (one in Cyrillic, one with the export's marked phone
 * number and formula, one naming a recruiter the network does not know), one invalid in two fields, one
 * matching a stored creator and one matching an earlier row.
 */
async function mixedFile() {
  const { creator } = await insertCompleteCreator(t);
  const rows: ImportCells[] = [
    {
      ...creatorCells(1, 'olivia STONE'),
      Name: 'Анастасия Кузнецова',
      'Contact Method': 'Telegram',
      'Contact Info': '@nastya_k',
    },
    { ...creatorCells(2, 'Olivia Stone'), 'Contact Info': 'not-an-email', 'Contact Method': 'Email', Gender: '' },
    {
      ...creatorCells(3, 'Olivia Stone'),
      'Contact Method': 'Email',
      'Contact Info': creator.contactInfo.toUpperCase(),
    },
    { ...creatorCells(4, 'Olivia Stone'), 'Contact Method': 'Telegram', 'Contact Info': 'NASTYA_K' },
    { ...creatorCells(5, 'Walk-in Agency'), Name: 'Zoë O’Hara' },
    { ...creatorCells(6, 'Olivia Stone'), 'Contact Method': 'WhatsApp', 'Contact Info': '+49 151 2345 6789' },
  ];
  return { creator, text: importCsv(rows, { headers: [...EXPORT_HEADERS, 'Tags'] }) };
}

describe('POST /api/admin/creators/import/dry-run', () => {
  it('reports each row as created, invalid (field and message) or duplicate, and writes nothing', async () => {
    const { creator, text } = await mixedFile();
    const before = await snapshot(t);

    const report = await dryRun(t, owner, text, 'team sheet.csv');

    expect(await snapshot(t)).toEqual(before);
    expect(report).toMatchObject({ fileName: 'team sheet.csv', rows: 6, valid: 5, invalid: 1, duplicates: 2 });
    expect(report.columns.ignored).toEqual([
      'Creator ID',
      'Status',
      'Listing URL',
      'Creator Hub ID',
      'Submitted At',
      'Updated At',
      'Tags',
    ]);
    expect(report.columns.used).toContain('Contact Info');
    expect(report.items.map((item) => [item.row, item.outcome])).toEqual([
      [2, 'create'],
      [3, 'invalid'],
      [4, 'duplicate'],
      [5, 'duplicate'],
      [6, 'create'],
      [7, 'create'],
    ]);
    expect(report.items[0]).toMatchObject({ name: 'Анастасия Кузнецова', contactInfo: '@nastya_k', errors: [] });
    expect(report.items[1]?.errors).toEqual([
      { field: 'gender', message: 'Gender is required', messageKey: 'application.gender' },
      { field: 'contactInfo', message: 'Please enter a valid email address', messageKey: 'application.email' },
    ]);
    expect(report.items[2]?.duplicateOf).toEqual({ creatorId: creator.creatorId });
    expect(report.items[3]?.duplicateOf).toEqual({ row: 2 });
  });

  it('reads the same file with a semicolon and without a byte order mark alike', async () => {
    const rows = [creatorCells(11, 'Olivia Stone'), creatorCells(12, 'Olivia Stone')];
    const comma = await dryRun(t, owner, importCsv(rows));
    const semicolon = await dryRun(t, owner, importCsv(rows, { separator: ';', bom: false }));
    expect(semicolon.items).toEqual(comma.items);
    expect(comma).toMatchObject({ rows: 2, valid: 2, invalid: 0 });
    // The quoted goals hold a line break and a semicolon; the name an apostrophe.
    expect(semicolon.items.map((item) => item.outcome)).toEqual(['create', 'create']);
  });

  it('refuses a file lacking required columns, naming them, and one that is not UTF-8', async () => {
    const before = await snapshot(t);
    const missing = await postImport(t, owner, 'Name,Language,Tags\r\nAna,English,x\r\n', { dryRun: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messageKey: 'import.missingColumns',
      message: 'The file lacks required columns: Gender, Contact Method, Contact Info, Agency Goals, Recruiter',
    });
    const latin1 = Buffer.from('Name,Language\r\nZo\xeb,English\r\n', 'latin1');
    const notUtf8 = await postImport(t, owner, latin1, { dryRun: true });
    expect(notUtf8.statusCode).toBe(400);
    expect(notUtf8.json().messageKey).toBe('import.notUtf8');
    const empty = await postImport(t, owner, '', { dryRun: true });
    expect(empty.json().messageKey).toBe('import.empty');
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a file over 20 MB with 413 while it arrives', async () => {
    const row = `${importCsv([creatorCells(1, 'Olivia Stone')], { bom: false }).split('\r\n')[1]}\r\n`;
    const big = importCsv([]) + row.repeat(Math.ceil(20_100_000 / row.length));
    const res = await postImport(t, owner, big, { dryRun: true });
    expect(res.statusCode).toBe(413);
    expect(res.json().messageKey).toBe('import.tooLarge');
  });

  it('refuses a reviewer before reading the file', async () => {
    const res = await postImport(t, reviewer, importCsv([creatorCells(1, 'Olivia Stone')]), { dryRun: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });
});
