import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gpsTaggedJpeg, png, syntheticSelfie, truncatedJpeg } from '#tests/fixtures/images.ts';
import { AppError } from './app-error.ts';
import { createImageWork, IMAGE_WORK_MMAP_THRESHOLD, IMAGE_WORK_NICENESS, type ImageWork } from './image-work.ts';
import { SNIFF_BYTES } from './images.ts';
import { perceptualHash } from './perceptual-hash.ts';
import { encodedPathOf } from './upload-images.ts';

const PHOTO = { allowed: ['jpeg', 'png'] } as const;
const run = promisify(execFile);

/** The niceness of each thread of a process, from /proc (field 19 of a thread's stat line). */
async function threadNiceness(pid: number): Promise<number[]> {
  const threads = await readdir(`/proc/${pid}/task`);
  return Promise.all(
    threads.map(async (thread) => {
      const stat = await readFile(`/proc/${pid}/task/${thread}/stat`, 'utf8');
      // The command name may hold spaces; the fields after its closing parenthesis start at field 3.
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19 - 3]);
    }),
  );
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the image work in its own process (docs/decisions/052)', () => {
  let work: ImageWork;
  let dir: string;
  let selfie: Buffer;

  beforeAll(async () => {
    work = createImageWork();
    dir = await mkdtemp(path.join(tmpdir(), 'rollick-image-work-'));
    selfie = await syntheticSelfie(7);
  });

  afterAll(async () => {
    await work.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('re-encodes a spooled selfie in another process, as the server would in its own', async () => {
    const file = path.join(dir, 'selfie.upload');
    await writeFile(file, await gpsTaggedJpeg({ width: 1200, height: 1600 }));
    const head = (await readFile(file)).subarray(0, SNIFF_BYTES);

    const image = await work.reencode({ path: file, head }, PHOTO);

    expect(work.pid).toBeDefined();
    expect(work.pid).not.toBe(process.pid);
    expect(Buffer.isBuffer(image.data)).toBe(true);
    expect(image).toMatchObject({ extension: 'jpg', contentType: 'image/jpeg', width: 1200, height: 1600 });
    const meta = await sharp(image.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 1600 });
    expect(meta.exif).toBeUndefined();
  });

  it('writes a spooled selfie to the file asked for, sending the server no image bytes', async () => {
    const file = path.join(dir, 'tagged.upload');
    await writeFile(file, await gpsTaggedJpeg({ width: 1200, height: 1600 }));
    const head = (await readFile(file)).subarray(0, SNIFF_BYTES);
    const output = encodedPathOf(file);

    const image = await work.reencodeToFile({ path: file, head }, PHOTO, output);

    expect(image).toEqual({
      file: output,
      size: (await stat(output)).size,
      extension: 'jpg',
      contentType: 'image/jpeg',
      width: 1200,
      height: 1600,
    });
    expect('data' in image).toBe(false);
    const meta = await sharp(output).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 1600 });
    expect(meta.exif).toBeUndefined();
  });

  // Linux, where the server runs (the container, CI): a niceness is a thread's, read from /proc.
  it('runs every thread of the image process at a lower priority, and leaves the server at its own', async () => {
    await work.reencode(selfie, PHOTO);
    const pid = work.pid as number;
    const threads = await threadNiceness(pid);
    // The main thread, the collector's helpers, libuv's pool and libvips's workers alike.
    expect(threads.length).toBeGreaterThan(3);
    expect(new Set(threads)).toEqual(new Set([IMAGE_WORK_NICENESS]));
    expect(await threadNiceness(process.pid)).not.toContain(IMAGE_WORK_NICENESS);
  });

  it("gives the image process glibc's fixed threshold for large blocks, so a photo's buffers leave with it", async () => {
    await work.reencode(selfie, PHOTO);
    const environment = (await readFile(`/proc/${work.pid}/environ`, 'utf8')).split('\0');
    expect(environment).toContain(`MALLOC_MMAP_THRESHOLD_=${IMAGE_WORK_MMAP_THRESHOLD}`);
    // The server's own allocator is left as it was started.
    expect(process.env.MALLOC_MMAP_THRESHOLD_).toBeUndefined();
  });

  it('hashes a photo exactly as the server would', async () => {
    expect(await work.hash(selfie)).toBe(await perceptualHash(selfie));
  });

  it('refuses a damaged image or a type not allowed with the same error and message as in-process', async () => {
    const damaged = await rejection(work.reencode(await truncatedJpeg(), PHOTO));
    expect(damaged).toMatchObject({ code: 'VALIDATION_FAILED', reason: { key: 'image.damaged' } });

    const notAllowed = await rejection(
      work.reencode(await png(), { allowed: ['jpeg'], unsupportedMessage: 'application.photoBadType' }),
    );
    expect(notAllowed).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', reason: { key: 'application.photoBadType' } });
  });

  it('answers a job the process died in as a busy server, and starts a new process for the next', async () => {
    const before = await work.reencode(selfie, PHOTO).then(() => work.pid as number);
    const job = work.reencode(await syntheticSelfie(8, { width: 3000, height: 4000 }), PHOTO);
    process.kill(before, 'SIGKILL');

    const refused = await rejection(job);
    expect(refused).toMatchObject({ code: 'UNAVAILABLE', statusCode: 503, retryAfterSeconds: 1 });

    const image = await work.reencode(selfie, PHOTO);
    expect(image.width).toBe(1200);
    expect(work.pid).toBeDefined();
    expect(work.pid).not.toBe(before);
  });

  it('closes in a process with nothing else to wait for, as a server at the end of its shutdown', async () => {
    const script = `
      import { createImageWork } from ${JSON.stringify(new URL('./image-work.ts', import.meta.url).href)};
      import { syntheticSelfie } from ${JSON.stringify(new URL('../../../tests/fixtures/images.ts', import.meta.url).href)};
      const work = createImageWork();
      await work.reencode(await syntheticSelfie(1), { allowed: ['jpeg'] });
      await work.close();
      console.log('closed');
    `;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script]);
    expect(stdout.trim()).toBe('closed');
  });

  it('lets the process go when closed, and a later job starts it again', async () => {
    await work.reencode(selfie, PHOTO);
    const pid = work.pid as number;
    await work.close();
    expect(work.pid).toBeUndefined();
    expect(existsSync(`/proc/${pid}`) && (await readFile(`/proc/${pid}/stat`, 'utf8')).includes(') Z')).toBe(false);
    await expect(work.reencode(selfie, PHOTO)).resolves.toMatchObject({ width: 1200 });
  });
});
