import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database but useless without the server's key (architecture §5): TOTP secrets are sealed
 * with AES-256-GCM, recovery codes are stored as an HMAC, so a copy of the database alone yields neither.
 */

const VERSION = 'v1';
const IV_BYTES = 12;

/** `v1.<iv>.<tag>.<ciphertext>`, base64url; the version leaves room to change the scheme later. */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/** Throws SecretBoxError for a value sealed with another key, or altered in any way. */
export function open(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new SecretBoxError('Not a sealed value');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('The sealed value does not open with this key');
  }
}

/** A keyed hash for values that are only ever compared, never read back (recovery codes). */
export function keyedHash(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}
