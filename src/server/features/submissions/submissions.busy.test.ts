import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_BUSY_MESSAGE } from '#server/lib/upload-slots.ts';
import { insertRecruiter } from '../../../../tests/factories.ts';
import { occupyUploadSlots } from '../../../../tests/setup/busy-uploads.ts';
import { buildTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { expectNothingStored, RECRUITER_NAME, submit, validApplication } from './submissions.test-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await insertRecruiter(t.database.db, { name: RECRUITER_NAME });
});
afterAll(() => t.close());

describe('POST /api/submissions under a burst of uploads', () => {
  it('answers 503 at once when every upload slot and the queue are taken, and stores nothing', async () => {
    const release = await occupyUploadSlots(t);
    try {
      const res = await submit(t, validApplication());
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: UPLOAD_BUSY_MESSAGE, code: 'UNAVAILABLE' });
      await expectNothingStored(t);
    } finally {
      await release();
    }
    expect((await submit(t, validApplication())).statusCode).toBe(201);
  });
});
