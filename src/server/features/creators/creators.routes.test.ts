import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creators, recruiters, stage2Submissions } from '#server/db/schema.ts';
import { CREATOR_STATUSES } from '#shared/creator-status.ts';
import type { Creator, CreatorDetail } from '#shared/replies/creators.ts';
import { insertCreator, insertRecruiter } from '#tests/factories.ts';
import { insertCompleteCreator } from '#tests/fixtures/creators.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
const { headers } = t;

const get = (url: string) => t.app.inject({ method: 'GET', url, headers });
const ids = (list: Creator[]) => list.map((creator) => creator.creatorId);

/** Distinct, increasing creation times so "newest first" is observable. */
let clock = Date.parse('2024-01-01T00:00:00Z');
const at = () => {
  clock += 1000;
  return new Date(clock);
};

describe('GET /api/admin/creators', () => {
  it('answers every creator, newest first, in the spec shape without secrets', async () => {
    const recruiter = await insertRecruiter(t.database.db, { name: 'Dana Scout' });
    const older = await insertCreator(t.database.db, { createdAt: at(), name: 'Older One' });
    const newer = await insertCreator(t.database.db, {
      createdAt: at(),
      name: 'Newer One',
      recruiterId: recruiter.id,
      recruiterName: 'Dana Scout',
      photoKey: `${'b'.repeat(32)}.jpg`,
      stage2TokenHash: 'f'.repeat(64),
    });
    const res = await get('/api/admin/creators');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json() as Creator[];
    expect(ids(list).slice(0, 2)).toEqual([newer.creatorId, older.creatorId]);
    const [first] = list;
    expect(first).toEqual({
      id: newer.id,
      creatorId: newer.creatorId,
      name: 'Newer One',
      language: 'English',
      gender: 'Female',
      contactMethod: 'Email',
      contactInfo: newer.contactInfo,
      hasOnlyFans: 'yes',
      averageMonthlyRange: '$1,000–$2,500',
      age: null,
      country: null,
      agencyGoals: 'Grow my audience',
      instagram: null,
      tiktok: null,
      twitter: null,
      additionalInfo: null,
      recruiter: 'Dana Scout',
      recruiterId: recruiter.id,
      status: 'pending',
      confirmationPhotoUrl: `/api/admin/files/${'b'.repeat(32)}.jpg`,
      rollickCreatorHubId: null,
      rollickListingUrl: null,
      createdAt: newer.createdAt.toISOString(),
      updatedAt: newer.updatedAt.toISOString(),
      firstStaffActionAt: null,
      hasDuplicates: false,
      // Optional additions: the language she applied in, and when her link was sent and expires (none here).
      locale: null,
      stage2LinkSentAt: null,
      stage2LinkExpiresAt: null,
      // Inserted directly, not through the form: no consent recorded.
      consentAt: null,
      privacyNoticeVersion: null,
      // The team's additions (decision 063): nobody's yet, and not cancelled.
      assigneeId: null,
      assignee: null,
      cancelReasonId: null,
      cancelNote: null,
      tagIds: [],
    });
    expect(res.body).not.toMatch(/stage2Token|photoKey|contactKey|photoHash|f{64}/);
  });
});

describe('GET /api/admin/creators/summary', () => {
  it('answers all seven counts and the five newest creators', async () => {
    const res = await get('/api/admin/creators/summary');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.counts)).toEqual([...CREATOR_STATUSES]);
    const [{ total }] = (await t.database.db.select({ total: sql<number>`count(*)::int` }).from(creators)) as [
      { total: number },
    ];
    const sum = Object.values(body.counts as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBe(total);
    const all = (await get('/api/admin/creators')).json() as Creator[];
    expect(ids(body.recent)).toEqual(ids(all).slice(0, 5));
    // The same creators as the lists show them, field for field and in the same order.
    expect(body.recent).toEqual(all.slice(0, 5));
    expect(body.recent.map(Object.keys)).toEqual(all.slice(0, 5).map(Object.keys));
  });

  it('follows status changes', async () => {
    const before = (await get('/api/admin/creators/summary')).json().counts;
    const creator = await insertCreator(t.database.db, { createdAt: at() });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/creators/${creator.creatorId}/list-directly`,
      headers,
      payload: { rollickListingUrl: 'https://rollick.example/c/1' },
    });
    expect(res.statusCode).toBe(200);
    const after = (await get('/api/admin/creators/summary')).json().counts;
    expect(after).toEqual({ ...before, listed: before.listed + 1 });
  });
});

describe('GET /api/admin/creators/:creatorId', () => {
  it('answers the creator, stage-2 data and the activity log oldest first', async () => {
    const creator = await insertCreator(t.database.db, { createdAt: at(), status: 'stage2_submitted' });
    await t.database.db.insert(stage2Submissions).values({
      creatorId: creator.id,
      country: 'Germany',
      age: 25,
      englishLevel: 4,
      compensationType: 'revenueShare',
      revenueShare: 40,
      isVerifiedOnlyFans: 'yes',
      onlyFansRevenue: 1200,
      revenueScreenshotKey: `${'c'.repeat(32)}.png`,
      hasExistingContent: true,
      contentType: ['solo', 'softcore'],
      agencyPitch: 'I post daily',
      imageKeys: [`${'d'.repeat(32)}.webp`, `${'e'.repeat(32)}.jpg`],
    });
    const res = await get(`/api/admin/creators/${creator.creatorId.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.creator.creatorId).toBe(creator.creatorId);
    expect(body.stage2Data).toMatchObject({
      creatorId: creator.creatorId,
      country: 'Germany',
      age: 25,
      englishLevel: 4,
      compensationType: 'revenueShare',
      monthlySalary: null,
      revenueShare: 40,
      isVerifiedOnlyFans: 'yes',
      onlyFansRevenue: 1200,
      revenueScreenshotUrl: `/api/admin/files/${'c'.repeat(32)}.png`,
      hasExistingContent: true,
      contentType: ['solo', 'softcore'],
      agencyPitch: 'I post daily',
      imageUrls: [`/api/admin/files/${'d'.repeat(32)}.webp`, `/api/admin/files/${'e'.repeat(32)}.jpg`],
    });
    expect(body.stage2Data).not.toHaveProperty('imageKeys');
    expect(body.activityLog).toEqual([
      {
        id: expect.any(String),
        action: 'Application submitted',
        timestamp: expect.any(String),
        performedBy: 'applicant',
        additionalInfo: null,
      },
    ]);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/creators/${creator.creatorId}/status`,
      headers,
      payload: { status: 'listed', rollickListingUrl: 'https://rollick.example/c/9' },
    });
    const after = (await get(`/api/admin/creators/${creator.creatorId}`)).json();
    expect(after.activityLog.map((entry: { action: string }) => entry.action)).toEqual([
      'Application submitted',
      'Status changed to listed',
    ]);
  });

  it('answers a complete creator: hashed selfie, stage 2 with its files, the note and the duplicate', async () => {
    const { creator, duplicate, recruiter, files, note, admin } = await insertCompleteCreator(t);
    const res = await get(`/api/admin/creators/${creator.creatorId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as CreatorDetail;
    const fileUrl = (key: string) => `/api/admin/files/${key}`;
    expect(body.creator).toMatchObject({
      creatorId: creator.creatorId,
      name: creator.name,
      contactInfo: creator.contactInfo,
      additionalInfo: creator.additionalInfo,
      recruiter: recruiter.name,
      recruiterId: recruiter.id,
      status: 'stage2_submitted',
      confirmationPhotoUrl: fileUrl(files.selfie),
      firstStaffActionAt: expect.any(String),
      hasDuplicates: true,
    });
    expect(body.stage2Data).toMatchObject({
      revenueScreenshotUrl: fileUrl(files.revenueScreenshot),
      imageUrls: files.images.map(fileUrl),
      contentType: ['softcore', 'solo'],
      onlyFansRevenue: 3200,
    });
    expect(body.activityLog.map((entry) => [entry.action, entry.performedBy])).toEqual([
      ['Application submitted', 'applicant'],
      ['Stage 2 link generated', admin],
      ['Stage 2 submitted', creator.creatorId],
      ['Note added', admin],
    ]);
    expect(body.activityLog.at(-1)?.additionalInfo).toEqual({ text: note });
    expect(body.duplicates).toEqual([
      { creatorId: duplicate.creatorId, name: duplicate.name, status: 'pending', reasons: ['contact', 'photo'] },
    ]);
    expect(res.body).not.toMatch(/photoHash|contactKey|stage2Token|photoKey/);
    for (const url of [fileUrl(files.selfie), fileUrl(files.revenueScreenshot), ...files.images.map(fileUrl)]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }

    const other = (await get(`/api/admin/creators/${duplicate.creatorId}`)).json() as CreatorDetail;
    expect(other.duplicates).toEqual([
      { creatorId: creator.creatorId, name: creator.name, status: 'stage2_submitted', reasons: ['contact', 'photo'] },
    ]);
  });

  it('answers stage2Data null before stage 2', async () => {
    const creator = await insertCreator(t.database.db, { createdAt: at() });
    expect((await get(`/api/admin/creators/${creator.creatorId}`)).json().stage2Data).toBeNull();
  });

  it('answers 404 for an unknown or malformed Creator ID', async () => {
    for (const id of ['RC-23456789', 'nonsense', 'RC-0000000O']) {
      const res = await get(`/api/admin/creators/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Creator not found', code: 'NOT_FOUND' });
    }
  });

  it('names the recruiter as submitted after the recruiter is gone', async () => {
    const recruiter = await insertRecruiter(t.database.db, { name: 'Gone Soon' });
    const creator = await insertCreator(t.database.db, { recruiterId: recruiter.id, recruiterName: 'Gone Soon' });
    await t.database.db.delete(recruiters).where(eq(recruiters.id, recruiter.id));
    const body = (await get(`/api/admin/creators/${creator.creatorId}`)).json();
    expect(body.creator).toMatchObject({ recruiter: 'Gone Soon', recruiterId: null });
    const [row] = await t.database.db.select().from(creators).where(eq(creators.id, creator.id));
    expect(row?.recruiterName).toBe('Gone Soon');
  });
});
