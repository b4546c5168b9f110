import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

export const TOTP_KEY_FILE = 'totp-encryption.key';

/**
 * The key that seals TOTP secrets (docs/decisions/021). TOTP_ENCRYPTION_KEY wins. Without it, the embedded
 * database keeps a key made once beside itself in DATA_DIR, readable by the server's user only: both live
 * and die together, as a backup of one is a backup of the other. On PostgreSQL the database may be shared
 * and backed up elsewhere, so no key is made up: two-factor sign-in stays off until the variable is set.
 */
export async function resolveTotpKey(config: Pick<Config, 'totpEncryptionKey' | 'databaseUrl' | 'dataDir'>) {
  if (config.totpEncryptionKey) return config.totpEncryptionKey;
  if (config.databaseUrl) return undefined;
  const file = path.join(config.dataDir, TOTP_KEY_FILE);
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing !== null) {
    const key = Buffer.from(existing.trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key; restore it or remove 2FA first`);
    return key;
  }
  const key = randomBytes(32);
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  // 'wx': two processes racing to make it cannot both win (the data directory is locked anyway).
  await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
