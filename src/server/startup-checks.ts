import { isNotNull } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { admins } from './db/schema.ts';
import { wideEntries } from './lib/owner-only.ts';

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
  config: Pick<
    Config,
    'nodeEnv' | 'port' | 'publicUrl' | 'allowedHosts' | 'trustProxy' | 'requireTwoFactor' | 'totpEncryptionKey'
  >,
) {
  const warnings: string[] = [];
  if (config.nodeEnv === 'production' && !config.publicUrl && config.allowedHosts.length === 0) {
    warnings.push(
      `Neither PUBLIC_URL nor ALLOWED_HOSTS is set: pages name http://localhost:${config.port} in their links ` +
        "(canonical, languages, sharing) whatever address they are opened at. Set PUBLIC_URL to the site's address.",
    );
  }
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

/**
 * One line naming what under DATA_DIR others than the server's user may read or enter (the first few, and
 * how many), or nothing. The server makes everything there owner-only; a wider mode was set by hand, by a
 * restore, or by an earlier version on the uploads, and is the operator's to narrow.
 */
export async function dataDirWarning(dataDir: string): Promise<string | undefined> {
  const { paths, count } = await wideEntries(dataDir);
  if (count === 0) return undefined;
  const more = count > paths.length ? `, and ${count - paths.length} more` : '';
  return (
    `${count} ${count === 1 ? 'entry' : 'entries'} under DATA_DIR can be read by other users than this one: ` +
    `${paths.join(', ')}${more}. Run chmod -R go-rwx on DATA_DIR (docs/operations.md, "Data at rest").`
  );
}
