/** The shapes of the configuration's groups of settings (config.ts builds them from the environment). */

/** Where alerts go (docs/decisions/024); a channel without its settings is off. */
export interface AlertSettings {
  /** Set: e-mail can be sent, to staff when `staffEmails` has addresses, to applicants when allowed. */
  smtp: { url: string; from: string } | undefined;
  staffEmails: string[];
  applicantEmails: boolean;
  /**
   * The day-marks after a stage-2 link at which creators who chose e-mail and have not submitted are reminded
   * (decision 060); empty: no reminders. They need `smtp`.
   */
  stage2ReminderDays: number[];
  webhook: { url: string; secret: Buffer } | undefined;
  /** The first retry's delay; each next one doubles, up to `retryMaxMs`, with jitter. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a delivery is retried before it is marked failed. */
  retryWindowMs: number;
  /** How often the worker looks for due retries and other instances' events. */
  pollMs: number;
  /** A webhook or SMTP exchange that takes longer has failed. */
  sendTimeoutMs: number;
}

/** The object store's settings (architecture §2); with them, uploads live in the bucket instead of on disk. */
export interface S3Settings {
  bucket: string;
  /** Unset for AWS itself; the URL of any other S3-compatible service. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's own chain (AWS_* variables, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

/** Backups (docs/decisions/039): the passphrase that seals them, and the server's own schedule. */
export interface BackupSettings {
  /** Set: archives are encrypted with it, and `verify`/`restore` open them with it. */
  passphrase: string | undefined;
  /** Set: the server writes a backup here every `everyMs`, keeping the newest `keep`. */
  dir: string | undefined;
  everyMs: number;
  keep: number;
}
