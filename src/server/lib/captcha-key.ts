import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

export const CAPTCHA_KEY_FILE = 'captcha-hmac.key';

/**
 * The key that signs proof-of-work challenges (docs/decisions/049). CAPTCHA_HMAC_KEY wins; without it a key is
 * made once and kept in DATA_DIR, readable by the server's user only, so a restart still accepts the
 * challenges it handed out. Instances behind one address each have their own DATA_DIR, so they need the
 * variable to accept one another's challenges (startup-checks.ts warns). Nothing is made while CAPTCHA=off.
 */
export async function resolveCaptchaKey(config: Pick<Config, 'captcha' | 'dataDir'>): Promise<string | undefined> {
  if (config.captcha.hmacKey || !config.captcha.isOn) return config.captcha.hmacKey;
  const file = path.join(config.dataDir, CAPTCHA_KEY_FILE);
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing !== null && existing.trim().length >= 32) return existing.trim();
  const key = randomBytes(32).toString('hex');
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  await writeFile(file, `${key}\n`, { mode: 0o600 });
  return key;
}
