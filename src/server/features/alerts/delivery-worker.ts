import type { FastifyBaseLogger } from 'fastify';
import type { AlertSettings } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { onCommitNotice } from '#server/db/commit-notices.ts';
import { safeErrorMessage } from '#server/lib/safe-error.ts';
import { templateOverrides } from '../messages/message-templates.service.ts';
import { sendDueReminders } from '../messages/stage2-reminders.ts';
import { applicantMail, type MessageContext, staffAlert, webhookBody } from './alert-messages.ts';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  fanOutEvents,
  markAttemptFailed,
  markSent,
  nextDueAt,
  releaseClaims,
} from './deliveries.service.ts';
import { OUTBOX_NOTICE } from './outbox.ts';
import { createMailer, type Mailer, PermanentDeliveryError, postWebhook } from './senders.ts';

export interface DeliveryWorker {
  /** Looks for new events and due deliveries now; a commit that writes events does so within GATHER_MS. */
  wake(): void;
  /** Settles when the worker has nothing running or waiting to run, starting a gathered pass at once (for tests). */
  idle(): Promise<void>;
  /** Finishes or abandons the attempts in flight (they stay claimed, and are due again after the lease). */
  stop(): Promise<void>;
}

export interface DeliveryWorkerDeps {
  db: Db;
  alerts: AlertSettings;
  context: MessageContext;
  log: FastifyBaseLogger;
  /** The embedded database: no other process can hold a claim, so the first pass releases them all. */
  isOnlyInstance: boolean;
  /** The worker's clock, replaceable so tests can move time. */
  now?: () => Date;
  /** How long a commit's pass waits for the commits after it (GATHER_MS). */
  gatherMs?: number;
}

const ADDRESS = /[^\s<>@"',;:]+@[^\s<>@"',;:]+/g;

/** The domain of MAIL_FROM, which Message-IDs are made under. */
const domainOf = (from: string) => from.match(/@([^>\s]+)>?\s*$/)?.[1] ?? 'localhost';

/**
 * Commits this close together share one pass. A pass is some six statements (the fan-out, the claim and the next
 * due time); in a stream of applications every event would otherwise start one of its own. At nine applications a
 * second an application cost 17 statements with 100 ms, 14.6 with 250 ms and 12 with 500 ms. An alert (an
 * e-mail, a chat message, a webhook) waits this long at most, which none of their readers can tell.
 */
export const GATHER_MS = 500;

/**
 * The delivery worker (docs/decisions/024): in this process, woken by the database after the commits that
 * wrote events (commit-notices.ts; those within GATHER_MS of each other share a pass) and on a timer for due
 * retries and other instances' events. Any number of instances may run one: deliveries are claimed with
 * `FOR UPDATE SKIP LOCKED`, so each attempt is made by one of them.
 */
export function startDeliveryWorker(deps: DeliveryWorkerDeps): DeliveryWorker {
  const { db, alerts, context, log } = deps;
  const now = deps.now ?? (() => new Date());
  const mailer: Mailer | null = alerts.smtp ? createMailer(alerts.smtp, alerts.sendTimeoutMs) : null;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let isWokenAgain = false;
  let isFirstPass = true;
  /** A pass asked for by a commit, waiting for the commits that follow it closely. */
  let gathering: NodeJS.Timeout | undefined;

  async function send(delivery: ClaimedDelivery): Promise<void> {
    const messageId = `<${delivery.eventId}.${delivery.channel}@${domainOf(alerts.smtp?.from ?? '')}>`;
    switch (delivery.channel) {
      case 'email-staff':
        if (!mailer || alerts.staffEmails.length === 0)
          throw new PermanentDeliveryError('ALERT_EMAILS is not configured');
        return mailer.send({ ...staffAlert(delivery, alerts.staffEmails, context), messageId });
      case 'email-applicant':
        if (!mailer) throw new PermanentDeliveryError('SMTP_URL is not configured');
        return mailer.send({
          ...applicantMail(
            delivery,
            context,
            delivery.type === 'creator.stage2_link' ? await templateOverrides(db) : [],
          ),
          messageId,
        });
      case 'webhook':
        if (!alerts.webhook) throw new PermanentDeliveryError('WEBHOOK_URL is not configured');
        return postWebhook(alerts.webhook, {
          id: delivery.eventId,
          body: webhookBody(delivery, context),
          timeoutMs: alerts.sendTimeoutMs,
          now: now(),
          signal: stopping.signal,
        });
    }
  }

  async function attempt(delivery: ClaimedDelivery): Promise<void> {
    try {
      await send(delivery);
      await markSent(db, delivery, now());
      log.info(
        { deliveryId: delivery.id, channel: delivery.channel, creatorId: delivery.payload.creatorId },
        'alert delivered',
      );
    } catch (error) {
      if (stopping.signal.aborted) return;
      // Mail servers name the refused address; neither the log nor the screen may hold contact details.
      const message = safeErrorMessage(error instanceof Error ? error.message : String(error)).replace(
        ADDRESS,
        '<address>',
      );
      const status = await markAttemptFailed(db, delivery, {
        error: message,
        isPermanent: error instanceof PermanentDeliveryError,
        now: now(),
        alerts,
      });
      log.warn(
        { deliveryId: delivery.id, channel: delivery.channel, attempts: delivery.attempts, status, reason: message },
        status === 'failed' ? 'alert delivery failed for good' : 'alert delivery failed; will retry',
      );
    }
  }

  /** Stage-2 reminders due by now become events here, so they go out in this very pass (decision 060). */
  async function remind(): Promise<void> {
    if (!mailer || alerts.stage2ReminderDays.length === 0) return;
    try {
      const sent = await sendDueReminders(db, {
        marks: alerts.stage2ReminderDays,
        now: now(),
        brand: context.brandName,
      });
      if (sent > 0) log.info({ reminders: sent }, 'stage-2 reminders queued');
    } catch (error) {
      if (!stopping.signal.aborted) log.error({ err: error }, 'stage-2 reminders failed; the next pass tries again');
    }
  }

  function schedule(at: Date | null): void {
    if (stopping.signal.aborted) return;
    const wait = at ? Math.min(Math.max(0, at.getTime() - now().getTime()), alerts.pollMs) : alerts.pollMs;
    clearTimeout(timer);
    timer = setTimeout(wake, wait);
    timer.unref();
  }

  async function run(): Promise<void> {
    clearTimeout(timer);
    try {
      if (isFirstPass && deps.isOnlyInstance) await releaseClaims(db, now());
      isFirstPass = false;
      await remind();
      await fanOutEvents(db, alerts, now());
      for (;;) {
        const batch = await claimDueDeliveries(db, now());
        if (batch.length === 0 || stopping.signal.aborted) break;
        await Promise.all(batch.map(attempt));
      }
      schedule(await nextDueAt(db));
    } catch (error) {
      if (stopping.signal.aborted) return;
      log.error({ err: error }, 'alert delivery pass failed');
      schedule(null);
    }
  }

  function wake(): void {
    if (stopping.signal.aborted) return;
    if (running) {
      isWokenAgain = true;
      return;
    }
    running = run().finally(() => {
      running = null;
      if (isWokenAgain) {
        isWokenAgain = false;
        wake();
      }
    });
  }

  function wakeSoon(): void {
    if (gathering || stopping.signal.aborted) return;
    gathering = setTimeout(wakeNow, deps.gatherMs ?? GATHER_MS);
  }

  function wakeNow(): void {
    clearTimeout(gathering);
    gathering = undefined;
    wake();
  }

  async function idle(): Promise<void> {
    while (running || gathering) {
      if (gathering) wakeNow();
      await running;
    }
  }

  const stopListening = onCommitNotice(db, OUTBOX_NOTICE, wakeSoon);
  wake();
  return {
    wake,
    idle,
    stop: async () => {
      stopListening();
      stopping.abort();
      clearTimeout(timer);
      clearTimeout(gathering);
      mailer?.close();
      await running;
    },
  };
}
