import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, creators } from '#server/db/schema.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { insertCreator } from '#tests/factories.ts';
import { setUpTestApp, TEST_ADMIN } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
const { headers } = t;

const LISTING_URL = 'https://rollick.example/creators/42';

const patchStatus = (creatorId: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/creators/${creatorId}/status`, headers, payload });

const listDirectly = (creatorId: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/creators/${creatorId}/list-directly`, headers, payload });

async function stored(id: string) {
  const [row] = await t.database.db.select().from(creators).where(eq(creators.id, id));
  const log = await t.database.db
    .select()
    .from(activityLog)
    .where(eq(activityLog.creatorId, id))
    .orderBy(asc(activityLog.timestamp));
  return { row, log };
}

const creatorIn = (status: CreatorStatus, values: Parameters<typeof insertCreator>[1] = {}) =>
  insertCreator(t.database.db, { status, ...values });

describe('PATCH /api/admin/creators/:creatorId/status — allowed changes', () => {
  it('lists a stage2_submitted creator with URL and hub id, and ends the stage-2 link', async () => {
    const creator = await creatorIn('stage2_submitted', {
      stage2TokenHash: 'a'.repeat(64),
      stage2TokenExpiresAt: new Date(Date.now() + 86_400_000),
    });
    const res = await patchStatus(creator.creatorId, {
      status: 'listed',
      rollickListingUrl: LISTING_URL,
      rollickCreatorHubId: 'HUB-7',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().creator).toMatchObject({
      creatorId: creator.creatorId,
      status: 'listed',
      rollickListingUrl: LISTING_URL,
      rollickCreatorHubId: 'HUB-7',
    });
    const { row, log } = await stored(creator.id);
    expect(row).toMatchObject({ status: 'listed', stage2TokenHash: null, stage2TokenExpiresAt: null });
    expect(row?.updatedAt.getTime()).toBeGreaterThan(creator.updatedAt.getTime());
    expect(log.at(-1)).toMatchObject({
      action: 'Status changed to listed',
      performedBy: TEST_ADMIN.username,
      additionalInfo: {
        from: 'stage2_submitted',
        to: 'listed',
        rollickListingUrl: LISTING_URL,
        rollickCreatorHubId: 'HUB-7',
      },
    });
  });

  it('relists a cancelled creator with a new URL and keeps the earlier hub id', async () => {
    const creator = await creatorIn('cancelled', {
      rollickListingUrl: 'https://old.example/x',
      rollickCreatorHubId: 'H1',
    });
    const res = await patchStatus(creator.creatorId, { status: 'listed', rollickListingUrl: LISTING_URL });
    expect(res.statusCode).toBe(200);
    expect(res.json().creator).toMatchObject({
      status: 'listed',
      rollickListingUrl: LISTING_URL,
      rollickCreatorHubId: 'H1',
    });
  });

  it.each([
    ['listed', 'matched'],
    ['matched', 'finalized'],
    ['matched', 'cancelled'],
  ] as const)('moves %s → %s and logs it', async (from, to) => {
    const creator = await creatorIn(from);
    const res = await patchStatus(creator.creatorId, { status: to });
    expect(res.statusCode).toBe(200);
    expect(res.json().creator.status).toBe(to);
    const { row, log } = await stored(creator.id);
    expect(row?.status).toBe(to);
    expect(log).toHaveLength(2);
    expect(log[1]).toMatchObject({
      action: `Status changed to ${to}`,
      performedBy: 'alice',
      additionalInfo: { from, to },
    });
  });
});

describe('PATCH /api/admin/creators/:creatorId/status — refused changes', () => {
  it.each([
    ['pending', { status: 'matched' }],
    ['pending', { status: 'listed', rollickListingUrl: LISTING_URL }],
    ['pending', { status: 'stage2_sent' }],
    ['stage2_sent', { status: 'stage2_submitted' }],
    ['stage2_sent', { status: 'listed', rollickListingUrl: LISTING_URL }],
    ['stage2_submitted', { status: 'matched' }],
    ['listed', { status: 'listed', rollickListingUrl: LISTING_URL }],
    ['listed', { status: 'stage2_sent' }],
    ['listed', { status: 'finalized' }],
    ['matched', { status: 'pending' }],
    ['finalized', { status: 'cancelled' }],
    ['finalized', { status: 'listed', rollickListingUrl: LISTING_URL }],
    ['cancelled', { status: 'matched' }],
  ] as const)('refuses %s → %o with 409 and changes nothing', async (from, payload) => {
    const creator = await creatorIn(from);
    const before = await stored(creator.id);
    const res = await patchStatus(creator.creatorId, payload);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INVALID_TRANSITION');
    expect(res.json().message).toMatch(/cannot be moved/);
    expect(await stored(creator.id)).toEqual(before);
  });

  it('needs a listing URL to list: 400 with the spec message', async () => {
    const creator = await creatorIn('stage2_submitted');
    for (const payload of [{ status: 'listed' }, { status: 'listed', rollickListingUrl: '' }]) {
      const res = await patchStatus(creator.creatorId, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Please provide Listing URL', code: 'VALIDATION_FAILED' });
    }
    const unsafe = await patchStatus(creator.creatorId, { status: 'listed', rollickListingUrl: 'javascript:alert(1)' });
    expect(unsafe.statusCode).toBe(400);
    expect((await stored(creator.id)).row?.status).toBe('stage2_submitted');
  });

  it('refuses an unknown status value with 400', async () => {
    const creator = await creatorIn('listed');
    const res = await patchStatus(creator.creatorId, { status: 'approved' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose a valid status');
  });

  it('answers 404 for an unknown creator', async () => {
    const res = await patchStatus('RC-23456789', { status: 'matched' });
    expect(res.statusCode).toBe(404);
  });
});

describe('PATCH /api/admin/creators/:creatorId/list-directly', () => {
  it('lists a pending creator, skipping stage 2', async () => {
    const creator = await creatorIn('pending');
    const res = await listDirectly(creator.creatorId, { rollickListingUrl: LISTING_URL, rollickCreatorHubId: 'HUB-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().creator).toMatchObject({ status: 'listed', rollickListingUrl: LISTING_URL });
    const { log } = await stored(creator.id);
    expect(log.at(-1)).toMatchObject({
      action: 'Listed directly',
      performedBy: 'alice',
      additionalInfo: { from: 'pending', to: 'listed', rollickListingUrl: LISTING_URL, rollickCreatorHubId: 'HUB-1' },
    });
  });

  it('needs the listing URL', async () => {
    const creator = await creatorIn('pending');
    const res = await listDirectly(creator.creatorId, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please provide Listing URL');
    expect((await stored(creator.id)).row?.status).toBe('pending');
  });

  it.each(['stage2_sent', 'stage2_submitted', 'listed', 'cancelled'] as const)(
    'refuses a %s creator with 409',
    async (from) => {
      const creator = await creatorIn(from);
      const before = await stored(creator.id);
      const res = await listDirectly(creator.creatorId, { rollickListingUrl: LISTING_URL });
      expect(res.statusCode).toBe(409);
      expect(await stored(creator.id)).toEqual(before);
    },
  );
});

describe('two admins changing one creator at once', () => {
  it('lets exactly one of finalize and cancel win, with one activity entry', async () => {
    for (let round = 0; round < 5; round++) {
      const creator = await creatorIn('matched');
      const [a, b] = await Promise.all([
        patchStatus(creator.creatorId, { status: 'finalized' }),
        patchStatus(creator.creatorId, { status: 'cancelled' }),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? 'finalized' : 'cancelled';
      const { row, log } = await stored(creator.id);
      expect(row?.status).toBe(winner);
      expect(log).toHaveLength(2);
      expect(log[1]?.action).toBe(`Status changed to ${winner}`);
    }
  });

  it('lets only one of two identical changes through', async () => {
    const creator = await creatorIn('listed');
    const results = await Promise.all([
      patchStatus(creator.creatorId, { status: 'matched' }),
      patchStatus(creator.creatorId, { status: 'matched' }),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await stored(creator.id)).log).toHaveLength(2);
  });
});
