import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, creators } from '#server/db/schema.ts';
import { contactKeyOf } from '#server/lib/contact-key.ts';
import { MIGRATIONS_DIR } from '#server/lib/paths.ts';
import { insertCreator } from '#tests/factories.ts';
import { createTestDatabase } from '#tests/setup/test-db.ts';
import type { Database } from './client.ts';

/**
 * The back-fill of migration 0009 (docs/decisions/025), run again on rows written as they were before it:
 * its UPDATE statements only fill in, so they can be replayed on a migrated database.
 */
let database: Database;
let backfill: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  const text = await readFile(path.join(MIGRATIONS_DIR, '0009_sla_notes_duplicates.sql'), 'utf8');
  backfill = text
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => /^(--[^\n]*\n)*UPDATE/.test(statement));
});
afterAll(() => database.close());

const rowOf = async (id: string) => (await database.db.select().from(creators).where(eq(creators.id, id)))[0];

describe('migration 0009 back-fill', () => {
  it('holds the three back-fill statements', () => {
    expect(backfill).toHaveLength(3);
  });

  it('stops the clock at the first staff entry, not at the applicant’s or the creator’s own', async () => {
    const { db } = database;
    const acted = await insertCreator(db, { status: 'stage2_submitted' });
    const untouched = await insertCreator(db);
    const staffAt = new Date('2026-01-02T10:00:00.000Z');
    await db.insert(activityLog).values([
      { creatorId: acted.id, action: 'Stage 2 link generated', performedBy: 'alice', timestamp: staffAt },
      {
        creatorId: acted.id,
        action: 'Stage 2 submitted',
        performedBy: acted.creatorId,
        timestamp: new Date('2026-01-01T10:00:00.000Z'),
      },
      {
        creatorId: acted.id,
        action: 'Status changed to listed',
        performedBy: 'bob',
        timestamp: new Date('2026-01-03T10:00:00.000Z'),
      },
    ]);
    await db.update(creators).set({ firstStaffActionAt: null, contactKey: null });
    for (const statement of backfill) await db.execute(sql.raw(statement));
    expect((await rowOf(acted.id))?.firstStaffActionAt?.toISOString()).toBe(staffAt.toISOString());
    expect((await rowOf(untouched.id))?.firstStaffActionAt).toBeNull();
  });

  it('writes the contact keys as the application does, and flags creators sharing one', async () => {
    const { db } = database;
    const samples = [
      { contactMethod: 'Email', contactInfo: 'Back.Fill@Example.com' },
      { contactMethod: 'Email', contactInfo: 'back.fill@example.com' },
      { contactMethod: 'Telegram', contactInfo: '@Back_Fill' },
      { contactMethod: 'WhatsApp', contactInfo: '+447700900999' },
      { contactMethod: 'SMS/Phone', contactInfo: '+44 7700 900-999' },
      { contactMethod: 'SMS/Phone', contactInfo: '+15550009999' },
    ];
    const rows = [];
    for (const sample of samples) rows.push(await insertCreator(db, sample));
    await db.update(creators).set({ contactKey: null, hasDuplicates: false });
    for (const statement of backfill) await db.execute(sql.raw(statement));
    const after = await Promise.all(rows.map((row) => rowOf(row.id)));
    expect(after.map((row) => row?.contactKey)).toEqual(
      samples.map((sample) => contactKeyOf(sample.contactMethod, sample.contactInfo)),
    );
    expect(after.map((row) => row?.hasDuplicates)).toEqual([true, true, false, true, true, false]);
  });
});
