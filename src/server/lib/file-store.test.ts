import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFileStore, type FileStore, isFileKey } from './file-store.ts';

let dir: string;
let store: FileStore;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'file-store-'));
  store = createLocalFileStore(path.join(dir, 'uploads'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function keysOf(target: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of target.list()) keys.push(entry.key);
  return keys.sort();
}

describe('createLocalFileStore', () => {
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
    expect(await readFile(path.join(dir, 'uploads', key), 'utf8')).toBe('first-second-third');
    const file = await store.get(key);
    file?.stream.destroy();
    expect(file?.contentType).toBe('image/webp');
  });

  it('writes files readable by the owner only', async () => {
    const { key } = await store.put(Buffer.from('png'), { extension: 'png' });

    expect((await stat(path.join(dir, 'uploads', key))).mode & 0o777).toBe(0o600);
  });

  it('gives every file its own key', async () => {
    const first = await store.put(Buffer.from('same'), { extension: 'png' });
    const second = await store.put(Buffer.from('same'), { extension: 'png' });

    expect(first.key).not.toBe(second.key);
  });

  it('treats keys that could leave the directory as unknown', async () => {
    await writeFile(path.join(dir, 'secret.jpg'), 'outside');
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
    expect(await readFile(path.join(dir, 'secret.jpg'), 'utf8')).toBe('outside');
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

  it('leaves no file under any key and no temp file when the stream fails', async () => {
    await store.put(Buffer.from('kept'), { extension: 'jpg' });
    const before = await keysOf(store);
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('partial upload');
        throw new Error('client went away');
      })(),
    );

    await expect(store.put(failing, { extension: 'jpg' })).rejects.toThrow('client went away');

    expect(await keysOf(store)).toEqual(before);
    expect(await readdir(path.join(dir, 'uploads', '.tmp'))).toEqual([]);
  });

  it('lists stored keys with their modification time, skipping temp files', async () => {
    const a = await store.put(Buffer.from('a'), { extension: 'jpg' });
    const b = await store.put(Buffer.from('b'), { extension: 'png' });
    await writeFile(path.join(dir, 'uploads', '.tmp', 'leftover.part'), 'x');
    await writeFile(path.join(dir, 'uploads', 'not-a-key.txt'), 'x');

    const entries: { key: string; modifiedAt: Date }[] = [];
    for await (const entry of store.list()) entries.push(entry);

    expect(entries.map((entry) => entry.key).sort()).toEqual([a.key, b.key].sort());
    for (const entry of entries) expect(entry.modifiedAt).toBeInstanceOf(Date);
  });

  it('lists nothing before the first write', async () => {
    expect(await keysOf(store)).toEqual([]);
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
});
