import { z } from 'zod';

/** How one variable's text becomes a value: the pieces config.ts's schema is made of, each with its message. */

export const port = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

export const positiveInt = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .positive('must be above 0');

export const postgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL');

export const origin = z
  .url({ error: 'must be an absolute http(s) URL' })
  .refine((value) => /^https?:\/\//.test(value), 'must be an absolute http(s) URL')
  .transform((value) => new URL(value).origin);

/** A name or an address as a Host header carries it (an IPv6 address in brackets), with an optional port. */
const HOST_ENTRY =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

export const hostList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine(
    (list) => list.length > 0 && list.every((entry) => HOST_ENTRY.test(entry)),
    'must be a comma-separated list of host names, each with an optional :port, no scheme or path (apply.example.com,apply.example.com:8443)',
  );

export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const flag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((value) => value === 'true');

/** AWS's rules for bucket names, which S3-compatible services follow too. */
export const bucketName = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
    'must be 3-63 lowercase letters, digits, dots or hyphens, starting and ending with a letter or digit',
  );

export const isAddress = (value: string) => /^[^\s@<>,]+@[^\s@<>,]+\.[^\s@<>,]+$/.test(value);
export const isMailbox = (value: string) =>
  isAddress(value) || /^[^<>]*<[^\s@<>,]+@[^\s@<>,]+\.[^\s@<>,]+>$/.test(value);

/** 32 bytes written as hex or base64 (either alphabet); anything else is not a key. */
export function decodeKey(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === 32 ? key : null;
  }
  return null;
}

/** Standard Webhooks' secret: `whsec_` and the key in base64; the key is what signs. */
export function decodeWebhookSecret(text: string): Buffer | null {
  const encoded = text.startsWith('whsec_') ? text.slice('whsec_'.length) : '';
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
  const key = Buffer.from(encoded, 'base64');
  return key.length >= 24 && key.length <= 64 ? key : null;
}

/** TRUST_PROXY: false, true, a hop count, or a list of addresses, CIDRs and `loopback`; a string is the problem. */
export function parseTrustProxy(raw: string): boolean | number | string[] | string {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry) && entry !== 'loopback');
  if (invalid.length > 0) return `must be true, false, a hop count or a list of addresses (bad: ${invalid.join(', ')})`;
  return entries;
}
