import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creators } from '#server/db/schema.ts';
import { insertCreator, insertRecruiter } from '#tests/factories.ts';
import { insertCompleteCreator } from '#tests/fixtures/creators.ts';
import { csvRowsOf as rowsOf } from '#tests/setup/csv.ts';
import { setUpTestApp, signIn } from '#tests/setup/test-app.ts';
import { createAdmin } from '../admins/admins.service.ts';

const t = setUpTestApp();
const { headers } = t;

const get = (url: string, as = headers) => t.app.inject({ method: 'GET', url, headers: as });

describe('GET /api/admin/creators/export.csv', () => {
  it('sends a status page as a UTF-8 CSV attachment with a byte order mark', async () => {
    const creator = await insertCreator(t.database.db, {
      status: 'finalized',
      name: 'Zoë "Zo" Ñúñez',
      additionalInfo: 'Line one,\nline two',
      instagram: '=HYPERLINK("http://evil.example")',
      contactMethod: 'WhatsApp',
      contactInfo: '+15550100',
    });

    const res = await get('/api/admin/creators/export.csv?status=finalized');

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="creators-finalized-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Creator ID': creator.creatorId,
      Status: 'finalized',
      Name: 'Zoë "Zo" Ñúñez',
      'Additional Info': 'Line one,\nline two',
      Instagram: `'=HYPERLINK("http://evil.example")`,
      'Contact Info': `'+15550100`,
      'Agency Goals': creator.agencyGoals,
      'Submitted At': creator.createdAt.toISOString(),
    });
  });

  it('writes a complete creator as the details show them, and their duplicate in the pending file', async () => {
    const { creator, duplicate, recruiter } = await insertCompleteCreator(t);
    const detail = (await get(`/api/admin/creators/${creator.creatorId}`)).json().creator;

    const res = await get('/api/admin/creators/export.csv?status=stage2_submitted');

    expect(res.statusCode).toBe(200);
    const row = rowsOf(res.body).find((record) => record['Creator ID'] === creator.creatorId);
    expect(row).toEqual({
      'Creator ID': creator.creatorId,
      Status: 'stage2_submitted',
      Name: creator.name,
      Language: creator.language,
      Gender: 'Female',
      'Contact Method': 'Email',
      'Contact Info': creator.contactInfo,
      'Has OnlyFans': 'yes',
      'Average Monthly Range': '$2,500–$5,000',
      Age: '',
      Country: creator.country,
      'Agency Goals': creator.agencyGoals,
      // Handles start with `@`, which a spreadsheet would read as a formula (decision 027).
      Instagram: `'${creator.instagram}`,
      TikTok: `'${creator.tiktok}`,
      Twitter: `'${creator.twitter}`,
      'Additional Info': creator.additionalInfo,
      Recruiter: recruiter.name,
      'Listing URL': '',
      'Creator Hub ID': '',
      'Submitted At': detail.createdAt,
      'Updated At': detail.updatedAt,
      Assignee: '',
      Tags: '',
      'Cancel Reason': '',
      'Cancel Note': '',
    });
    const pending = rowsOf((await get('/api/admin/creators/export.csv?status=pending')).body);
    expect(pending.find((record) => record['Creator ID'] === duplicate.creatorId)).toMatchObject({
      Name: duplicate.name,
      'Contact Info': duplicate.contactInfo,
      Age: '27',
    });
  });

  it('keeps a formula after a separator as text, for a spreadsheet splitting on commas or semicolons', async () => {
    const { creator } = await insertCompleteCreator(t);
    const name = "x;=cmd|' /C calc'!A0;y";
    const additionalInfo = 'Weekly live shows, =HYPERLINK("http://evil.example","portfolio")';
    await t.database.db.update(creators).set({ name, additionalInfo }).where(eq(creators.id, creator.id));

    const res = await get('/api/admin/creators/export.csv?status=stage2_submitted');

    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`,"x;'=cmd|' /C calc'!A0;y",`);
    expect(res.body).toContain(`"Weekly live shows,' =HYPERLINK(""http://evil.example"",""portfolio"")"`);
    // Read as a `;`-locale Excel does (quotes count only where its own cell starts), and with no quotes at all.
    for (const separator of [';', ',']) {
      const cells = res.body.split(/\r\n|\n/).flatMap((line) => line.split(separator));
      expect(cells.filter((cell) => /^[\s"]*[=+\-@]/.test(cell))).toEqual([]);
    }
    const row = rowsOf(res.body).find((record) => record['Creator ID'] === creator.creatorId);
    expect(row).toMatchObject({ Name: "x;'=cmd|' /C calc'!A0;y" });
  });

  it('exports what a search on the status page finds', async () => {
    const found = await insertCreator(t.database.db, { status: 'matched', name: 'Searchable Sam' });
    await insertCreator(t.database.db, { status: 'matched', name: 'Other Olga' });
    const res = await get('/api/admin/creators/export.csv?status=matched&q=searchable');
    expect(res.headers['content-disposition']).toMatch(/filename="creators-matched-search-/);
    expect(rowsOf(res.body).map((row) => row['Creator ID'])).toEqual([found.creatorId]);
  });

  it('refuses an unknown status with a 400', async () => {
    const res = await get('/api/admin/creators/export.csv?status=archived');
    expect(res.statusCode).toBe(400);
  });

  it('is open to a reviewer', async () => {
    const credentials = { username: 'rex-reviewer', password: 'a long test password' };
    await createAdmin(t.database.db, { ...credentials, role: 'reviewer' });
    const reviewer = await signIn(t, credentials);
    expect((await get('/api/admin/creators/export.csv?status=pending', reviewer)).statusCode).toBe(200);
  });

  it('streams twenty thousand rows, newest first, each exactly once', async () => {
    const total = 20_000;
    const base = Date.UTC(2024, 0, 1);
    // One statement writes them all: the test is about the export, not about inserting.
    await t.database.db.execute(sql`insert into creators
      (creator_id, status, name, language, gender, contact_method, contact_info, agency_goals, recruiter_name, created_at)
      select 'RC-' || lpad(upper(to_hex(n)), 8, 'X'), 'cancelled', 'Bulk ' || n, 'English', 'Female', 'Email',
        'bulk' || n || '@example.com', 'Grow', 'Walk-in', ${new Date(base).toISOString()}::timestamptz + n * interval '1 second'
      from generate_series(0, ${total - 1}) as n`);
    const res = await get('/api/admin/creators/export.csv?status=cancelled');

    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => row['Creator ID'])).size).toBe(total);
    expect(rows[0]?.Name).toBe(`Bulk ${total - 1}`);
    expect(rows.at(-1)?.Name).toBe('Bulk 0');
  }, 120_000);
});

describe('GET /api/admin/recruiters/:id/listings/export.csv', () => {
  it("exports the recruiter's listings with the screen's status filter", async () => {
    const recruiter = await insertRecruiter(t.database.db, { name: 'Ana Müller' });
    const listed = await insertCreator(t.database.db, { status: 'listed', recruiterId: recruiter.id });
    const pending = await insertCreator(t.database.db, { status: 'pending', recruiterId: recruiter.id });
    await insertCreator(t.database.db, { status: 'listed' });

    const all = await get(`/api/admin/recruiters/${recruiter.id}/listings/export.csv`);
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-disposition']).toMatch(/filename="listings-ana-muller-\d{4}/);
    expect(rowsOf(all.body).map((row) => row['Creator ID'])).toEqual([pending.creatorId, listed.creatorId]);

    const filtered = await get(`/api/admin/recruiters/${recruiter.id}/listings/export.csv?status=listed`);
    expect(rowsOf(filtered.body).map((row) => row['Creator ID'])).toEqual([listed.creatorId]);
  });

  it('answers 404 for an unknown recruiter', async () => {
    const res = await get('/api/admin/recruiters/00000000-0000-4000-8000-000000000000/listings/export.csv');
    expect(res.statusCode).toBe(404);
  });
});
