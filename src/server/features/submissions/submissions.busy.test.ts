import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGES_BUSY_MESSAGE } from '#server/lib/image-queue.ts';
import { insertRecruiter } from '#tests/factories.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { bodyInTwoHalves, fillImageQueue } from '#tests/setup/busy-uploads.ts';
import { filePart, multipartBody } from '#tests/setup/multipart.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import {
  expectNothingStored,
  RECRUITER_NAME,
  resetSubmissions,
  submit,
  validApplication,
} from './submissions.test-support.ts';

const t = setUpTestApp({ signedIn: false });

beforeAll(async () => {
  await insertRecruiter(t.database.db, { name: RECRUITER_NAME });
});
beforeEach(() => resetSubmissions(t));

/** An application whose body has half arrived when this resolves; the rest comes on `sendRest()`. */
async function submitFirstHalf(ip: string) {
  const body = await multipartBody(validApplication({ confirmationPhoto: filePart(await jpeg()) }));
  const halves = bodyInTwoHalves(body.payload);
  const sent = t.app.inject({
    method: 'POST',
    url: '/api/submissions',
    headers: body.headers,
    payload: halves.stream,
    remoteAddress: ip,
  });
  await halves.firstHalfRead;
  return { sent, sendRest: halves.sendRest };
}

describe('POST /api/submissions under a burst of uploads', () => {
  it('answers 503 with Retry-After before reading the body when the image queue is full, and stores nothing', async () => {
    const release = fillImageQueue(t);
    try {
      const res = await submit(t, validApplication({ confirmationPhoto: filePart(await jpeg()) }));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: IMAGES_BUSY_MESSAGE, code: 'UNAVAILABLE' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // The rest of the body is read and dropped on the kept connection, so the client reads the refusal (decision 052).
      expect(res.headers.connection).not.toBe('close');
      await expectNothingStored(t);
    } finally {
      await release();
    }
    expect((await submit(t, validApplication())).statusCode).toBe(201);
  });

  it('answers 503 when the queue fills while the body is arriving, and leaves no spooled file', async () => {
    const { sent, sendRest } = await submitFirstHalf('203.0.113.20');
    const release = fillImageQueue(t);
    try {
      sendRest();
      const res = await sent;
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      await expectNothingStored(t);
    } finally {
      await release();
    }
  });

  it('takes an image slot only once the whole body has arrived', async () => {
    const { sent, sendRest } = await submitFirstHalf('203.0.113.21');
    expect({ active: t.app.images.active, waiting: t.app.images.waiting }).toEqual({ active: 0, waiting: 0 });
    sendRest();
    expect((await sent).statusCode).toBe(201);
  });
});
