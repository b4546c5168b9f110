import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { resolveTotpKey, TOTP_KEY_FILE } from './lib/totp-key.ts';
import { startupWarnings } from './startup-checks.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig', () => {
  it('applies the embedded defaults of architecture §2', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      brandName: 'Rollick',
      trustProxy: false,
      publicUrl: undefined,
      adminBootstrap: undefined,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reports one line per bad value', () => {
    const problems = problemsOf({ PORT: 'abc', BRAND_NAME: ' ', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x' });
    expect(problems).toHaveLength(4);
    expect(problems).toContain('PORT: must be a whole number (got "abc")');
    expect(problems.some((line) => line.startsWith('DATABASE_URL: must be a postgres://'))).toBe(true);
    expect(problems.some((line) => line.startsWith('PUBLIC_URL:'))).toBe(true);
    expect(problems.some((line) => line.startsWith('BRAND_NAME:'))).toBe(true);
  });

  it('never repeats the value of a secret variable', () => {
    const problems = problemsOf({
      ADMIN_USERNAME: 'a',
      ADMIN_PASSWORD: 'short-pw',
      DATABASE_URL: 'mysql://u:hunter2@h',
    });
    expect(problems.join('\n')).not.toContain('short-pw');
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('needs the admin bootstrap variables together', () => {
    expect(problemsOf({ ADMIN_USERNAME: 'a' })).toEqual(['ADMIN_USERNAME and ADMIN_PASSWORD: set both or neither']);
    expect(loadConfig({ ADMIN_USERNAME: 'a', ADMIN_PASSWORD: 'long-enough-pw' }).adminBootstrap).toEqual({
      username: 'a',
      password: 'long-enough-pw',
    });
  });

  it('reads TRUST_PROXY as a flag, a hop count or an address list', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(problemsOf({ TRUST_PROXY: 'maybe' })[0]).toMatch(/^TRUST_PROXY:/);
  });

  it('keeps only the origin of PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://apply.example.com/some/path' }).publicUrl).toBe(
      'https://apply.example.com',
    );
  });

  it('reads ALLOWED_HOSTS as a list of Host names, and refuses what is no Host name', () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(
      loadConfig({ ALLOWED_HOSTS: 'Apply.Example.com, apply.example.com:8443,[2001:db8::1]:3000' }).allowedHosts,
    ).toEqual(['apply.example.com', 'apply.example.com:8443', '[2001:db8::1]:3000']);
    for (const bad of [
      'https://apply.example.com',
      'apply.example.com/form',
      'apply example.com',
      ',',
      '*.example.com',
    ]) {
      expect(problemsOf({ ALLOWED_HOSTS: bad }), bad).toEqual([
        `ALLOWED_HOSTS: must be a comma-separated list of host names, each with an optional :port, no scheme or path (apply.example.com,apply.example.com:8443) (got "${bad}")`,
      ]);
    }
    expect(problemsOf({ ALLOWED_HOSTS: 'apply.example.com', PUBLIC_URL: 'https://apply.example.com' })).toEqual([
      'ALLOWED_HOSTS: not used when PUBLIC_URL is set (pages name PUBLIC_URL); unset one of them',
    ]);
  });

  it('sizes the upload intake and the image queue, with the defaults of decision 012', () => {
    expect(loadConfig({})).toMatchObject({
      imageJobs: 2,
      imageQueueLength: 32,
      uploadsPerClient: 2,
      uploadMinBytesPerSecond: 1024,
      uploadRateWindowMs: 20_000,
    });
    expect(
      loadConfig({
        IMAGE_JOBS: '4',
        IMAGE_QUEUE_LENGTH: '0',
        UPLOADS_PER_CLIENT: '1',
        UPLOAD_MIN_BYTES_PER_SECOND: '4096',
        UPLOAD_RATE_WINDOW_SECONDS: '5',
      }),
    ).toMatchObject({
      imageJobs: 4,
      imageQueueLength: 0,
      uploadsPerClient: 1,
      uploadMinBytesPerSecond: 4096,
      uploadRateWindowMs: 5_000,
    });
    expect(problemsOf({ IMAGE_JOBS: '0', IMAGE_QUEUE_LENGTH: '-1', UPLOAD_RATE_WINDOW_SECONDS: 'soon' })).toEqual([
      'IMAGE_JOBS: must be above 0 (got "0")',
      'IMAGE_QUEUE_LENGTH: must be 0 or more (got "-1")',
      'UPLOAD_RATE_WINDOW_SECONDS: must be a whole number (got "soon")',
    ]);
  });

  it('keeps uploads on disk under DATA_DIR unless UPLOADS_DIR or S3_BUCKET says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/rollick' })).toMatchObject({
      uploadsDir: '/srv/rollick/uploads',
      s3: undefined,
    });
    expect(loadConfig({ UPLOADS_DIR: '/mnt/shared/uploads' }).uploadsDir).toBe('/mnt/shared/uploads');
  });

  it('reads the object store settings, with AWS defaults for what is unset', () => {
    expect(loadConfig({ S3_BUCKET: 'rollick-uploads' }).s3).toEqual({
      bucket: 'rollick-uploads',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'uploads',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'key-id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'uploads',
      endpoint: 'http://minio:9000',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it('refuses object store settings that cannot work, one line each, without echoing credentials', () => {
    const problems = problemsOf({
      S3_BUCKET: 'Bad_Bucket',
      S3_ENDPOINT: 'minio:9000',
      S3_FORCE_PATH_STYLE: 'yes',
      S3_SECRET_ACCESS_KEY: 'hunter2-secret',
    });
    expect(problems).toHaveLength(3);
    expect(problems.some((line) => line.startsWith('S3_BUCKET: must be 3-63 lowercase'))).toBe(true);
    expect(problems).toContain('S3_ENDPOINT: must be an absolute http(s) URL (got "minio:9000")');
    expect(problems).toContain('S3_FORCE_PATH_STYLE: must be true or false (got "yes")');
    expect(problemsOf({ S3_BUCKET: 'uploads', S3_SECRET_ACCESS_KEY: 'hunter2-secret' })).toEqual([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither',
    ]);
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toEqual([
      'S3_ENDPOINT: only used with S3_BUCKET, which is not set',
      'S3_ACCESS_KEY_ID: only used with S3_BUCKET, which is not set',
      'S3_SECRET_ACCESS_KEY: only used with S3_BUCKET, which is not set',
    ]);
    expect(problemsOf({ S3_BUCKET: 'uploads', UPLOADS_DIR: '/mnt/x' })[0]).toMatch(
      /^UPLOADS_DIR: not used when S3_BUCKET/,
    );
    expect(JSON.stringify(problemsOf({ S3_BUCKET: 'x', S3_SECRET_ACCESS_KEY: 'hunter2-secret' }))).not.toContain(
      'hunter2',
    );
  });
});

describe('RETENTION_DAYS', () => {
  it('is off unless set, and a whole number of days above 0 when set', () => {
    expect(loadConfig({}).retentionDays).toBeUndefined();
    expect(loadConfig({ RETENTION_DAYS: '' }).retentionDays).toBeUndefined();
    expect(loadConfig({ RETENTION_DAYS: '365' }).retentionDays).toBe(365);
    expect(problemsOf({ RETENTION_DAYS: '0' })).toEqual(['RETENTION_DAYS: must be above 0 (got "0")']);
    expect(problemsOf({ RETENTION_DAYS: '1.5' })).toEqual(['RETENTION_DAYS: must be a whole number (got "1.5")']);
    expect(problemsOf({ RETENTION_DAYS: 'forever' })).toEqual([
      'RETENTION_DAYS: must be a whole number (got "forever")',
    ]);
  });
});

describe('ASSIGN_NEW (decision 063)', () => {
  it('hands new applications out by round-robin only when asked, and refuses anything else', () => {
    expect(loadConfig({}).isRoundRobin).toBe(false);
    expect(loadConfig({ ASSIGN_NEW: 'round-robin' }).isRoundRobin).toBe(true);
    expect(loadConfig({ ASSIGN_NEW: 'off' }).isRoundRobin).toBe(false);
    expect(problemsOf({ ASSIGN_NEW: 'random' })).toEqual(['ASSIGN_NEW: must be off or round-robin (got "random")']);
  });
});

describe('CONSENT and PRIVACY_DIR (docs/decisions/048)', () => {
  it('asks consent unless CONSENT=off, and refuses anything but on or off', () => {
    expect(loadConfig({}).isConsentAsked).toBe(true);
    expect(loadConfig({ CONSENT: 'on' }).isConsentAsked).toBe(true);
    expect(loadConfig({ CONSENT: 'off' }).isConsentAsked).toBe(false);
    expect(problemsOf({ CONSENT: 'no' })).toEqual(['CONSENT: must be on or off (got "no")']);
  });

  it('reads the notice from DATA_DIR unless PRIVACY_DIR names a folder', () => {
    expect(loadConfig({}).privacyDir).toBeUndefined();
    expect(loadConfig({ PRIVACY_DIR: '/srv/rollick/privacy' }).privacyDir).toBe('/srv/rollick/privacy');
  });
});

describe('alert configuration', () => {
  const secret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
  const mail = { SMTP_URL: 'smtps://user:pa%24s@mail.example:465', MAIL_FROM: 'Rollick <alerts@rollick.example>' };

  it('switches each channel on by its settings, with the retry defaults', () => {
    expect(loadConfig({}).alerts).toMatchObject({
      smtp: undefined,
      staffEmails: [],
      webhook: undefined,
      retryBaseMs: 30_000,
      retryWindowMs: 24 * 3_600_000,
    });
    const config = loadConfig({
      ...mail,
      PUBLIC_URL: 'https://apply.example',
      ALERT_EMAILS: ' a@rollick.example, b@rollick.example ,',
      WEBHOOK_URL: 'https://hooks.example/rollick',
      WEBHOOK_SECRET: secret,
      DELIVERY_RETRY_BASE_SECONDS: '5',
      DELIVERY_RETRY_HOURS: '48',
    });
    expect(config.alerts).toMatchObject({
      smtp: { url: mail.SMTP_URL, from: mail.MAIL_FROM },
      staffEmails: ['a@rollick.example', 'b@rollick.example'],
      applicantEmails: true,
      webhook: { url: 'https://hooks.example/rollick', secret: Buffer.alloc(32, 9) },
      retryBaseMs: 5_000,
      retryWindowMs: 48 * 3_600_000,
    });
    expect(
      loadConfig({ ...mail, PUBLIC_URL: 'https://a.example', APPLICANT_EMAILS: 'false' }).alerts.applicantEmails,
    ).toBe(false);
  });

  it('refuses settings that cannot work, one line each, without echoing secrets', () => {
    const problems = problemsOf({
      SMTP_URL: 'http://user:hunter2@mail.example',
      MAIL_FROM: 'not an address',
      ALERT_EMAILS: 'a@rollick.example, nobody',
      WEBHOOK_URL: 'ftp://hooks.example',
      WEBHOOK_SECRET: 'hunter2',
      DELIVERY_RETRY_HOURS: '12',
    });
    expect(problems).toEqual([
      'SMTP_URL: must be an smtp:// or smtps:// URL',
      'MAIL_FROM: must be an e-mail address or "Name <address>" (got "not an address")',
      'ALERT_EMAILS: must be a comma-separated list of e-mail addresses (got "a@rollick.example, nobody")',
      'WEBHOOK_URL: must be an absolute http(s) URL (got "ftp://hooks.example")',
      'WEBHOOK_SECRET: must be whsec_ followed by base64 of 24 to 64 random bytes',
      'DELIVERY_RETRY_HOURS: must be at least 24 (got "12")',
    ]);
    expect(problemsOf({ SMTP_URL: mail.SMTP_URL, PUBLIC_URL: 'https://a.example' })).toEqual([
      'MAIL_FROM: needed when SMTP_URL is set',
    ]);
    expect(problemsOf({ ALERT_EMAILS: 'a@rollick.example' })).toEqual([
      'ALERT_EMAILS: only used with SMTP_URL, which is not set',
    ]);
    expect(problemsOf({ WEBHOOK_SECRET: secret })).toEqual(['WEBHOOK_URL and WEBHOOK_SECRET: set both or neither']);
    expect(problemsOf({ WEBHOOK_URL: 'https://hooks.example', WEBHOOK_SECRET: secret })).toEqual([
      'PUBLIC_URL: needed when SMTP_URL or WEBHOOK_URL is set (alerts link to this site)',
    ]);
  });
});

describe('two-factor configuration', () => {
  it('reads REQUIRE_2FA as a flag and TOTP_ENCRYPTION_KEY as 32 bytes in hex or base64', () => {
    expect(loadConfig({}).requireTwoFactor).toBe(false);
    expect(loadConfig({ REQUIRE_2FA: 'true' }).requireTwoFactor).toBe(true);
    expect(loadConfig({}).totpEncryptionKey).toBeUndefined();
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: hex }).totpEncryptionKey).toEqual(Buffer.from(hex, 'hex'));
    const base64 = Buffer.alloc(32, 9).toString('base64');
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: base64 }).totpEncryptionKey).toEqual(Buffer.alloc(32, 9));
  });

  it('refuses a key of the wrong size without repeating it, and REQUIRE_2FA on PostgreSQL without a key', () => {
    const problems = problemsOf({ TOTP_ENCRYPTION_KEY: 'short-secret-value', REQUIRE_2FA: 'maybe' });
    expect(problems.join('\n')).not.toContain('short-secret-value');
    expect(problems).toEqual([
      expect.stringMatching(/^REQUIRE_2FA: must be true or false/),
      expect.stringMatching(/^TOTP_ENCRYPTION_KEY: must be 32 bytes/),
    ]);
    expect(problemsOf({ REQUIRE_2FA: 'true', DATABASE_URL: 'postgres://db/x' })).toEqual([
      'REQUIRE_2FA: needs TOTP_ENCRYPTION_KEY when DATABASE_URL is set',
    ]);
  });
});

describe('resolveTotpKey', () => {
  it('keeps a key made once in DATA_DIR, readable by the server user only, on the embedded database', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-key-'));
    try {
      const base = { totpEncryptionKey: undefined, databaseUrl: undefined, dataDir };
      const first = await resolveTotpKey(base);
      expect(first).toHaveLength(32);
      expect(((await stat(path.join(dataDir, TOTP_KEY_FILE))).mode & 0o777).toString(8)).toBe('600');
      expect(await resolveTotpKey(base)).toEqual(first);
      // On PostgreSQL no key is made up; the variable's wins everywhere.
      expect(await resolveTotpKey({ ...base, databaseUrl: 'postgres://db/x' })).toBeUndefined();
      expect(await resolveTotpKey({ ...base, totpEncryptionKey: Buffer.alloc(32, 1) })).toEqual(Buffer.alloc(32, 1));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('startupWarnings', () => {
  it('warns when PUBLIC_URL is https but TRUST_PROXY is not set', () => {
    const config = {
      nodeEnv: 'production' as const,
      port: 3000,
      publicUrl: 'https://x.example',
      allowedHosts: [],
      trustProxy: false,
      requireTwoFactor: false,
      totpEncryptionKey: undefined,
    };
    expect(startupWarnings(config)).toEqual([expect.stringContaining('TRUST_PROXY')]);
    expect(startupWarnings({ ...config, trustProxy: true })).toEqual([]);
    expect(startupWarnings({ ...config, publicUrl: 'http://x.example' })).toEqual([]);
  });

  it('warns in production when pages can only name localhost', () => {
    const config = {
      nodeEnv: 'production' as const,
      port: 8080,
      publicUrl: undefined,
      allowedHosts: [],
      trustProxy: false,
      requireTwoFactor: false,
      totpEncryptionKey: undefined,
    };
    expect(startupWarnings(config)).toEqual([expect.stringContaining('http://localhost:8080')]);
    expect(startupWarnings({ ...config, allowedHosts: ['apply.example.com'] })).toEqual([]);
    expect(startupWarnings({ ...config, nodeEnv: 'development' })).toEqual([]);
  });
});
