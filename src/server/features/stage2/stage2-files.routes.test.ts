import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { FILE_NOT_FOUND } from '#server/features/files/files.service.ts';
import { jpeg, png } from '#tests/fixtures/images.ts';
import { filePart } from '#tests/setup/multipart.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import {
  getForm,
  type LinkedCreator,
  linkedCreator,
  postForm,
  resetStage2,
  storedSubmission,
  validStage2,
} from './stage2.test-support.ts';
import { STAGE2_ATTEMPT_RULE, STAGE2_LINK_INVALID } from './stage2-link.service.ts';

const t = setUpTestApp();
const { headers } = t;
beforeEach(() => resetStage2(t));

const fileUrl = (creatorId: string, key: string, token: string) =>
  `/api/stage2/${creatorId}/files/${key}?token=${encodeURIComponent(token)}`;

const getFile = (creatorId: string, key: string, token: string, ip = '198.51.100.9') =>
  t.app.inject({ method: 'GET', url: fileUrl(creatorId, key, token), remoteAddress: ip });

/** A creator who submitted a PNG screenshot and one JPEG image. */
async function submitted(): Promise<LinkedCreator & { screenshotKey: string; imageKey: string }> {
  const creator = await linkedCreator(t, headers);
  const res = await postForm(
    t,
    creator,
    validStage2({
      isVerifiedOnlyFans: 'yes',
      revenueScreenshotFile: filePart(await png(), 'shot.png', 'image/png'),
      imageFiles: [filePart(await jpeg({ width: 30, height: 20 }))],
    }),
  );
  expect(res.statusCode).toBe(200);
  const row = await storedSubmission(t, creator.id);
  return { ...creator, screenshotKey: row?.revenueScreenshotKey ?? '', imageKey: row?.imageKeys[0] ?? '' };
}

describe('GET /api/stage2/:creatorId/files/:key', () => {
  it('serves the creator’s own files with the stored type, no sniffing, a sandbox and no caching', async () => {
    const creator = await submitted();
    const screenshot = await getFile(creator.creatorId, creator.screenshotKey, creator.token);
    expect(screenshot.statusCode).toBe(200);
    expect(screenshot.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
    });
    expect((await sharp(screenshot.rawPayload).metadata()).format).toBe('png');

    const image = await getFile(creator.creatorId, creator.imageKey, creator.token);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 30, height: 20 });
  });

  it('refuses a wrong token with the dead-link 404', async () => {
    const creator = await submitted();
    const res = await getFile(creator.creatorId, creator.imageKey, 'wrong');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: STAGE2_LINK_INVALID, code: 'NOT_FOUND' });
  });

  it('never serves another creator’s file, an unknown key or a path, even with a working link', async () => {
    const owner = await submitted();
    const other = await submitted();
    for (const key of [owner.imageKey, owner.screenshotKey, `${'0'.repeat(32)}.jpg`, '..%2F..%2Fetc%2Fpasswd']) {
      const res = await getFile(other.creatorId, key, other.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(FILE_NOT_FOUND);
    }
  });

  it('stops serving a file once a re-submission replaced it', async () => {
    const creator = await submitted();
    expect((await postForm(t, creator, validStage2())).statusCode).toBe(200);
    expect((await getFile(creator.creatorId, creator.imageKey, creator.token)).statusCode).toBe(404);
  });

  it('counts failed link checks against the address, but not files served', async () => {
    const creator = await submitted();
    for (let i = 0; i < STAGE2_ATTEMPT_RULE.limit + 5; i++) {
      expect((await getFile(creator.creatorId, creator.imageKey, creator.token, '203.0.113.60')).statusCode).toBe(200);
    }
    for (let i = 0; i < STAGE2_ATTEMPT_RULE.limit; i++) {
      await getFile(creator.creatorId, creator.imageKey, `guess-${i}`, '203.0.113.61');
    }
    expect((await getFile(creator.creatorId, creator.imageKey, creator.token, '203.0.113.61')).statusCode).toBe(429);
    expect((await getForm(t, creator.creatorId, creator.token, '203.0.113.61')).statusCode).toBe(429);
  });
});
