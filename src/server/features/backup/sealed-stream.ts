import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * Encrypted backups (docs/decisions/039): AES-256-GCM over 64 KiB chunks, each with its own tag, its
 * counter and a last-chunk flag in the nonce, so a reader authenticates every chunk before using it and
 * notices a reordered, cut or extended archive. The key comes from the passphrase through scrypt
 * (N = 2^17, r = 8, p = 1: some 128 MiB and a good part of a second per guess).
 *
 * Layout: MAGIC, then N's exponent, r, p (one byte each), a 16-byte salt and a 7-byte nonce prefix; then
 * the chunks. The header is the additional data of every chunk, so none of it can be changed either.
 */
export const SEALED_MAGIC = Buffer.from('RLKSEAL1', 'ascii');
const HEADER_BYTES = SEALED_MAGIC.length + 3 + 16 + 7;
const CHUNK = 64 * 1024;
const TAG = 16;
const DEFAULT_COST = { logN: 17, r: 8, p: 1 };

export class SealedArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedArchiveError';
  }
}

function deriveKey(passphrase: string, salt: Buffer, cost: { logN: number; r: number; p: number }): Promise<Buffer> {
  const N = 2 ** cost.logN;
  return new Promise((resolve, reject) => {
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      32,
      { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

function nonce(prefix: Buffer, counter: number, isLast: boolean): Buffer {
  const value = Buffer.alloc(12);
  prefix.copy(value, 0);
  value.writeUInt32BE(counter, 7);
  value[11] = isLast ? 1 : 0;
  return value;
}

/** Whether these first bytes are a sealed archive's. */
export function isSealed(firstBytes: Buffer): boolean {
  return firstBytes.length >= SEALED_MAGIC.length && firstBytes.subarray(0, SEALED_MAGIC.length).equals(SEALED_MAGIC);
}

/** A stream that seals what is written to it; `cost` is lowered only by tests. */
export async function createSealStream(passphrase: string, cost = DEFAULT_COST): Promise<Transform> {
  const salt = randomBytes(16);
  const prefix = randomBytes(7);
  const head = Buffer.concat([SEALED_MAGIC, Buffer.from([cost.logN, cost.r, cost.p]), salt, prefix]);
  const key = await deriveKey(passphrase, salt, cost);
  let counter = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let isHeadWritten = false;

  const seal = (plain: Buffer, isLast: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', key, nonce(prefix, counter++, isLast));
    cipher.setAAD(head);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([body, cipher.getAuthTag()]);
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (!isHeadWritten) {
        this.push(head);
        isHeadWritten = true;
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      // A full chunk is sealed only once more follows: the last one, full or not, carries the flag.
      while (pendingBytes > CHUNK) {
        const all = Buffer.concat(pending);
        this.push(seal(all.subarray(0, CHUNK), false));
        pending = [all.subarray(CHUNK)];
        pendingBytes -= CHUNK;
      }
      done();
    },
    flush(done: TransformCallback) {
      if (!isHeadWritten) this.push(head);
      this.push(seal(Buffer.concat(pending), true));
      done();
    },
  });
}

const WRONG = 'The passphrase is wrong, or the archive is damaged.';
const DAMAGED = 'The archive is damaged or truncated: a part of it fails its authentication.';

/** Reads `count` bytes ahead of what has been handed out. */
async function* rechunk(source: AsyncIterable<Buffer | string>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    pending.push(bytes);
    length += bytes.length;
    while (length >= size) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, size);
      pending = [all.subarray(size)];
      length -= size;
    }
  }
  if (length > 0) yield Buffer.concat(pending);
}

/**
 * The plain bytes of a sealed archive, each chunk authenticated before it is handed out. A wrong
 * passphrase fails at the first chunk; a cut, reordered or altered archive fails where it is wrong.
 */
export async function* openSealed(source: AsyncIterable<Buffer | string>, passphrase: string): AsyncGenerator<Buffer> {
  const blocks = rechunk(source, CHUNK + TAG);
  // The header is read through the same re-chunking: its first block starts with it.
  const first = await blocks.next();
  if (first.done || first.value.length < HEADER_BYTES) throw new SealedArchiveError(DAMAGED);
  const head = first.value.subarray(0, HEADER_BYTES);
  if (!isSealed(head)) throw new SealedArchiveError('This is not an encrypted archive.');
  const [logN = 0, r = 0, p = 0] = head.subarray(SEALED_MAGIC.length, SEALED_MAGIC.length + 3);
  if (logN < 10 || logN > 22 || r < 1 || r > 32 || p < 1 || p > 16) throw new SealedArchiveError(DAMAGED);
  const salt = head.subarray(SEALED_MAGIC.length + 3, SEALED_MAGIC.length + 19);
  const prefix = head.subarray(SEALED_MAGIC.length + 19, HEADER_BYTES);
  const key = await deriveKey(passphrase, salt, { logN, r, p });

  // The header's block holds the start of the chunks; the rest come aligned after it.
  async function* chunks(): AsyncGenerator<Buffer> {
    let carry = first.value.subarray(HEADER_BYTES);
    for await (const block of blocks) {
      const all = Buffer.concat([carry, block]);
      yield all.subarray(0, CHUNK + TAG);
      carry = all.subarray(CHUNK + TAG);
    }
    if (carry.length > 0) yield carry;
  }

  let counter = 0;
  let previous: Buffer | undefined;
  const open = (sealed: Buffer, isLast: boolean): Buffer => {
    if (sealed.length < TAG) throw new SealedArchiveError(DAMAGED);
    const decipher = createDecipheriv('aes-256-gcm', key, nonce(prefix, counter, isLast));
    decipher.setAAD(head);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
    try {
      const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG)), decipher.final()]);
      counter++;
      return plain;
    } catch {
      throw new SealedArchiveError(counter === 0 ? WRONG : DAMAGED);
    }
  };
  for await (const chunk of chunks()) {
    if (previous) yield open(previous, false);
    previous = chunk;
  }
  if (!previous) throw new SealedArchiveError(DAMAGED);
  yield open(previous, true);
}
