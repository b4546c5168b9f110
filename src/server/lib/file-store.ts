import { randomBytes } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export const CONTENT_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
} as const;

export type FileExtension = keyof typeof CONTENT_TYPES;

export interface StoredFile {
  stream: Readable;
  size: number;
  contentType: string;
}

/** Where uploaded images live (architecture §2): local disk by default, object storage at scale. */
export interface FileStore {
  /**
   * Stores the bytes under a new random key, or under `key` (a restore puts files back where rows name them);
   * nothing is visible under that key until all of them are written.
   */
  put(
    source: Readable | Buffer,
    opts: { extension: FileExtension; key?: string },
  ): Promise<{ key: string; size: number }>;
  /**
   * Stores a finished file (the image work's output beside a spooled upload) as `put` would, taking it over:
   * the file is gone afterwards, stored or not. On the same filesystem a local store renames it into place.
   */
  putFile(file: string, opts: { extension: FileExtension; key?: string }): Promise<{ key: string; size: number }>;
  /** Null for an unknown key and for any string that is not a well-formed key. */
  get(key: string): Promise<StoredFile | null>;
  /**
   * Where a well-formed key's file would be on this machine, for a store that keeps files on local disk (so the
   * image process can read it itself); absent for a store that does not. Says nothing of whether it exists.
   */
  localPath?(key: string): string | null;
  /** Idempotent: deleting a missing (or malformed) key succeeds. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored key, for the orphan sweep that reconciles files with rows after a crash. */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /** Removes unfinished writes older than the given age; returns how many. Stores without such state return 0. */
  sweepTemp(olderThanMs: number): Promise<number>;
  /** Start-up check that the store can be written: throws FileStoreUnavailableError saying why not. */
  verify(): Promise<void>;
}

export class FileStoreUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileStoreUnavailableError';
  }
}

/** 128 random bits, so keys can be neither guessed nor enumerated, plus the extension that fixes the type. */
const KEY_PATTERN = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export function isFileKey(key: unknown): key is string {
  return typeof key === 'string' && KEY_PATTERN.test(key);
}

/** The key a put stores under: the one asked for (well-formed, of the same type), or a new random one. */
export function keyForPut(opts: { extension: FileExtension; key?: string }): string {
  if (!(opts.extension in CONTENT_TYPES)) throw new Error(`Unsupported file extension: ${opts.extension}`);
  if (opts.key === undefined) return `${randomBytes(16).toString('hex')}.${opts.extension}`;
  if (!isFileKey(opts.key) || !opts.key.endsWith(`.${opts.extension}`)) throw new Error(`Not a file key: ${opts.key}`);
  return opts.key;
}

/** `putFile` for a store that must read the file to store it: the file is removed however the put ends. */
export async function putFileByCopy(
  put: FileStore['put'],
  file: string,
  opts: { extension: FileExtension; key?: string },
): Promise<{ key: string; size: number }> {
  try {
    return await put(createReadStream(file), opts);
  } finally {
    await fs.rm(file, { force: true });
  }
}

function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1) as FileExtension;
  return CONTENT_TYPES[extension];
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

async function writeAll(handle: fs.FileHandle, source: Readable | Buffer): Promise<number> {
  if (Buffer.isBuffer(source)) {
    await handle.writeFile(source);
    return source.length;
  }
  let size = 0;
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    await handle.writeFile(bytes);
    size += bytes.length;
  }
  return size;
}

/** Makes a rename durable: without it a crash can lose the directory entry of a file already fsynced. */
async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Files under `dir` (UPLOADS_DIR, by default DATA_DIR/uploads), named by their key. A write goes to `.tmp`
 * on the same filesystem, is fsynced, then renamed into place, so a crash leaves at most a temp file, never
 * a truncated file under a real key (architecture §5). Several instances may share the directory (one volume):
 * keys are random and a rename is atomic, so none ever sees another's half-written file.
 */
export function createLocalFileStore(dir: string): FileStore {
  const root = path.resolve(dir);
  const tmpDir = path.join(root, '.tmp');
  let ready: Promise<void> | undefined;
  const ensureDirs = () => {
    ready ??= fs.mkdir(tmpDir, { recursive: true, mode: 0o700 }).then(
      () => undefined,
      (error: unknown) => {
        // A failed mkdir must not poison every later call.
        ready = undefined;
        throw error;
      },
    );
    return ready;
  };
  const pathOf = (key: string) => path.join(root, key);

  async function put(source: Readable | Buffer, opts: { extension: FileExtension; key?: string }) {
    const key = keyForPut(opts);
    await ensureDirs();
    const tmpPath = path.join(tmpDir, `${randomBytes(16).toString('hex')}.part`);
    const handle = await fs.open(tmpPath, 'wx', 0o600);
    try {
      let size: number;
      try {
        size = await writeAll(handle, source);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(tmpPath, pathOf(key));
      await syncDir(root);
      return { key, size };
    } catch (error) {
      await fs.rm(tmpPath, { force: true });
      throw error;
    }
  }

  return {
    put,

    async putFile(file, opts) {
      const key = keyForPut(opts);
      await ensureDirs();
      try {
        const handle = await fs.open(file, 'r');
        let size: number;
        try {
          await handle.chmod(0o600);
          size = (await handle.stat()).size;
          await handle.sync();
        } finally {
          await handle.close();
        }
        // A rename within one filesystem is atomic: the key names the whole file or nothing.
        await fs.rename(file, pathOf(key));
        await syncDir(root);
        return { key, size };
      } catch (error) {
        // The spool is on another filesystem than the store (UPLOADS_DIR elsewhere): copied, as `put` does.
        if ((error as NodeJS.ErrnoException).code === 'EXDEV') return await putFileByCopy(put, file, opts);
        await fs.rm(file, { force: true });
        throw error;
      }
    },

    localPath: (key) => (isFileKey(key) ? pathOf(key) : null),

    async get(key) {
      if (!isFileKey(key)) return null;
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(pathOf(key), 'r');
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size, contentType: contentTypeOf(key) };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      if (!isFileKey(key)) return;
      await fs.rm(pathOf(key), { force: true });
    },

    async exists(key) {
      if (!isFileKey(key)) return false;
      try {
        return (await fs.stat(pathOf(key))).isFile();
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async *list() {
      let entries: Dirent[];
      try {
        entries = await fs.readdir(root, { withFileTypes: true });
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile() || !isFileKey(entry.name)) continue;
        try {
          const stats = await fs.stat(pathOf(entry.name));
          yield { key: entry.name, modifiedAt: stats.mtime };
        } catch (error) {
          // Deleted between readdir and stat: it is simply no longer listed.
          if (!isNotFound(error)) throw error;
        }
      }
    },

    async sweepTemp(olderThanMs) {
      let names: string[];
      try {
        names = await fs.readdir(tmpDir);
      } catch (error) {
        if (isNotFound(error)) return 0;
        throw error;
      }
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      for (const name of names) {
        const file = path.join(tmpDir, name);
        try {
          const stats = await fs.stat(file);
          if (stats.mtimeMs > cutoff) continue;
          await fs.rm(file, { force: true, recursive: true });
          removed++;
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
      }
      return removed;
    },

    async verify() {
      try {
        await ensureDirs();
        const probe = path.join(tmpDir, `${randomBytes(16).toString('hex')}.probe`);
        await fs.writeFile(probe, '', { mode: 0o600 });
        await fs.rm(probe);
      } catch (error) {
        throw new FileStoreUnavailableError(
          `The uploads directory ${root} cannot be written: ${(error as Error).message}. Check UPLOADS_DIR or DATA_DIR.`,
        );
      }
    },
  };
}
