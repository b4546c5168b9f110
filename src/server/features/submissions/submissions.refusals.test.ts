import net, { type AddressInfo } from 'node:net';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOO_MANY_UPLOADS_MESSAGE } from '#server/lib/upload-intake.ts';
import { insertRecruiter } from '#tests/factories.ts';
import { syntheticSelfie } from '#tests/fixtures/images.ts';
import { filePart, type MultipartRequest, multipartBody } from '#tests/setup/multipart.ts';
import { type RawUpload, rawUpload } from '#tests/setup/raw-upload.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { RECRUITER_NAME, resetSubmissions, storedCounts, validApplication } from './submissions.test-support.ts';

/**
 * A refusal sent while the browser is still sending its photo (docs/decisions/052): the browser must read the
 * refusal, not a connection reset, which it would show as a network error. Real sockets and Node's own HTTP
 * client, which sends a body and reads the reply as a browser does.
 */
const t = setUpTestApp({
  config: { uploadsPerClient: 1, uploadMinBytesPerSecond: 100, uploadRateWindowMs: 1000 },
  signedIn: false,
});
let port: number;
let holding: RawUpload | undefined;

beforeAll(async () => {
  await insertRecruiter(t.database.db, { name: RECRUITER_NAME });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
beforeEach(async () => {
  holding?.close();
  await resetSubmissions(t);
});

/** A 12-megapixel selfie padded to about 4 MB, as a phone's camera makes it. */
async function phoneApplication(): Promise<MultipartRequest> {
  const photo = Buffer.concat([await syntheticSelfie(3, { width: 1200, height: 1600 })]);
  const padded = Buffer.concat([photo, Buffer.alloc(4_000_000 - photo.length, 0)]);
  return multipartBody(validApplication({ confirmationPhoto: filePart(padded, 'selfie.jpg') }));
}

/** The reply once all of it is in (by its Content-Length), else null. */
function replyIn(received: Buffer[]): { status: number; body: string } | null {
  const text = Buffer.concat(received).toString('utf8');
  const at = text.indexOf('\r\n\r\n');
  if (at < 0) return null;
  const head = text.slice(0, at);
  const body = text.slice(at + 4);
  const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? Number.NaN);
  if (Buffer.byteLength(body) < length) return null;
  return { status: Number(head.split(' ')[1] ?? 0), body };
}

/**
 * Sends the body in 64 KiB pieces a few milliseconds apart, as a phone's link does, and reads only once it has all
 * gone, as a browser busy sending; settles with the reply, or with the error the connection ended in.
 */
function post(
  body: MultipartRequest,
  localAddress: string,
  connection: 'keep-alive' | 'close',
): Promise<{ status: number; body: string } | Error> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    const received: Buffer[] = [];
    let failure: Error | undefined;
    socket.pause();
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      const reply = replyIn(received);
      if (reply) {
        resolve(reply);
        socket.destroy();
      }
    });
    socket.on('error', (error) => {
      failure = error;
    });
    socket.on('close', () => resolve(replyIn(received) ?? failure ?? new Error('closed without a reply')));
    socket.on('connect', async () => {
      socket.write(
        `POST /api/submissions HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: ${connection}\r\n` +
          `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
      );
      for (let sent = 0; sent < body.payload.length && !socket.destroyed; sent += PIECE) {
        socket.write(body.payload.subarray(sent, sent + PIECE));
        await new Promise((next) => setTimeout(next, 2));
      }
      socket.resume();
    });
  });
}

const PIECE = 64 * 1024;

describe('an upload refused while its body is still arriving', () => {
  it.each(['keep-alive', 'close'] as const)(
    'is answered with its refusal on a %s connection, every time, and nothing of it is kept',
    async (connection) => {
      const body = await phoneApplication();
      // One upload from this address is in flight, arriving slowly: the address's share is used up.
      holding = rawUpload({ port, localAddress: '127.0.0.7', path: '/api/submissions', body, sendFirst: 2_000 });
      holding.trickle(2_000, 100);
      await vi.waitFor(() => expect(t.app.intake.inFlight('127.0.0.7')).toBe(1));

      const replies = await Promise.all(Array.from({ length: 6 }, () => post(body, '127.0.0.7', connection)));

      for (const reply of replies) {
        expect(reply).not.toBeInstanceOf(Error);
        expect(reply).toMatchObject({ status: 429 });
        expect(JSON.parse((reply as { body: string }).body)).toMatchObject({
          code: 'TOO_MANY_UPLOADS',
          message: TOO_MANY_UPLOADS_MESSAGE,
        });
      }
      holding.close();
      await vi.waitFor(() => expect(t.app.intake.inFlight('127.0.0.7')).toBe(0));
      expect(await storedCounts(t)).toEqual({ creators: 0, activity: 0, files: 0 });
    },
  );
});
