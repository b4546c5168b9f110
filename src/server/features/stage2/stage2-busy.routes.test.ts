import { beforeEach, describe, expect, it } from 'vitest';
import { IMAGES_BUSY_MESSAGE } from '#server/lib/image-queue.ts';
import { SLOW_UPLOAD_MESSAGE } from '#server/lib/multipart-body.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { bodyInTwoHalves, fillImageQueue } from '#tests/setup/busy-uploads.ts';
import { filePart, multipartBody } from '#tests/setup/multipart.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import {
  expectNothingStored,
  formUrl,
  linkedCreator,
  postForm,
  resetStage2,
  validStage2,
} from './stage2.test-support.ts';

// A scaled-down rate policy (1,000 bytes a second over 300 ms windows), so a stall is cut off in a test.
const t = setUpTestApp({
  config: { imageJobs: 2, imageQueueLength: 4, uploadMinBytesPerSecond: 1000, uploadRateWindowMs: 300 },
});
const admin = t.headers;
beforeEach(() => resetStage2(t));

describe('POST /api/stage2/:creatorId under a burst of uploads', () => {
  it('answers 503 with Retry-After when the image queue is full, and stores nothing', async () => {
    const creator = await linkedCreator(t, admin);
    const release = fillImageQueue(t);
    try {
      const res = await postForm(t, creator, validStage2({ imageFiles: [filePart(await jpeg())] }));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: IMAGES_BUSY_MESSAGE, code: 'UNAVAILABLE' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      await expectNothingStored(t, creator);
    } finally {
      await release();
    }
    expect((await postForm(t, creator, validStage2())).statusCode).toBe(200);
  });

  it('admits a form only when all its images fit the queue', async () => {
    const creator = await linkedCreator(t, admin);
    const images = await Promise.all(Array.from({ length: 6 }, () => jpeg()));
    // Two jobs and a queue of four leave room for six images, not for seven.
    const res = await postForm(
      t,
      creator,
      validStage2({
        isVerifiedOnlyFans: 'yes',
        revenueScreenshotFile: filePart(await jpeg()),
        imageFiles: images.map((image) => filePart(image)),
      }),
    );
    expect(res.statusCode).toBe(503);
    await expectNothingStored(t, creator);
    const fits = await postForm(t, creator, validStage2({ imageFiles: images.map((image) => filePart(image)) }));
    expect(fits.statusCode).toBe(200);
  });

  it('cuts off a form whose images stop arriving with 408, and keeps nothing of it', async () => {
    const creator = await linkedCreator(t, admin);
    const images = await Promise.all(Array.from({ length: 3 }, () => jpeg()));
    const body = await multipartBody(validStage2({ imageFiles: images.map((image) => filePart(image)) }));
    // The second half never comes: the client stalls mid-upload.
    const stalled = bodyInTwoHalves(body.payload);

    const res = await t.app.inject({
      method: 'POST',
      url: formUrl(creator.creatorId, creator.token),
      headers: body.headers,
      payload: stalled.stream,
      remoteAddress: '198.51.100.8',
    });

    expect(res.statusCode).toBe(408);
    expect(res.json()).toMatchObject({ message: SLOW_UPLOAD_MESSAGE, code: 'REQUEST_TIMEOUT' });
    expect(res.headers.connection).toBe('close');
    stalled.stream.destroy();
    await expectNothingStored(t, creator);
  });
});
