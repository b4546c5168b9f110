import { isNotNull } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { admins } from './db/schema.ts';

/**
 * Refuses to start when admins have two-factor sign-in but no key can open their secrets (PostgreSQL
 * without TOTP_ENCRYPTION_KEY): they could never sign in, and a made-up key would not open them either.
 */
export async function checkTwoFactorKey(db: Db, config: Pick<Config, 'totpEncryptionKey'>): Promise<void> {
  if (config.totpEncryptionKey) return;
  const [enrolled] = await db.select({ id: admins.id }).from(admins).where(isNotNull(admins.totpSecret)).limit(1);
  if (enrolled) {
    throw new Error(
      'Admins use two-factor sign-in but TOTP_ENCRYPTION_KEY is not set: set it to the key their secrets were sealed with.',
    );
  }
}

/** Settings that work but are probably not what the operator meant; logged once at start-up. */
export function startupWarnings(
  config: Pick<Config, 'publicUrl' | 'trustProxy' | 'requireTwoFactor' | 'totpEncryptionKey'>,
) {
  const warnings: string[] = [];
  if (config.publicUrl?.startsWith('https://') && config.trustProxy === false) {
    warnings.push(
      'PUBLIC_URL is https but TRUST_PROXY is not set: requests arrive here as plain http, so client addresses ' +
        "are the proxy's (every rate limit then counts all visitors as one) and HTTPS is taken from PUBLIC_URL alone. " +
        'Set TRUST_PROXY to the proxy in front of this server.',
    );
  }
  if (config.requireTwoFactor && !config.totpEncryptionKey) {
    warnings.push('REQUIRE_2FA is set but TOTP_ENCRYPTION_KEY is not: no admin can enrol, so none can work.');
  }
  return warnings;
}
