import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, creators } from '#server/db/schema.ts';
import { hashToken, tokenMatches } from '#server/lib/tokens.ts';
import { insertCreator } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
const { headers } = t;

const sendStage2 = (creatorId: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/creators/${creatorId}/send-stage2`, headers });

async function stored(id: string) {
  const [row] = await t.database.db.select().from(creators).where(eq(creators.id, id));
  if (!row) throw new Error('creator missing');
  const log = await t.database.db.select().from(activityLog).where(eq(activityLog.creatorId, id));
  return { row, log };
}

function tokenOf(link: string): string {
  return new URL(link, 'http://x').searchParams.get('token') ?? '';
}

describe('POST /api/admin/creators/:creatorId/send-stage2', () => {
  it('moves a pending creator to stage2_sent and answers a link whose token is stored only as a hash', async () => {
    const creator = await insertCreator(t.database.db);
    const startedAt = Date.now();
    const res = await sendStage2(creator.creatorId);
    expect(res.statusCode).toBe(200);
    const { link, expiresAt } = res.json();
    expect(link).toMatch(new RegExp(`^/stage2/${creator.creatorId}\\?token=[A-Za-z0-9_-]{43}$`));
    const token = tokenOf(link);

    const { row, log } = await stored(creator.id);
    expect(row.status).toBe('stage2_sent');
    expect(row.stage2TokenHash).toBe(hashToken(token));
    expect(row.stage2TokenHash).not.toContain(token);
    const expiry = row.stage2TokenExpiresAt?.getTime() ?? 0;
    expect(expiry).toBeGreaterThanOrEqual(startedAt + t.config.stage2LinkMs - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + t.config.stage2LinkMs + 1000);
    expect(expiresAt).toBe(row.stage2TokenExpiresAt?.toISOString());

    expect(log.map((entry) => entry.action)).toContain('Stage 2 link generated');
    const entry = log.find((e) => e.action === 'Stage 2 link generated');
    expect(entry).toMatchObject({ performedBy: 'alice', additionalInfo: { expiresAt } });
    expect(JSON.stringify(log)).not.toContain(token);
    expect(JSON.stringify(log)).not.toContain(row.stage2TokenHash);
  });

  it('regenerates for a stage2_sent creator: the new hash replaces the old, so the old link is dead', async () => {
    const creator = await insertCreator(t.database.db);
    const first = tokenOf((await sendStage2(creator.creatorId)).json().link);
    const res = await sendStage2(creator.creatorId);
    expect(res.statusCode).toBe(200);
    const second = tokenOf(res.json().link);
    expect(second).not.toBe(first);

    const { row, log } = await stored(creator.id);
    expect(row.status).toBe('stage2_sent');
    expect(tokenMatches(second, row.stage2TokenHash)).toBe(true);
    expect(tokenMatches(first, row.stage2TokenHash)).toBe(false);
    expect(log.map((entry) => entry.action)).toEqual([
      'Application submitted',
      'Stage 2 link generated',
      'Stage 2 link regenerated',
    ]);
  });

  it.each(['stage2_submitted', 'listed', 'matched', 'finalized', 'cancelled'] as const)(
    'refuses a %s creator with 409 and stores no token',
    async (status) => {
      const creator = await insertCreator(t.database.db, { status });
      const res = await sendStage2(creator.creatorId);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('INVALID_TRANSITION');
      const { row, log } = await stored(creator.id);
      expect(row).toMatchObject({ status, stage2TokenHash: null, stage2TokenExpiresAt: null });
      expect(log).toHaveLength(1);
    },
  );

  it('answers 404 for an unknown creator', async () => {
    const res = await sendStage2('RC-23456789');
    expect(res.statusCode).toBe(404);
  });

  it('kills the link once the creator is listed', async () => {
    const creator = await insertCreator(t.database.db);
    await sendStage2(creator.creatorId);
    await t.database.db.update(creators).set({ status: 'stage2_submitted' }).where(eq(creators.id, creator.id));
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/creators/${creator.creatorId}/status`,
      headers,
      payload: { status: 'listed', rollickListingUrl: 'https://rollick.example/l/1' },
    });
    expect(res.statusCode).toBe(200);
    const { row } = await stored(creator.id);
    expect(row.stage2TokenHash).toBeNull();
    expect(row.stage2TokenExpiresAt).toBeNull();
  });
});
