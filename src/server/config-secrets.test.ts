import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('<NAME>_FILE secrets', () => {
  async function secretsDir() {
    return mkdtemp(path.join(tmpdir(), 'rollick-secrets-'));
  }

  it('reads each secret from the file its _FILE variable names, less one trailing newline', async () => {
    const dir = await secretsDir();
    try {
      const file = async (name: string, content: string) => {
        const where = path.join(dir, name);
        await writeFile(where, content, { mode: 0o600 });
        return where;
      };
      const key = Buffer.alloc(32, 5);
      const config = loadConfig({
        ADMIN_USERNAME: 'marta.owner',
        ADMIN_PASSWORD_FILE: await file('admin_password', 'Correct horse battery 42\n'),
        DATABASE_URL_FILE: await file('database_url', 'postgres://rollick:s3cr3t-db@db.internal:5432/rollick\n'),
        REDIS_URL_FILE: await file('redis_url', 'redis://:r3dis-pass@cache.internal:6379'),
        TOTP_ENCRYPTION_KEY_FILE: await file('totp_key', `${key.toString('hex')}\n`),
        S3_BUCKET: 'rollick-uploads',
        S3_ACCESS_KEY_ID_FILE: await file('s3_id', 'AKIAEXAMPLE7Q2\n'),
        S3_SECRET_ACCESS_KEY_FILE: await file('s3_secret', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n'),
        PUBLIC_URL: 'https://apply.rollick.example',
        SMTP_URL_FILE: await file('smtp_url', 'smtps://alerts:m4il-pass@smtp.example.net:465\n'),
        MAIL_FROM: 'alerts@rollick.example',
        WEBHOOK_URL: 'https://hooks.example.net/rollick',
        WEBHOOK_SECRET_FILE: await file('webhook', `whsec_${Buffer.alloc(32, 3).toString('base64')}\n`),
      });
      expect(config.adminBootstrap?.password).toBe('Correct horse battery 42');
      expect(config.databaseUrl).toBe('postgres://rollick:s3cr3t-db@db.internal:5432/rollick');
      expect(config.redisUrl).toBe('redis://:r3dis-pass@cache.internal:6379');
      expect(config.totpEncryptionKey).toEqual(key);
      expect(config.s3?.credentials).toEqual({
        accessKeyId: 'AKIAEXAMPLE7Q2',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      });
      expect(config.alerts.smtp?.url).toBe('smtps://alerts:m4il-pass@smtp.example.net:465');
      expect(config.alerts.webhook?.secret).toEqual(Buffer.alloc(32, 3));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('covers the backup passphrase as well', async () => {
    const dir = await secretsDir();
    try {
      expect(problemsOf({ BACKUP_PASSPHRASE_FILE: path.join(dir, 'missing') })).toEqual([
        `BACKUP_PASSPHRASE_FILE: cannot read ${path.join(dir, 'missing')} (ENOENT)`,
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a secret set both ways, and a file it cannot read, naming the path but never the content', async () => {
    const dir = await secretsDir();
    try {
      const both = path.join(dir, 'webhook');
      await writeFile(both, 'whsec_file-content-secret\n');
      const problems = problemsOf({
        WEBHOOK_SECRET: 'whsec_environment-secret',
        WEBHOOK_SECRET_FILE: both,
        DATABASE_URL_FILE: path.join(dir, 'absent'),
        // A directory cannot be read as a file, whoever the server runs as.
        SMTP_URL_FILE: dir,
      });
      expect(problems).toContain('WEBHOOK_SECRET and WEBHOOK_SECRET_FILE: set one or the other');
      expect(problems).toContain(`DATABASE_URL_FILE: cannot read ${path.join(dir, 'absent')} (ENOENT)`);
      expect(problems).toContain(`SMTP_URL_FILE: cannot read ${dir} (EISDIR)`);
      const text = problems.join('\n');
      for (const secret of ['file-content-secret', 'environment-secret']) expect(text).not.toContain(secret);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
