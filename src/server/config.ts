import path from 'node:path';
import { z } from 'zod';
import { SECRET_VARIABLES, withSecretFiles } from './config-secrets.ts';
import type { AlertSettings, BackupSettings, S3Settings } from './config-settings.ts';
import {
  bucketName,
  decodeKey,
  decodeWebhookSecret,
  flag,
  hostList,
  isAddress,
  isMailbox,
  optional,
  origin,
  parseTrustProxy,
  port,
  positiveInt,
  postgresUrl,
} from './config-values.ts';

/** architecture §2: the configuration contract. Every variable is read here and nowhere else. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(postgresUrl),
  REDIS_URL: optional(z.string().refine((value) => /^rediss?:\/\//.test(value), 'must be a redis:// URL')),
  ADMIN_USERNAME: optional(z.string().trim().min(1)),
  ADMIN_PASSWORD: optional(z.string().min(12, 'must be at least 12 characters')),
  PUBLIC_URL: optional(origin),
  ALLOWED_HOSTS: optional(hostList),
  BRAND_NAME: z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters').default('Rollick'),
  TRUST_PROXY: z.string().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  LOG_REQUESTS: z.enum(['all', 'errors', 'off']).default('errors'),
  SESSION_IDLE_MINUTES: positiveInt.default(120),
  SESSION_ABSOLUTE_HOURS: positiveInt.default(12),
  STAGE2_LINK_DAYS: positiveInt.default(30),
  APPLICANT_PAGE_DAYS: positiveInt.default(180),
  SUBMISSIONS_PER_IP_PER_HOUR: positiveInt.default(10),
  CLIENT_DIR: optional(z.string()),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
  IMAGE_JOBS: positiveInt.default(2),
  IMAGE_QUEUE_LENGTH: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .default(32),
  UPLOADS_PER_CLIENT: positiveInt.default(2),
  UPLOAD_MIN_BYTES_PER_SECOND: positiveInt.default(1024),
  UPLOAD_RATE_WINDOW_SECONDS: positiveInt.default(20),
  UPLOADS_DIR: optional(z.string()),
  S3_BUCKET: optional(bucketName),
  S3_ENDPOINT: optional(
    z.url({ error: 'must be an absolute http(s) URL' }).refine((value) => /^https?:\/\//.test(value), {
      error: 'must be an absolute http(s) URL',
    }),
  ),
  S3_REGION: z.string().trim().min(1, 'must not be empty').default('us-east-1'),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(flag),
  RETENTION_DAYS: optional(positiveInt),
  CONSENT: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  ASSIGN_NEW: z.enum(['off', 'round-robin'], { error: 'must be off or round-robin' }).default('off'),
  PRIVACY_DIR: optional(z.string()),
  REQUIRE_2FA: z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  SMTP_URL: optional(
    z.string().refine((value) => /^smtps?:\/\/[^/]/.test(value), 'must be an smtp:// or smtps:// URL'),
  ),
  MAIL_FROM: optional(z.string().trim().refine(isMailbox, 'must be an e-mail address or "Name <address>"')),
  ALERT_EMAILS: optional(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine((list) => list.every(isAddress), 'must be a comma-separated list of e-mail addresses'),
  ),
  APPLICANT_EMAILS: optional(flag),
  STAGE2_REMINDER_DAYS: optional(
    z
      .string()
      .transform((value) => value.split(',').map((part) => part.trim()))
      .refine(
        (parts) => parts.every((part) => /^\d+$/.test(part) && Number(part) >= 1 && Number(part) <= 60),
        'must be whole days from 1 to 60, separated by commas (for example 2,5)',
      )
      .transform((parts) => [...new Set(parts.map(Number))].sort((a, b) => a - b)),
  ),
  WEBHOOK_URL: optional(
    z.url({ error: 'must be an absolute http(s) URL' }).refine((value) => /^https?:\/\//.test(value), {
      error: 'must be an absolute http(s) URL',
    }),
  ),
  WEBHOOK_SECRET: optional(
    z
      .string()
      .transform((value) => decodeWebhookSecret(value.trim()))
      .refine((key) => key !== null, 'must be whsec_ followed by base64 of 24 to 64 random bytes'),
  ),
  DELIVERY_RETRY_BASE_SECONDS: positiveInt.default(30),
  DELIVERY_RETRY_HOURS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(24, 'must be at least 24')
    .default(24),
  BACKUP_PASSPHRASE: optional(z.string().min(12, 'must be at least 12 characters')),
  BACKUP_DIR: optional(z.string()),
  BACKUP_EVERY_HOURS: optional(
    z.coerce
      .number({ error: 'must be a number of hours' })
      .positive('must be above 0')
      .max(8760, 'must be at most 8760'),
  ),
  BACKUP_KEEP: optional(positiveInt),
  METRICS_TOKEN: optional(z.string().trim().min(16, 'must be at least 16 characters (openssl rand -hex 32)')),
  CAPTCHA: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  CAPTCHA_HMAC_KEY: optional(z.string().trim().min(32, 'must be at least 32 characters (openssl rand -hex 32)')),
  TOTP_ENCRYPTION_KEY: optional(
    z
      .string()
      .transform((value) => decodeKey(value.trim()))
      .refine((key) => key !== null, 'must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)'),
  ),
});

export type Env = z.input<typeof envSchema>;
export type { AlertSettings, BackupSettings, S3Settings } from './config-settings.ts';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  adminBootstrap: { username: string; password: string } | undefined;
  publicUrl: string | undefined;
  /**
   * Without PUBLIC_URL, the Host names (with a port where it is not the scheme's) whose origin pages may name
   * besides the loopback ones on PORT (plugins/page-origin.ts, docs/decisions/042). Empty with PUBLIC_URL.
   */
  allowedHosts: string[];
  brandName: string;
  /** Fastify's trustProxy: false, true, a hop count, or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  logLevel: string;
  /** `auto`: readable lines in development on a terminal, JSON lines everywhere else. */
  logFormat: 'auto' | 'json' | 'pretty';
  /**
   * Which requests get their one log line (plugins/request-log.ts): all, those answered 400 or above, or none.
   * Health probes never do; a request that fails on a fault in the server always does.
   */
  logRequests: 'all' | 'errors' | 'off';
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  stage2LinkMs: number;
  /** How long the link to her own page works (decision 047). */
  applicantPageMs: number;
  /**
   * A bulk request still running after this long is answered 202 with its job, and goes on in the background
   * (docs/decisions/034); one that ends sooner is answered with its summary, as before.
   */
  bulkReplyWithinMs: number;
  submissionsPerIpPerHour: number;
  clientDir: string | undefined;
  shutdownTimeoutMs: number;
  /** Image decode/re-encode jobs at once, and how many may wait (lib/image-queue.ts). */
  imageJobs: number;
  imageQueueLength: number;
  /** Uploads one client (IPv4 address or IPv6 /64) may have in flight (lib/upload-intake.ts). */
  uploadsPerClient: number;
  /** The slowest upload accepted: at least this many bytes a second over every window (lib/body-rate.ts). */
  uploadMinBytesPerSecond: number;
  uploadRateWindowMs: number;
  /** Where the local file store keeps uploads: DATA_DIR/uploads unless set (a volume instances share). */
  uploadsDir: string;
  /** Set: uploads live in this bucket, and `uploadsDir` is unused. */
  s3: S3Settings | undefined;
  /** Every admin must sign in with a second factor; those without one must enrol first. */
  requireTwoFactor: boolean;
  /**
   * Encrypts TOTP secrets at rest (AES-256-GCM). From TOTP_ENCRYPTION_KEY; on the embedded database a key
   * is made once and kept in DATA_DIR when the variable is unset (lib/totp-key.ts).
   */
  totpEncryptionKey: Buffer | undefined;
  /**
   * Set: cancelled creators and pending ones no admin ever acted on are removed for good this many days
   * after (maintenance.ts, docs/decisions/027). Unset: nothing is removed by age.
   */
  retentionDays: number | undefined;
  /**
   * Step 5 asks her consent to the privacy notice, stored with its time and the notice's version (docs/decisions/048).
   * Off (`CONSENT=off`) for operators whose lawful basis is not consent: nothing asked, nothing stored.
   */
  isConsentAsked: boolean;
  /**
   * `ASSIGN_NEW=round-robin`: each new application goes to the next active admin who works in her language, the one
   * who waited longest first (decision 063); none such, or unset, and it stays unassigned.
   */
  isRoundRobin: boolean;
  /** Where the operator's privacy notice is (privacy.{language}.md) when not in DATA_DIR. */
  privacyDir: string | undefined;
  alerts: AlertSettings;
  backup: BackupSettings;
  /** Set: GET /metrics answers a scraper that sends it as a bearer token (plugins/metrics.ts); unset: 404. */
  metricsToken: string | undefined;
  /**
   * On: both public forms need a solved proof-of-work challenge (features/captcha, docs/decisions/049). The
   * key signs the challenges: CAPTCHA_HMAC_KEY, else one made once in DATA_DIR (lib/captcha-key.ts).
   */
  captcha: { isOn: boolean; hmacKey: string | undefined };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type ParsedEnv = z.output<typeof envSchema>;

/** Settings that only mean something together, each reported on a line of its own. */
function storageProblems(data: ParsedEnv, env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (Boolean(data.S3_ACCESS_KEY_ID) !== Boolean(data.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (!data.S3_BUCKET) {
    const orphaned = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_REGION'];
    for (const name of orphaned) if (env[name]) problems.push(`${name}: only used with S3_BUCKET, which is not set`);
  } else if (data.UPLOADS_DIR) {
    problems.push('UPLOADS_DIR: not used when S3_BUCKET is set (uploads live in the bucket); unset one of them');
  }
  return problems;
}

function alertProblems(data: ParsedEnv, env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (data.SMTP_URL && !data.MAIL_FROM) problems.push('MAIL_FROM: needed when SMTP_URL is set');
  if (!data.SMTP_URL) {
    for (const name of ['MAIL_FROM', 'ALERT_EMAILS', 'APPLICANT_EMAILS', 'STAGE2_REMINDER_DAYS']) {
      if (env[name]) problems.push(`${name}: only used with SMTP_URL, which is not set`);
    }
  }
  if (Boolean(data.WEBHOOK_URL) !== Boolean(data.WEBHOOK_SECRET)) {
    problems.push('WEBHOOK_URL and WEBHOOK_SECRET: set both or neither');
  }
  // Alerts link to the back office and stage-2 e-mails to the form; a request-derived origin is not there.
  if ((data.SMTP_URL || data.WEBHOOK_URL) && !data.PUBLIC_URL) {
    problems.push('PUBLIC_URL: needed when SMTP_URL or WEBHOOK_URL is set (alerts link to this site)');
  }
  return problems;
}

/** Parses the environment once; throws ConfigError with one line per problem. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = [];
  const env = withSecretFiles(environment, problems);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path.join('.') || 'environment';
      const value = env[name];
      const shown = value === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got "${value}")`;
      problems.push(`${name}: ${issue.message}${shown}`);
    }
  }
  const trustProxy = parseTrustProxy(env.TRUST_PROXY ?? 'false');
  if (typeof trustProxy === 'string') problems.push(`TRUST_PROXY: ${trustProxy} (got "${env.TRUST_PROXY}")`);
  if (parsed.success) {
    const { ADMIN_USERNAME, ADMIN_PASSWORD } = parsed.data;
    if (Boolean(ADMIN_USERNAME) !== Boolean(ADMIN_PASSWORD)) {
      problems.push('ADMIN_USERNAME and ADMIN_PASSWORD: set both or neither');
    }
    if (parsed.data.ALLOWED_HOSTS && parsed.data.PUBLIC_URL) {
      problems.push('ALLOWED_HOSTS: not used when PUBLIC_URL is set (pages name PUBLIC_URL); unset one of them');
    }
    problems.push(...storageProblems(parsed.data, env));
    problems.push(...alertProblems(parsed.data, env));
    if (!parsed.data.BACKUP_DIR) {
      for (const name of ['BACKUP_EVERY_HOURS', 'BACKUP_KEEP']) {
        if (env[name]) problems.push(`${name}: only used with BACKUP_DIR, which is not set`);
      }
    }
    // On the embedded database a key is kept in DATA_DIR; a shared PostgreSQL needs one from configuration.
    if (parsed.data.REQUIRE_2FA && parsed.data.DATABASE_URL && !parsed.data.TOTP_ENCRYPTION_KEY) {
      problems.push('REQUIRE_2FA: needs TOTP_ENCRYPTION_KEY when DATABASE_URL is set');
    }
  }
  if (problems.length > 0 || !parsed.success || typeof trustProxy === 'string') throw new ConfigError(problems);

  const data = parsed.data;
  return {
    nodeEnv: data.NODE_ENV,
    port: data.PORT,
    host: data.HOST,
    dataDir: path.resolve(data.DATA_DIR),
    databaseUrl: data.DATABASE_URL,
    redisUrl: data.REDIS_URL,
    adminBootstrap:
      data.ADMIN_USERNAME && data.ADMIN_PASSWORD
        ? { username: data.ADMIN_USERNAME, password: data.ADMIN_PASSWORD }
        : undefined,
    publicUrl: data.PUBLIC_URL,
    allowedHosts: data.ALLOWED_HOSTS ?? [],
    brandName: data.BRAND_NAME,
    trustProxy,
    logLevel: data.LOG_LEVEL,
    logFormat: data.LOG_FORMAT,
    logRequests: data.LOG_REQUESTS,
    sessionIdleMs: data.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: data.SESSION_ABSOLUTE_HOURS * 3_600_000,
    stage2LinkMs: data.STAGE2_LINK_DAYS * 86_400_000,
    applicantPageMs: data.APPLICANT_PAGE_DAYS * 86_400_000,
    bulkReplyWithinMs: 5_000,
    submissionsPerIpPerHour: data.SUBMISSIONS_PER_IP_PER_HOUR,
    clientDir: data.CLIENT_DIR ? path.resolve(data.CLIENT_DIR) : undefined,
    shutdownTimeoutMs: data.SHUTDOWN_TIMEOUT_MS,
    imageJobs: data.IMAGE_JOBS,
    imageQueueLength: data.IMAGE_QUEUE_LENGTH,
    uploadsPerClient: data.UPLOADS_PER_CLIENT,
    uploadMinBytesPerSecond: data.UPLOAD_MIN_BYTES_PER_SECOND,
    uploadRateWindowMs: data.UPLOAD_RATE_WINDOW_SECONDS * 1000,
    uploadsDir: path.resolve(data.UPLOADS_DIR ?? path.join(data.DATA_DIR, 'uploads')),
    s3: data.S3_BUCKET
      ? {
          bucket: data.S3_BUCKET,
          endpoint: data.S3_ENDPOINT,
          region: data.S3_REGION,
          credentials:
            data.S3_ACCESS_KEY_ID && data.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: data.S3_ACCESS_KEY_ID, secretAccessKey: data.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: data.S3_FORCE_PATH_STYLE ?? false,
        }
      : undefined,
    requireTwoFactor: data.REQUIRE_2FA,
    totpEncryptionKey: data.TOTP_ENCRYPTION_KEY ?? undefined,
    retentionDays: data.RETENTION_DAYS,
    isConsentAsked: data.CONSENT === 'on',
    isRoundRobin: data.ASSIGN_NEW === 'round-robin',
    privacyDir: data.PRIVACY_DIR ? path.resolve(data.PRIVACY_DIR) : undefined,
    metricsToken: data.METRICS_TOKEN,
    captcha: { isOn: data.CAPTCHA === 'on', hmacKey: data.CAPTCHA_HMAC_KEY },
    backup: {
      passphrase: data.BACKUP_PASSPHRASE,
      dir: data.BACKUP_DIR ? path.resolve(data.BACKUP_DIR) : undefined,
      everyMs: Math.round((data.BACKUP_EVERY_HOURS ?? 24) * 3_600_000),
      keep: data.BACKUP_KEEP ?? 7,
    },
    alerts: {
      smtp: data.SMTP_URL && data.MAIL_FROM ? { url: data.SMTP_URL, from: data.MAIL_FROM } : undefined,
      staffEmails: data.ALERT_EMAILS ?? [],
      applicantEmails: data.APPLICANT_EMAILS ?? true,
      stage2ReminderDays: data.STAGE2_REMINDER_DAYS ?? [],
      webhook:
        data.WEBHOOK_URL && data.WEBHOOK_SECRET ? { url: data.WEBHOOK_URL, secret: data.WEBHOOK_SECRET } : undefined,
      retryBaseMs: data.DELIVERY_RETRY_BASE_SECONDS * 1000,
      retryMaxMs: 3_600_000,
      retryWindowMs: data.DELIVERY_RETRY_HOURS * 3_600_000,
      pollMs: 30_000,
      sendTimeoutMs: 10_000,
    },
  };
}

/** A config for tests and tools: defaults plus the given overrides, no environment read. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    totpEncryptionKey: Buffer.alloc(32, 7),
    ...overrides,
  };
}
