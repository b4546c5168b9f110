import { randomInt } from 'node:crypto';

/**
 * architecture §4: a short public id that survives being read aloud or typed: no 0/O, 1/I/L or U.
 * 8 characters from 30 give ~6.6·10^11 ids; a clash is caught by the unique index and retried.
 */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 8;

export const CREATOR_ID_PATTERN = new RegExp(`^RC-[${ALPHABET}]{${LENGTH}}$`);

export function newCreatorId(): string {
  let id = 'RC-';
  for (let i = 0; i < LENGTH; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/** Accepts what a person may type: any case, spaces, a missing dash. */
export function normaliseCreatorId(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  const candidate = compact.startsWith('RC') ? `RC-${compact.slice(2)}` : `RC-${compact}`;
  return CREATOR_ID_PATTERN.test(candidate) ? candidate : null;
}
