import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, creators } from '#server/db/schema.ts';
import { IMPORTED_ACTIVITY } from '#shared/creator-import.ts';
import { insertRecruiter } from '#tests/factories.ts';
import { insertCompleteCreator } from '#tests/fixtures/creators.ts';
import { creatorCells, type ImportCells, importCsv } from '#tests/fixtures/import-csv.ts';
import { setUpTestApp, TEST_ADMIN } from '#tests/setup/test-app.ts';
import { linesOf, postImport, snapshot } from './creator-import.test-support.ts';

const t = setUpTestApp();
const owner = t.headers;
const reviewer = t.signedInAs({ username: 'rosa-reviewer', password: 'a long test password', role: 'reviewer' });
let recruiterId: string;

beforeAll(async () => {
  recruiterId = (await insertRecruiter(t.database.db, { name: 'Olivia Stone' })).id;
});

const byName = (name: string) => t.database.db.select().from(creators).where(eq(creators.name, name));

describe('POST /api/admin/creators/import', () => {
  it('creates the good rows as pending with an "Imported from a file" entry, skips invalid and duplicate rows, and marks duplicates', async () => {
    const { creator: existing } = await insertCompleteCreator(t);
    const rows: ImportCells[] = [
      {
        ...creatorCells(101, 'OLIVIA stone'),
        Name: 'Мария Иванова',
        'Contact Method': 'WhatsApp',
        'Contact Info': '+7 912 345-67-89',
      },
      {
        ...creatorCells(102, 'Olivia Stone'),
        Name: 'Bad Contact',
        'Contact Method': 'Telegram',
        'Contact Info': '@no',
      },
      {
        ...creatorCells(103, 'Olivia Stone'),
        Name: 'Same Person',
        'Contact Method': 'Email',
        'Contact Info': existing.contactInfo,
      },
      { ...creatorCells(104, 'Walk-in Agency'), Name: 'Zoë Walk-in', 'Additional Info': '=1+1; then -5' },
    ];
    const before = await snapshot(t);

    const res = await postImport(t, owner, importCsv(rows), { fileName: 'march.csv' });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(linesOf(res.body)).toEqual([
      { type: 'started', rows: 4, fileName: 'march.csv' },
      { type: 'progress', done: 4, created: 2 },
      { type: 'done', onDuplicates: 'skip', rows: 4, valid: 3, invalid: 1, duplicates: 1, created: 2, skipped: 1 },
    ]);
    const after = await snapshot(t);
    expect(after.creators - before.creators).toBe(2);
    expect(after.activity - before.activity).toBe(2);
    // The status counters are the database's triggers: they moved with the rows.
    expect(after.pending - before.pending).toBe(2);

    const [maria] = await byName('Мария Иванова');
    expect(maria).toMatchObject({
      status: 'pending',
      recruiterId,
      recruiterName: 'Olivia Stone',
      contactInfo: '+79123456789',
      contactKey: 'phone:79123456789',
      photoKey: null,
      consentAt: null,
      hasDuplicates: false,
    });
    expect(maria?.creatorId).toMatch(/^RC-[0-9A-Z]{8}$/);
    expect(Date.now() - (maria?.createdAt.getTime() ?? 0)).toBeLessThan(60_000);
    const [walkIn] = await byName('Zoë Walk-in');
    // A recruiter the network does not know is kept by name, as the spec keeps an application's.
    expect(walkIn).toMatchObject({
      recruiterId: null,
      recruiterName: 'Walk-in Agency',
      additionalInfo: '=1+1; then -5',
    });
    const [entry] = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.creatorId, maria?.id ?? ''));
    expect(entry).toMatchObject({
      action: IMPORTED_ACTIVITY,
      performedBy: TEST_ADMIN.username,
      additionalInfo: { file: 'march.csv', row: 2 },
    });
    expect(await byName('Same Person')).toEqual([]);
    expect(await byName('Bad Contact')).toEqual([]);
  });

  it('imports duplicates when asked, and marks them and the creators they match', async () => {
    const { creator: existing } = await insertCompleteCreator(t);
    const rows: ImportCells[] = [
      {
        ...creatorCells(201, 'Olivia Stone'),
        Name: 'Again Applied',
        'Contact Method': 'Email',
        'Contact Info': existing.contactInfo.toUpperCase(),
      },
      {
        ...creatorCells(202, 'Olivia Stone'),
        Name: 'First Twin',
        'Contact Method': 'Telegram',
        'Contact Info': '@twin_sister',
      },
      {
        ...creatorCells(203, 'Olivia Stone'),
        Name: 'Second Twin',
        'Contact Method': 'Telegram',
        'Contact Info': 'Twin_Sister',
      },
    ];
    await t.database.db.update(creators).set({ hasDuplicates: false }).where(eq(creators.id, existing.id));

    const res = await postImport(t, owner, importCsv(rows, { separator: ';', bom: false }), {
      query: '?duplicates=import',
    });

    expect(linesOf(res.body).at(-1)).toMatchObject({ type: 'done', duplicates: 2, created: 3, skipped: 0 });
    for (const name of ['Again Applied', 'First Twin', 'Second Twin']) {
      expect((await byName(name))[0]?.hasDuplicates, name).toBe(true);
    }
    const [stored] = await t.database.db.select().from(creators).where(eq(creators.id, existing.id));
    expect(stored?.hasDuplicates).toBe(true);
  });

  it('refuses a reviewer, a bad choice and a file without required columns, changing nothing', async () => {
    const before = await snapshot(t);
    const file = importCsv([creatorCells(301, 'Olivia Stone')]);
    expect((await postImport(t, reviewer, file)).statusCode).toBe(403);
    const choice = await postImport(t, owner, file, { query: '?duplicates=maybe' });
    expect(choice.statusCode).toBe(400);
    const missing = await postImport(t, owner, 'Name;Gender\r\nAna;Female\r\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'The file lacks required columns: Language, Contact Method, Contact Info, Agency Goals, Recruiter',
    );
    expect(await snapshot(t)).toEqual(before);
  });

  it('leaves only whole batches when a row fails at the database in batch 3 of 4', async () => {
    const { db } = t.database;
    await db.execute(sql`create function refuse_on_purpose() returns trigger language plpgsql as $$
      begin
        if new.name = 'Refused On Purpose' then raise exception 'refused on purpose'; end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger refuse_on_purpose before insert on creators
      for each row execute function refuse_on_purpose()`);
    try {
      const rows = Array.from({ length: 2000 }, (_, i) => creatorCells(10_000 + i, 'Olivia Stone'));
      rows[1234] = { ...rows[1234], Name: 'Refused On Purpose' };
      const before = await snapshot(t);

      const res = await postImport(t, owner, importCsv(rows), { fileName: 'batches.csv' });

      expect(res.statusCode).toBe(200);
      expect(linesOf(res.body)).toEqual([
        { type: 'started', rows: 2000, fileName: 'batches.csv' },
        { type: 'progress', done: 500, created: 500 },
        { type: 'progress', done: 1000, created: 1000 },
        {
          type: 'failed',
          done: 1000,
          created: 1000,
          message: 'The import stopped: a batch could not be written',
          messageKey: 'import.batchFailed',
        },
      ]);
      const after = await snapshot(t);
      expect(after.creators - before.creators).toBe(1000);
      expect(after.pending - before.pending).toBe(1000);
      const entries = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(activityLog)
        .where(
          and(eq(activityLog.action, IMPORTED_ACTIVITY), sql`${activityLog.additionalInfo}->>'file' = 'batches.csv'`),
        );
      expect(entries[0]?.count).toBe(1000);
      // The sheet's row 998 (batch 2) is in; row 1002, the first of batch 3, is not.
      const stored = async (email: string) =>
        (await db.select({ id: creators.id }).from(creators).where(eq(creators.contactInfo, email))).length;
      expect(await stored('creator.10996@example.com')).toBe(1);
      expect(await stored('creator.11000@example.com')).toBe(0);
    } finally {
      await db.execute(sql`drop trigger refuse_on_purpose on creators`);
      await db.execute(sql`drop function refuse_on_purpose()`);
    }
  });
});
