import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AlertSettings } from '#server/config.ts';
import { deliveries, outboxEvents } from '#server/db/schema.ts';
import { insertRecruiter } from '#tests/factories.ts';
import {
  type MailServer,
  startMailServer,
  startWebhookReceiver,
  type WebhookReceiver,
} from '#tests/setup/alert-receivers.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { RECRUITER_NAME } from '../submissions/submissions.test-support.ts';
import { type DeliveryWorkerDeps, startDeliveryWorker } from './delivery-worker.ts';

/** Shared by the alert tests: a real SMTP server, a real webhook receiver and an app sending to both. */

export const STAFF = ['staff@rollick.test', 'night-shift@rollick.test'];
export const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;

export function alertSettings(
  mail: MailServer | null,
  hook: WebhookReceiver | null,
  overrides: Partial<AlertSettings> = {},
): AlertSettings {
  return {
    smtp: mail ? { url: mail.url, from: 'Rollick Alerts <alerts@rollick.test>' } : undefined,
    staffEmails: mail ? STAFF : [],
    applicantEmails: true,
    stage2ReminderDays: [],
    webhook: hook ? { url: hook.url, secret: Buffer.from(WEBHOOK_SECRET.slice('whsec_'.length), 'base64') } : undefined,
    // A tiny first delay, so retries come at once and no test waits for them.
    retryBaseMs: 1,
    retryMaxMs: 4,
    retryWindowMs: 24 * 3_600_000,
    pollMs: 30_000,
    sendTimeoutMs: 5_000,
    ...overrides,
  };
}

export interface AlertRig {
  t: TestApp;
  mail: MailServer;
  hook: WebhookReceiver;
  close(): Promise<void>;
}

/** Receivers and an app; `channels` says which of them the app is configured to use. */
export async function startRig(
  options: {
    channels?: { mail?: boolean; webhook?: boolean };
    alerts?: Partial<AlertSettings>;
    deliveryClock?: () => Date;
    /** False: the app runs no delivery worker, and the test starts its own. */
    shouldDeliverAlerts?: boolean;
  } = {},
): Promise<AlertRig> {
  const mail = await startMailServer();
  const hook = await startWebhookReceiver();
  const { mail: useMail = true, webhook: useWebhook = true } = options.channels ?? {};
  const t = await buildTestApp({
    config: { alerts: alertSettings(useMail ? mail : null, useWebhook ? hook : null, options.alerts) },
    ...(options.deliveryClock ? { deliveryClock: options.deliveryClock } : {}),
    ...(options.shouldDeliverAlerts === false ? { shouldDeliverAlerts: false } : {}),
  });
  await insertRecruiter(t.database.db, { name: RECRUITER_NAME });
  return {
    t,
    mail,
    hook,
    close: async () => {
      await t.close();
      await Promise.all([mail.close(), hook.close()]);
    },
  };
}

/** Every delivery with its event's type, oldest first. */
export async function deliveryRows(t: TestApp) {
  return t.database.db
    .select({
      id: deliveries.id,
      type: outboxEvents.type,
      channel: deliveries.channel,
      status: deliveries.status,
      attempts: deliveries.attempts,
      lastError: deliveries.lastError,
      eventId: deliveries.eventId,
    })
    .from(deliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, deliveries.eventId))
    .orderBy(deliveries.createdAt, deliveries.channel);
}

/** A delivery worker of the test's own on the app's database and settings, for an app built without one. */
export function startTestDeliveryWorker(t: TestApp, options: Pick<DeliveryWorkerDeps, 'gatherMs'> = {}) {
  return startDeliveryWorker({
    db: t.database.db,
    alerts: t.config.alerts,
    isOnlyInstance: true,
    context: { brandName: t.config.brandName, publicUrl: t.config.publicUrl },
    log: t.app.log,
    ...options,
  });
}
