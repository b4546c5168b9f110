import { readFileSync } from 'node:fs';

/** Their values may hold credentials, so a bad value is reported without being repeated. */
export const SECRET_VARIABLES = new Set([
  'ADMIN_PASSWORD',
  'DATABASE_URL',
  'REDIS_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'TOTP_ENCRYPTION_KEY',
  'BACKUP_PASSPHRASE',
  'SMTP_URL',
  'WEBHOOK_SECRET',
  'METRICS_TOKEN',
  'CAPTCHA_HMAC_KEY',
]);

/**
 * A copy of `env` with each secret's `<NAME>_FILE` read into `<NAME>`, less one trailing newline (an editor or
 * `echo` adds it): the container-secrets convention, as Docker and Kubernetes mount each secret as a file, so
 * it need not sit in the environment or `docker inspect`. A file that cannot be read, or a variable set both
 * ways, is a problem line naming the variable and the path, never the content.
 */
export function withSecretFiles(env: Record<string, string | undefined>, problems: string[]) {
  const resolved = { ...env };
  for (const name of SECRET_VARIABLES) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) {
      problems.push(`${name} and ${name}_FILE: set one or the other`);
      continue;
    }
    try {
      resolved[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(`${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  return resolved;
}
