import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** The library's Algorithm is a const enum, which isolated modules cannot read: this is its Argon2id value. */
const ARGON2ID: Algorithm.Argon2id = 2;

/** OWASP's argon2id recommendation (architecture §5). */
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PARAMETERS = `$argon2id$v=19$m=${HASH_OPTIONS.memoryCost},t=${HASH_OPTIONS.timeCost},p=${HASH_OPTIONS.parallelism}$`;

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

/** False for a wrong password and for a stored hash that is malformed: a bad row must not become a 500. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** True when the hash was made with other parameters, so login can re-hash it with the current ones. */
export function needsRehash(storedHash: string): boolean {
  return !storedHash.startsWith(CURRENT_PARAMETERS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Runs one verification that always fails, with the same parameters as a real one, so a login for an
 * unknown username takes as long as one for a known username and does not reveal which names exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
