import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creators } from '#server/db/schema.ts';
import { IMAGE_MESSAGES } from '#server/lib/images.ts';
import { PHOTO_BAD_TYPE } from '#shared/schemas/application.ts';
import { insertRecruiter } from '#tests/factories.ts';
import {
  gif,
  gpsTaggedJpeg,
  jpeg,
  notAnImage,
  pixelBombPng,
  png,
  truncatedJpeg,
  webp,
} from '#tests/fixtures/images.ts';
import { type FilePart, filePart } from '#tests/setup/multipart.ts';
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

const submitPhoto = (photo: FilePart, fields: Record<string, string> = {}) =>
  submit(t, validApplication({ ...fields, confirmationPhoto: photo }));

async function storedPhoto(): Promise<Buffer> {
  const [row] = await t.database.db.select({ photoKey: creators.photoKey }).from(creators);
  const file = row?.photoKey ? await t.store.get(row.photoKey) : null;
  if (!file) throw new Error('no stored photo');
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function expectPhotoRefused(res: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ message, fields: { confirmationPhoto: message } });
}

describe('POST /api/submissions confirmationPhoto (product §5, architecture §5)', () => {
  it('stores a PNG as a PNG', async () => {
    expect((await submitPhoto(filePart(await png(), 'me.png', 'image/png'))).statusCode).toBe(201);
    expect((await sharp(await storedPhoto()).metadata()).format).toBe('png');
  });

  it('decides the type by the bytes: a JPEG sent as image/png named .png is stored as a JPEG', async () => {
    expect((await submitPhoto(filePart(await jpeg(), 'me.png', 'image/png'))).statusCode).toBe(201);
    const [row] = await t.database.db.select({ photoKey: creators.photoKey }).from(creators);
    expect(row?.photoKey).toMatch(/^[0-9a-f]{32}\.jpg$/);
  });

  it('removes GPS, camera and XMP data from the stored copy', async () => {
    const tagged = await gpsTaggedJpeg({ width: 100, height: 80 });
    expect((await sharp(tagged).metadata()).exif).toBeDefined();

    expect((await submitPhoto(filePart(tagged))).statusCode).toBe(201);

    const stored = await storedPhoto();
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 100, height: 80 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    for (const trace of ['Exif', 'Canon', 'EOS Fixture', 'fixture-camera', 'Fixture Person']) {
      expect(stored.includes(trace)).toBe(false);
    }
  });

  it('refuses a GIF', async () => {
    expectPhotoRefused(await submitPhoto(filePart(await gif(), 'me.gif', 'image/gif')), 400, PHOTO_BAD_TYPE);
    await expectNothingStored(t);
  });

  it('refuses a WebP image', async () => {
    expectPhotoRefused(await submitPhoto(filePart(await webp(), 'me.webp', 'image/webp')), 400, PHOTO_BAD_TYPE);
    await expectNothingStored(t);
  });

  it('refuses bytes that are no image, named x.jpg and sent as image/jpeg', async () => {
    expectPhotoRefused(await submitPhoto(filePart(notAnImage(), 'x.jpg', 'image/jpeg')), 400, PHOTO_BAD_TYPE);
    await expectNothingStored(t);
  });

  it('refuses an empty file that claims a name', async () => {
    expectPhotoRefused(await submitPhoto(filePart(new Uint8Array(0), 'x.jpg')), 400, PHOTO_BAD_TYPE);
    await expectNothingStored(t);
  });

  it('refuses a truncated JPEG with a clear message', async () => {
    expectPhotoRefused(await submitPhoto(filePart(await truncatedJpeg())), 400, IMAGE_MESSAGES.damaged);
    await expectNothingStored(t);
  });

  it('refuses a pixel bomb from its header, without decoding it', async () => {
    const started = performance.now();
    const res = await submitPhoto(filePart(pixelBombPng(), 'bomb.png', 'image/png'));
    expectPhotoRefused(res, 413, IMAGE_MESSAGES.tooManyPixels);
    expect(performance.now() - started).toBeLessThan(2000);
    await expectNothingStored(t);
  });

  it('reports a bad photo together with the text fields’ problems', async () => {
    const res = await submitPhoto(filePart(await gif(), 'me.gif', 'image/gif'), { name: 'J' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Name is required',
      code: 'VALIDATION_FAILED',
      fields: { name: 'Name is required', confirmationPhoto: PHOTO_BAD_TYPE },
    });
    await expectNothingStored(t);
  });
});
