import type { Readable, Writable } from 'node:stream';

/**
 * The POSIX ustar format, enough of it for backup archives: regular files with short names, read back in
 * order. Any `tar` reads these archives (`tar -tvf backup.tar`), which lets an operator look inside one.
 */
const BLOCK = 512;
const NAME_BYTES = 100;
/** Eleven octal digits: the largest size a plain ustar header holds (8 GiB − 1). */
const MAX_SIZE = 0o77777777777;

export class ArchiveFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveFormatError';
  }
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > NAME_BYTES) throw new Error(`Archive entry name too long: ${name}`);
  if (size > MAX_SIZE) throw new Error(`Archive entry too large: ${name}`);
  block.write(name, 0, NAME_BYTES, 'utf8');
  block.write(octal(0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/**
 * Resolves once `out` takes writes again; rejects if it fails or closes first, so a writer never waits on a
 * destination that is gone.
 */
export function drained(out: Writable): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('error', onError);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onError = (error: Error) => settle(error);
    const onClose = () => settle(new Error("The archive's destination was closed before the archive was complete."));
    out.once('drain', onDrain);
    out.once('error', onError);
    out.once('close', onClose);
  });
}

/** Writes entries one after another to `out`, waiting whenever `out` asks to. */
export class TarWriter {
  #written = 0;

  constructor(private readonly out: Writable) {}

  /** Bytes written so far. */
  get size() {
    return this.#written;
  }

  async #write(chunk: Buffer): Promise<void> {
    if (this.out.destroyed) throw new Error("The archive's destination was closed before the archive was complete.");
    this.#written += chunk.length;
    if (!this.out.write(chunk)) await drained(this.out);
  }

  /** One entry of exactly `size` bytes; a source that gives more or fewer fails the archive. */
  async add(name: string, size: number, source: Buffer | AsyncIterable<Buffer | string>, mtime = new Date()) {
    await this.#write(header(name, size, mtime));
    let copied = 0;
    if (Buffer.isBuffer(source)) {
      copied = source.length;
      if (copied === size) await this.#write(source);
    } else {
      for await (const chunk of source) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        copied += bytes.length;
        if (copied > size) break;
        await this.#write(bytes);
      }
    }
    if (copied !== size) throw new Error(`${name} changed while it was archived (${copied} bytes, expected ${size})`);
    const pad = padding(size);
    if (pad > 0) await this.#write(Buffer.alloc(pad));
  }

  /** The two empty blocks that end an archive. */
  async finish(): Promise<void> {
    await this.#write(Buffer.alloc(BLOCK * 2));
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; must be read to the end (or `skip`ped) before the next entry comes. */
  body: AsyncIterable<Buffer>;
}

function parseOctal(block: Buffer, offset: number, length: number): number {
  const text = block
    .toString('ascii', offset, offset + length)
    .replace(/[\0 ]+$/g, '')
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new ArchiveFormatError('The archive is damaged (a header does not read).');
  return text === '' ? 0 : Number.parseInt(text, 8);
}

function checksumOk(block: Buffer): boolean {
  const stored = parseOctal(block, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
  return sum === stored;
}

/**
 * A byte source that hands out exactly the bytes asked for, whatever the chunking of the stream below.
 * Reading past the end of the stream is a truncated archive.
 */
class ByteReader {
  #buffered: Buffer[] = [];
  #length = 0;
  #iterator: AsyncIterator<Buffer | string>;

  constructor(source: Readable | AsyncIterable<Buffer | string>) {
    this.#iterator = source[Symbol.asyncIterator]();
  }

  async #fill(wanted: number): Promise<boolean> {
    while (this.#length < wanted) {
      const next = await this.#iterator.next();
      if (next.done) return false;
      const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      this.#buffered.push(chunk);
      this.#length += chunk.length;
    }
    return true;
  }

  /** Up to `max` bytes (at least one), or null at the end of the stream. */
  async some(max: number): Promise<Buffer | null> {
    if (!(await this.#fill(1))) return null;
    const first = this.#buffered[0] as Buffer;
    const taken = first.length <= max ? first : first.subarray(0, max);
    if (taken === first) this.#buffered.shift();
    else this.#buffered[0] = first.subarray(max);
    this.#length -= taken.length;
    return taken;
  }

  async exactly(count: number): Promise<Buffer | null> {
    if (!(await this.#fill(count))) return null;
    const all = Buffer.concat(this.#buffered);
    this.#buffered = all.length > count ? [all.subarray(count)] : [];
    this.#length = all.length - count;
    return all.subarray(0, count);
  }
}

const TRUNCATED = 'The archive is truncated: it ends before its last entry.';
const NOT_AN_ARCHIVE = 'This file is not a backup archive.';

/**
 * Reads entries in order. Each entry's body must be consumed before the iteration goes on; one left
 * unread is skipped. Damage (a bad header checksum, a missing end) is reported as ArchiveFormatError.
 */
export async function* readTar(source: Readable | AsyncIterable<Buffer | string>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source);
  for (let isFirst = true; ; isFirst = false) {
    const block = await reader.exactly(BLOCK);
    if (!block) throw new ArchiveFormatError(isFirst ? NOT_AN_ARCHIVE : TRUNCATED);
    if (isFirst && block.toString('ascii', 257, 262) !== 'ustar') throw new ArchiveFormatError(NOT_AN_ARCHIVE);
    if (block.every((byte) => byte === 0)) {
      // The end: a second empty block follows; whatever trails it (a device's padding) is ignored.
      if (!(await reader.exactly(BLOCK))) throw new ArchiveFormatError(TRUNCATED);
      return;
    }
    if (!checksumOk(block)) throw new ArchiveFormatError('The archive is damaged (a header checksum does not match).');
    const name = block.toString('utf8', 0, NAME_BYTES).replace(/\0.*$/s, '');
    const type = String.fromCharCode(block[156] ?? 0);
    const size = parseOctal(block, 124, 12);
    let remaining = size;
    async function* body(): AsyncGenerator<Buffer> {
      while (remaining > 0) {
        const chunk = await reader.some(Math.min(remaining, 1 << 20));
        if (!chunk) throw new ArchiveFormatError(TRUNCATED);
        remaining -= chunk.length;
        yield chunk;
      }
    }
    if (type === '0' || type === '\0') yield { name, size, body: body() };
    // Whatever the consumer left unread, and the padding, before the next header.
    for await (const _ of body()) {
      // skipped
    }
    const pad = padding(size);
    if (pad > 0 && !(await reader.exactly(pad))) throw new ArchiveFormatError(TRUNCATED);
  }
}
