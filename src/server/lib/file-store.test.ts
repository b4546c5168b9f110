import { createHash, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '#tests/setup/test-s3.ts';
import { createLocalFileStore, type FileStore, FileStoreUnavailableError, isFileKey } from './file-store.ts';
import { createS3FileStore, S3_KEY_PREFIX } from './s3-file-store.ts';

async function keysOf(target: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of target.list()) keys.push(entry.key);
  return keys.sort();
}

const failingStream = () =>
  Readable.from(
    (async function* () {
      yield Buffer.from('partial upload');
      throw new Error('client went away');
    })(),
  );

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** One kind of store, made fresh and empty for every test. */
interface StoreKind {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  make(): Promise<FileStore>;
}

let dir: string;
let s3: TestS3;
let s3Client: S3Client;
let bucket: string;

const local: StoreKind = {
  name: 'local disk',
  setUp: async () => {},
  tearDown: async () => {},
  make: async () => createLocalFileStore(path.join(dir, 'uploads')),
};

/** A real S3-compatible server; each test gets a bucket of its own. */
const objectStore: StoreKind = {
  name: 'S3-compatible bucket',
  setUp: async () => {
    s3 = await startTestS3();
    s3Client = new S3Client({ ...s3.settings, requestChecksumCalculation: 'WHEN_REQUIRED' });
  },
  tearDown: async () => {
    s3Client.destroy();
    await s3.close();
  },
  make: async () => {
    bucket = `test-${randomBytes(6).toString('hex')}`;
    await s3Client.send(new CreateBucketCommand({ Bucket: bucket }));
    return createS3FileStore({ ...s3.settings, bucket });
  },
};

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'file-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

// The same contract, on both stores (decision 020): what the app relies on whichever one it runs with.
describe.each([local, objectStore])('file store on $name', (kind) => {
  let store: FileStore;
  beforeAll(() => kind.setUp());
  afterAll(() => kind.tearDown());
  beforeEach(async () => {
    store = await kind.make();
  });

  it('stores a Buffer under a random key and reads it back with its content type', async () => {
    const { key, size } = await store.put(Buffer.from('jpeg bytes'), { extension: 'jpg' });

    expect(key).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(size).toBe(10);
    const file = await store.get(key);
    expect(file).not.toBeNull();
    expect(file?.size).toBe(10);
    expect(file?.contentType).toBe('image/jpeg');
    expect(await text(file?.stream ?? Readable.from([]))).toBe('jpeg bytes');
  });

  it('stores a stream of several chunks in order', async () => {
    const chunks = ['first-', 'second-', 'third'];
    const { key, size } = await store.put(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), {
      extension: 'webp',
    });

    expect(size).toBe(chunks.join('').length);
    const file = await store.get(key);
    expect(file?.contentType).toBe('image/webp');
    expect(await text(file?.stream ?? Readable.from([]))).toBe('first-second-third');
  });

  it('streams a file larger than one multipart part and reads back the same bytes', async () => {
    const bytes = randomBytes(11 * 1024 * 1024);
    const source = Readable.from(
      (function* () {
        for (let at = 0; at < bytes.length; at += 256 * 1024) yield bytes.subarray(at, at + 256 * 1024);
      })(),
    );

    const { key, size } = await store.put(source, { extension: 'png' });

    expect(size).toBe(bytes.length);
    const file = await store.get(key);
    expect(file?.size).toBe(bytes.length);
    expect(sha256(await buffer(file?.stream ?? Readable.from([])))).toBe(sha256(bytes));
  });

  it('gives every file its own key', async () => {
    const first = await store.put(Buffer.from('same'), { extension: 'png' });
    const second = await store.put(Buffer.from('same'), { extension: 'png' });

    expect(first.key).not.toBe(second.key);
  });

  it('treats anything but a well-formed key as unknown', async () => {
    const { key } = await store.put(Buffer.from('inside'), { extension: 'jpg' });
    const hostile = [
      '../secret.jpg',
      `../uploads/${key}`,
      `./${key}`,
      `${key}/`,
      `${key}\0`,
      key.toUpperCase(),
      '/etc/passwd',
      '',
      '.tmp',
      `${key.slice(0, -4)}.svg`,
    ];

    for (const candidate of hostile) {
      expect(isFileKey(candidate)).toBe(false);
      expect(await store.get(candidate)).toBeNull();
      expect(await store.exists(candidate)).toBe(false);
      await store.delete(candidate);
    }
    expect(await store.exists(key)).toBe(true);
  });

  it('answers null and false for a well-formed key that was never stored', async () => {
    const missing = `${'0'.repeat(32)}.jpg`;

    expect(await store.get(missing)).toBeNull();
    expect(await store.exists(missing)).toBe(false);
  });

  it('deletes idempotently', async () => {
    const { key } = await store.put(Buffer.from('bye'), { extension: 'jpg' });

    await store.delete(key);
    await store.delete(key);

    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
  });

  it('leaves no file under any key when the stream fails', async () => {
    await store.put(Buffer.from('kept'), { extension: 'jpg' });
    const before = await keysOf(store);

    await expect(store.put(failingStream(), { extension: 'jpg' })).rejects.toThrow('client went away');

    expect(await keysOf(store)).toEqual(before);
  });

  it('takes over a finished file: stored under a new key with its bytes, and gone from where it was', async () => {
    const bytes = randomBytes(300_000);
    const file = path.join(dir, 'selfie.upload.encoded');
    await writeFile(file, bytes);

    const { key, size } = await store.putFile(file, { extension: 'jpg' });

    expect(size).toBe(bytes.length);
    const stored = await store.get(key);
    expect(stored?.contentType).toBe('image/jpeg');
    expect(sha256(await buffer(stored?.stream ?? Readable.from([])))).toBe(sha256(bytes));
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stores nothing and leaves no file behind when the file to take over is missing', async () => {
    const before = await keysOf(store);

    await expect(store.putFile(path.join(dir, 'never-written.encoded'), { extension: 'jpg' })).rejects.toMatchObject({
      code: 'ENOENT',
    });

    expect(await keysOf(store)).toEqual(before);
  });

  it('lists stored keys with their modification time', async () => {
    const a = await store.put(Buffer.from('a'), { extension: 'jpg' });
    const b = await store.put(Buffer.from('b'), { extension: 'png' });
    const startedAt = Date.now();

    const entries: { key: string; modifiedAt: Date }[] = [];
    for await (const entry of store.list()) entries.push(entry);

    expect(entries.map((entry) => entry.key).sort()).toEqual([a.key, b.key].sort());
    for (const entry of entries) expect(Math.abs(entry.modifiedAt.getTime() - startedAt)).toBeLessThan(60_000);
  });

  it('lists nothing before the first write', async () => {
    expect(await keysOf(store)).toEqual([]);
  });

  it('passes its start-up check when it can be written', async () => {
    await expect(store.verify()).resolves.toBeUndefined();
  });
});

describe('local file store', () => {
  let store: FileStore;
  beforeEach(() => {
    store = createLocalFileStore(path.join(dir, 'uploads'));
  });

  it('writes files readable by the owner only', async () => {
    const { key } = await store.put(Buffer.from('png'), { extension: 'png' });

    expect((await stat(path.join(dir, 'uploads', key))).mode & 0o777).toBe(0o600);
  });

  it('moves a file it takes over into place, readable by the owner only, with no copy left in its temp folder', async () => {
    const file = path.join(dir, 'selfie.upload.encoded');
    await writeFile(file, 'encoded selfie', { mode: 0o644 });

    const { key } = await store.putFile(file, { extension: 'jpg' });

    const stored = path.join(dir, 'uploads', key);
    expect((await stat(stored)).mode & 0o777).toBe(0o600);
    expect(await readFile(stored, 'utf8')).toBe('encoded selfie');
    expect(await readdir(path.join(dir, 'uploads', '.tmp'))).toEqual([]);
  });

  it('says where a key’s file is on disk, and nothing for what is not a key', () => {
    const key = `${'ab'.repeat(16)}.jpg`;

    expect(store.localPath?.(key)).toBe(path.join(dir, 'uploads', key));
    expect(store.localPath?.('../secret.jpg')).toBeNull();
  });

  // A spool on another filesystem than UPLOADS_DIR (a tmpfs here): the rename fails with EXDEV, and the file is copied.
  const otherFilesystem = statSync('/dev/shm', { throwIfNoEntry: false });
  it.runIf(otherFilesystem && otherFilesystem.dev !== statSync(tmpdir()).dev)(
    'takes over a file from another filesystem by copying it, leaving it nowhere but in the store',
    async () => {
      const spool = await mkdtemp('/dev/shm/rollick-spool-');
      try {
        const file = path.join(spool, 'selfie.upload.encoded');
        const bytes = randomBytes(200_000);
        await writeFile(file, bytes);

        const { key, size } = await store.putFile(file, { extension: 'jpg' });

        expect(size).toBe(bytes.length);
        expect((await readFile(path.join(dir, 'uploads', key))).equals(bytes)).toBe(true);
        expect(await readdir(spool)).toEqual([]);
        expect(await readdir(path.join(dir, 'uploads', '.tmp'))).toEqual([]);
      } finally {
        await rm(spool, { recursive: true, force: true });
      }
    },
  );

  it('never reaches a file outside its directory', async () => {
    await writeFile(path.join(dir, 'secret.jpg'), 'outside');

    expect(await store.get('../secret.jpg')).toBeNull();
    await store.delete('../secret.jpg');

    expect(await readFile(path.join(dir, 'secret.jpg'), 'utf8')).toBe('outside');
  });

  it('leaves no temp file when the stream fails', async () => {
    await expect(store.put(failingStream(), { extension: 'jpg' })).rejects.toThrow('client went away');

    expect(await readdir(path.join(dir, 'uploads', '.tmp'))).toEqual([]);
  });

  it('lists neither temp files nor files that are not keys', async () => {
    const { key } = await store.put(Buffer.from('a'), { extension: 'jpg' });
    await writeFile(path.join(dir, 'uploads', '.tmp', 'leftover.part'), 'x');
    await writeFile(path.join(dir, 'uploads', 'not-a-key.txt'), 'x');

    expect(await keysOf(store)).toEqual([key]);
  });

  it('sweeps only temp files older than the given age', async () => {
    await store.put(Buffer.from('real'), { extension: 'jpg' });
    const tmp = path.join(dir, 'uploads', '.tmp');
    await writeFile(path.join(tmp, 'stale.part'), 'x');
    await writeFile(path.join(tmp, 'fresh.part'), 'x');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(path.join(tmp, 'stale.part'), hourAgo, hourAgo);

    expect(await store.sweepTemp(60_000)).toBe(1);

    expect(await readdir(tmp)).toEqual(['fresh.part']);
    expect(await keysOf(store)).toHaveLength(1);
  });

  it('says at start-up which directory cannot be written', async () => {
    await writeFile(path.join(dir, 'a-file'), 'not a directory');
    const blocked = createLocalFileStore(path.join(dir, 'a-file', 'uploads'));

    const failure = blocked.verify();

    await expect(failure).rejects.toBeInstanceOf(FileStoreUnavailableError);
    await expect(failure).rejects.toThrow(
      `The uploads directory ${path.join(dir, 'a-file', 'uploads')} cannot be written`,
    );
  });
});

describe('S3 file store', () => {
  let store: FileStore;
  beforeAll(() => objectStore.setUp());
  afterAll(() => objectStore.tearDown());
  beforeEach(async () => {
    store = await objectStore.make();
  });

  const objectsIn = async (name: string) =>
    ((await s3Client.send(new ListObjectsV2Command({ Bucket: name }))).Contents ?? []).map((object) => object.Key);

  it('keeps every object under its prefix, with the type of its key', async () => {
    const { key } = await store.put(Buffer.from('png bytes'), { extension: 'png' });

    expect(await objectsIn(bucket)).toEqual([`${S3_KEY_PREFIX}${key}`]);
    const file = await store.get(key);
    file?.stream.destroy();
    expect(file?.contentType).toBe('image/png');
  });

  it('has no local path to give: photos are read through the store', async () => {
    expect(store.localPath).toBeUndefined();
  });

  it('lists only well-formed keys under its prefix', async () => {
    const { key } = await store.put(Buffer.from('a'), { extension: 'jpg' });
    for (const other of ['secret.jpg', `elsewhere/${key}`, `${S3_KEY_PREFIX}not-a-key.txt`]) {
      await s3Client.send(new PutObjectCommand({ Bucket: bucket, Key: other, Body: 'x' }));
    }

    expect(await keysOf(store)).toEqual([key]);
    expect(await store.get('../secret.jpg')).toBeNull();
  });

  it('says at start-up when the bucket does not exist', async () => {
    const missing = createS3FileStore({ ...s3.settings, bucket: 'no-such-bucket' });

    await expect(missing.verify()).rejects.toThrow(
      `The S3 bucket "no-such-bucket" at ${s3.settings.endpoint} cannot be used: the bucket does not exist.`,
    );
  });

  it('says at start-up when the service cannot be reached', async () => {
    const closed = await startTestS3();
    await closed.close();
    const unreachable = createS3FileStore({ ...closed.settings });

    const failure = unreachable.verify();

    await expect(failure).rejects.toBeInstanceOf(FileStoreUnavailableError);
    await expect(failure).rejects.toThrow(/cannot be used: not reachable \(ECONNREFUSED\)/);
  });
});
