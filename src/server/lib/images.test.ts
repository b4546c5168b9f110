import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  gif,
  gpsTaggedJpeg,
  jpeg,
  notAnImage,
  orientedJpeg,
  pixelBombPng,
  png,
  truncatedJpeg,
  webp,
} from '#tests/fixtures/images.ts';
import { AppError } from './app-error.ts';
import { IMAGE_MESSAGES, processImage, processImageToFile, SNIFF_BYTES, sniffImageType } from './images.ts';

const ALL = { allowed: ['jpeg', 'png', 'webp'] } as const;
const PHOTO_BAD_TYPE = 'Only JPEG, JPG and PNG files are accepted';

/** The AppError a promise rejects with, so tests can check code and message together. */
async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('sniffImageType', () => {
  it('recognises JPEG, PNG, WebP and GIF by their first bytes', async () => {
    expect(sniffImageType(await jpeg())).toBe('jpeg');
    expect(sniffImageType(await png())).toBe('png');
    expect(sniffImageType(await webp())).toBe('webp');
    expect(sniffImageType(await gif())).toBe('gif');
  });

  it('returns null for anything else, including short and empty input', () => {
    expect(sniffImageType(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('processImage', () => {
  it.each([
    ['jpeg', jpeg, 'jpg', 'image/jpeg'],
    ['png', png, 'png', 'image/png'],
    ['webp', webp, 'webp', 'image/webp'],
  ] as const)('re-encodes a %s as the same type', async (format, build, extension, contentType) => {
    const result = await processImage(await build({ width: 64, height: 48 }), ALL);

    expect(result).toMatchObject({ extension, contentType, width: 64, height: 48 });
    const meta = await sharp(result.data).metadata();
    expect(meta).toMatchObject({ format, width: 64, height: 48 });
  });

  it('decides the type by the bytes and refuses types not allowed, with the caller’s message', async () => {
    const error = await rejection(
      processImage(await webp(), { allowed: ['jpeg', 'png'], unsupportedMessage: 'application.photoBadType' }),
    );
    expect(error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: PHOTO_BAD_TYPE });
  });

  it('refuses a GIF even when every type is allowed', async () => {
    const error = await rejection(processImage(await gif(), ALL));
    expect(error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: IMAGE_MESSAGES.unsupported });
  });

  it('refuses random bytes', async () => {
    const error = await rejection(processImage(notAnImage(), ALL));
    expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a 20000×20000 PNG from its header alone, quickly', async () => {
    const bomb = pixelBombPng();
    expect(bomb.length).toBeLessThan(100);
    const started = performance.now();

    const error = await rejection(processImage(bomb, ALL));

    expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: IMAGE_MESSAGES.tooManyPixels });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('applies the caller’s pixel limit', async () => {
    const error = await rejection(processImage(await png({ width: 200, height: 200 }), { ...ALL, maxPixels: 10_000 }));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    await expect(
      processImage(await png({ width: 100, height: 100 }), { ...ALL, maxPixels: 10_000 }),
    ).resolves.toBeTruthy();
  });

  it('refuses a truncated JPEG as damaged', async () => {
    const error = await rejection(processImage(await truncatedJpeg(), ALL));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message: IMAGE_MESSAGES.damaged });
  });

  it('refuses a file that starts like a PNG but is not one', async () => {
    const fake = Buffer.concat([(await png()).subarray(0, 8), notAnImage(256)]);
    const error = await rejection(processImage(fake, ALL));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message: IMAGE_MESSAGES.damaged });
  });

  it('strips EXIF (camera and GPS), XMP and IPTC', async () => {
    const input = await gpsTaggedJpeg();
    const before = await sharp(input).metadata();
    // Guard: the fixture really carries what must be removed.
    expect(before.exif?.toString('latin1')).toContain('Canon');
    expect(before.xmp).toBeDefined();

    const { data } = await processImage(input, ALL);

    const after = await sharp(data).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(data.includes('Canon')).toBe(false);
    expect(data.includes('Fixture Person')).toBe(false);
  });

  it('strips EXIF from PNG and WebP too', async () => {
    for (const format of ['png', 'webp'] as const) {
      const input = await sharp(await png())
        .toFormat(format)
        .withExif({ IFD0: { Make: 'Canon', Model: 'EOS Fixture' } })
        .toBuffer();
      expect((await sharp(input).metadata()).exif).toBeDefined();

      const { data } = await processImage(input, ALL);

      expect((await sharp(data).metadata()).exif).toBeUndefined();
    }
  });

  it('applies the EXIF orientation to the pixels', async () => {
    const input = await orientedJpeg({ width: 80, height: 40, orientation: 6 });

    const result = await processImage(input, ALL);

    expect(result).toMatchObject({ width: 40, height: 80 });
    const meta = await sharp(result.data).metadata();
    expect(meta).toMatchObject({ width: 40, height: 80 });
    expect(meta.orientation).toBeUndefined();
  });

  it('writes the same re-encoding to a file when asked, and leaves no file when it refuses', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rollick-images-'));
    try {
      const input = await jpeg({ width: 120, height: 90 });
      const output = path.join(dir, 'upload.encoded');

      const written = await processImageToFile(input, ALL, output);

      expect(written).toMatchObject({ file: output, extension: 'jpg', width: 120, height: 90 });
      const bytes = await readFile(output);
      expect(written.size).toBe(bytes.length);
      expect(bytes.equals((await processImage(input, ALL)).data)).toBe(true);

      const refused = path.join(dir, 'damaged.encoded');
      const damaged = (await rejection(processImageToFile(await truncatedJpeg(), ALL, refused))).message;
      expect(damaged).toBe(IMAGE_MESSAGES.damaged);
      expect(await readdir(dir)).toEqual(['upload.encoded']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reports a file it cannot write as its own failure, not as a damaged image', async () => {
    const output = path.join(tmpdir(), 'rollick-no-such-folder', 'upload.encoded');

    const error = await processImageToFile(await jpeg(), ALL, output).catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AppError);
    expect((error as Error).message).toContain(output);
  });

  it('reads a spooled upload from its file, deciding the type by the first bytes kept beside it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rollick-images-'));
    try {
      const input = await jpeg({ width: 120, height: 90 });
      const file = path.join(dir, 'upload');
      await writeFile(file, input);

      const result = await processImage({ path: file, head: input.subarray(0, SNIFF_BYTES) }, ALL);
      expect(result).toMatchObject({ extension: 'jpg', width: 120, height: 90 });

      const disguised = { path: file, head: (await png()).subarray(0, SNIFF_BYTES) };
      expect((await rejection(processImage(disguised, ALL))).message).toBe(IMAGE_MESSAGES.damaged);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
