import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_BUSY_MESSAGE } from '#server/lib/upload-slots.ts';
import { occupyUploadSlots } from '../../../../tests/setup/busy-uploads.ts';
import { buildTestApp, signIn, type TestApp } from '../../../../tests/setup/test-app.ts';
import { expectNothingStored, linkedCreator, postForm, validStage2 } from './stage2.test-support.ts';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t);
});
afterAll(() => t.close());

describe('POST /api/stage2/:creatorId under a burst of uploads', () => {
  it('answers 503 at once when every upload slot and the queue are taken, and stores nothing', async () => {
    const creator = await linkedCreator(t, admin);
    const release = await occupyUploadSlots(t);
    try {
      const res = await postForm(t, creator, validStage2());
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: UPLOAD_BUSY_MESSAGE, code: 'UNAVAILABLE' });
      await expectNothingStored(t, creator);
    } finally {
      await release();
    }
    expect((await postForm(t, creator, validStage2())).statusCode).toBe(200);
  });
});
