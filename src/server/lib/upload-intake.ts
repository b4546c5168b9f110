import fs from 'node:fs/promises';
import path from 'node:path';
import { englishOf } from '#shared/messages/english.ts';
import { AppError } from './app-error.ts';
import type { BodyRatePolicy } from './body-rate.ts';
import { clientGroup } from './client-address.ts';
import type { SpoolOptions } from './multipart-body.ts';

/** The English of the 429, as the API writes it. */
export const TOO_MANY_UPLOADS_MESSAGE = englishOf('upload.tooMany');

/** A guess at when one of the client's own uploads will have finished. */
const TOO_MANY_UPLOADS_RETRY_SECONDS = 10;

export interface UploadIntakeOptions {
  /** Where uploads are spooled while they arrive: DATA_DIR/tmp/uploads. */
  spoolDir: string;
  /** Uploads one client (an IPv4 address or an IPv6 /64) may have in flight at once. */
  perClient: number;
  rate: BodyRatePolicy;
}

export interface UploadIntake {
  /**
   * Counts one upload of this client as in flight until the returned release is called; throws
   * TOO_MANY_UPLOADS (429 with Retry-After) at once when the client already has its share.
   */
  admit(ip: string): () => void;
  inFlight(ip: string): number;
  readonly spool: SpoolOptions;
  /**
   * Creates the spool directory and removes what is in it (at start-up, when no request can be in flight),
   * or only what is older than `olderThanMs` (later, while requests are); returns how many.
   */
  clearSpool(olderThanMs?: number): Promise<number>;
}

/**
 * The front door of both upload forms: a cap on each client's uploads in flight, and where and how fast
 * their bodies are received. Nothing expensive is held while a body arrives, so a slow client costs a
 * socket and a file, and the cap bounds how many of those one client can hold.
 */
export function createUploadIntake(options: UploadIntakeOptions): UploadIntake {
  const inFlight = new Map<string, number>();
  return {
    admit(ip) {
      const group = clientGroup(ip);
      const current = inFlight.get(group) ?? 0;
      if (current >= options.perClient) {
        throw new AppError('TOO_MANY_UPLOADS', 'upload.tooMany', undefined, {
          retryAfterSeconds: TOO_MANY_UPLOADS_RETRY_SECONDS,
          limit: 'uploads_in_flight',
        });
      }
      inFlight.set(group, current + 1);
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        const left = (inFlight.get(group) ?? 1) - 1;
        if (left > 0) inFlight.set(group, left);
        else inFlight.delete(group);
      };
    },
    inFlight: (ip) => inFlight.get(clientGroup(ip)) ?? 0,
    spool: { dir: options.spoolDir, rate: options.rate },
    async clearSpool(olderThanMs = 0) {
      await fs.mkdir(options.spoolDir, { recursive: true, mode: 0o700 });
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      for (const name of await fs.readdir(options.spoolDir)) {
        const file = path.join(options.spoolDir, name);
        const stats = await fs.stat(file).catch(() => null);
        if (!stats || (olderThanMs > 0 && stats.mtimeMs > cutoff)) continue;
        await fs.rm(file, { force: true, recursive: true });
        removed++;
      }
      return removed;
    },
  };
}
