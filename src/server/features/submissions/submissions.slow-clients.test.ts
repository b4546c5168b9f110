import type { AddressInfo } from 'node:net';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLOW_UPLOAD_MESSAGE } from '#server/lib/multipart-body.ts';
import { TOO_MANY_UPLOADS_MESSAGE } from '#server/lib/upload-intake.ts';
import { insertRecruiter } from '#tests/factories.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { filePart, multipartBody } from '#tests/setup/multipart.ts';
import { type RawUpload, rawUpload } from '#tests/setup/raw-upload.ts';
import { setUpTestApp, spooledFiles } from '#tests/setup/test-app.ts';
import { RECRUITER_NAME, resetSubmissions, storedCounts, validApplication } from './submissions.test-support.ts';

/**
 * Real TCP connections, because what is under test is what slow sockets can hold. The rate policy is
 * scaled down so a stalled client is cut off within a test: at least 1,000 bytes a second over every
 * 300 ms window.
 */
const t = setUpTestApp({
  config: { uploadMinBytesPerSecond: 1000, uploadRateWindowMs: 300, uploadsPerClient: 2 },
  signedIn: false,
});
let port: number;
const opened: RawUpload[] = [];

beforeAll(async () => {
  await insertRecruiter(t.database.db, { name: RECRUITER_NAME });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
beforeEach(async () => {
  for (const upload of opened.splice(0)) upload.close();
  await resetSubmissions(t);
});

/** A 200 kB photo, so a connection can stay mid-upload for as long as a test needs. */
async function applicationWithPhoto() {
  const photo = Buffer.concat([await jpeg(), Buffer.alloc(200_000, 7)]);
  return multipartBody(validApplication({ confirmationPhoto: filePart(photo) }));
}

async function open(localAddress: string, sendFirst: number) {
  const upload = rawUpload({
    port,
    localAddress,
    path: '/api/submissions',
    body: await applicationWithPhoto(),
    sendFirst,
  });
  opened.push(upload);
  return upload;
}

/** The text fields and the start of the photo: enough for the photo to be spooling when the client slows down. */
const INTO_THE_PHOTO = 2_000;

describe('POST /api/submissions from slow and stalled clients', () => {
  it('cuts off a client that stalls mid-upload with 408 and removes what it had spooled', async () => {
    const stalled = await open('127.0.0.2', INTO_THE_PHOTO);
    await vi.waitFor(async () => expect(await spooledFiles(t)).toHaveLength(1));

    const res = await stalled.response;

    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toMatchObject({ message: SLOW_UPLOAD_MESSAGE, code: 'REQUEST_TIMEOUT' });
    expect(res.headers.connection).toBe('close');
    await vi.waitFor(() => expect(stalled.isClosed).toBe(true));
    expect(await spooledFiles(t)).toEqual([]);
    expect(await storedCounts(t)).toEqual({ creators: 0, activity: 0, files: 0 });
    expect(t.app.intake.inFlight('127.0.0.2')).toBe(0);
  });

  it('gives five connections at a byte a second from one address two uploads, 429 for the rest, then 408', async () => {
    const attack = await Promise.all(Array.from({ length: 5 }, () => open('127.0.0.3', INTO_THE_PHOTO)));
    for (const upload of attack) upload.trickle(1, 100);

    const replies = await Promise.all(attack.map((upload) => upload.response));

    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([408, 408, 429, 429, 429]);
    for (const refused of replies.filter((reply) => reply.status === 429)) {
      expect(JSON.parse(refused.body)).toMatchObject({ message: TOO_MANY_UPLOADS_MESSAGE, code: 'TOO_MANY_UPLOADS' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(await spooledFiles(t)).toEqual([]);
    expect(await storedCounts(t)).toMatchObject({ creators: 0, files: 0 });
  });

  it('serves a normal applicant at once while slow phones hold their connections', async () => {
    // Slow but above the minimum rate: these are applicants on a poor link, not attackers. 10 kB a second,
    // ten times the minimum, in chunks large enough that a window stretched by a busy machine (client and
    // server share this process) still sees its bytes; the 200 kB photo keeps them arriving for 20 s.
    const slowPhones = await Promise.all([open('127.0.0.4', INTO_THE_PHOTO), open('127.0.0.4', INTO_THE_PHOTO)]);
    for (const phone of slowPhones) phone.trickle(1_000, 100);
    await vi.waitFor(() => expect(t.app.intake.inFlight('127.0.0.4')).toBe(2));

    const third = await open('127.0.0.4', INTO_THE_PHOTO);
    const normal = rawUpload({
      port,
      localAddress: '127.0.0.5',
      path: '/api/submissions',
      body: await multipartBody(validApplication({ confirmationPhoto: filePart(await jpeg()) })),
      sendFirst: Number.POSITIVE_INFINITY,
    });
    opened.push(normal);

    expect((await third.response).status).toBe(429);
    const res = await normal.response;
    expect(res.status).toBe(201);
    // Both slow uploads were still arriving when the normal one was answered.
    expect(slowPhones.map((phone) => phone.isClosed)).toEqual([false, false]);
    expect(t.app.intake.inFlight('127.0.0.4')).toBe(2);

    for (const phone of slowPhones) phone.close();
    await vi.waitFor(() => expect(t.app.intake.inFlight('127.0.0.4')).toBe(0));
    expect(await spooledFiles(t)).toEqual([]);
    expect(await storedCounts(t)).toMatchObject({ creators: 1, files: 1 });
  });
});
