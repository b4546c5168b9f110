import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { AlertSettings } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { notifyOnCommit } from '#server/db/commit-notices.ts';
import { creators, DELIVERY_CHANNELS, type DELIVERY_STATUSES, deliveries, outboxEvents } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/lib/app-error.ts';
import type { MessageKey } from '#shared/messages/message.ts';
import type { DeliveryItem } from '#shared/replies/deliveries.ts';
import { type EventPayload, type EventType, OUTBOX_NOTICE } from './outbox.ts';

export type Channel = (typeof DELIVERY_CHANNELS)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_NOT_FOUND = 'deliveries.notFound' satisfies MessageKey;
export const ONLY_FAILED_RETRY = 'deliveries.onlyFailedRetry' satisfies MessageKey;

/** A claimed delivery is someone's for this long; if they die sending it, it is due again after. */
export const CLAIM_LEASE_MS = 2 * 60_000;
const BATCH = 20;
/** Longer error texts (a whole HTML error page) are cut: the screen shows the start. */
const ERROR_MAX_LENGTH = 500;

/** Which channels an event goes to, given what is configured (docs/decisions/024). */
export function channelsFor(type: EventType, payload: EventPayload, alerts: AlertSettings): Channel[] {
  const channels: Channel[] = [];
  const isStaffAlert =
    type === 'creator.submitted' || type === 'creator.stage2_submitted' || type === 'creator.withdrawn';
  if (isStaffAlert && alerts.smtp && alerts.staffEmails.length > 0) channels.push('email-staff');
  // The stage-2 link is the applicant's key to their form, and a message is hers: they go to her, never to a webhook.
  if (type !== 'creator.stage2_link' && type !== 'creator.message' && alerts.webhook) channels.push('webhook');
  const wantsEmail = payload.contactMethod === 'Email';
  if (type === 'creator.submitted' && wantsEmail && alerts.smtp && alerts.applicantEmails) {
    channels.push('email-applicant');
  }
  if (type === 'creator.stage2_link' && wantsEmail && alerts.smtp) channels.push('email-applicant');
  if (type === 'creator.message' && wantsEmail && alerts.smtp) channels.push('email-applicant');
  return channels;
}

/**
 * Turns new events into one delivery per channel enabled now. Events older than the retry window (made while
 * no instance delivered, or before a channel was configured) are closed without deliveries: a channel
 * switched on today does not receive last month's alerts.
 */
export async function fanOutEvents(db: Db, alerts: AlertSettings, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select({
        id: outboxEvents.id,
        type: outboxEvents.type,
        payload: outboxEvents.payload,
        createdAt: outboxEvents.createdAt,
      })
      .from(outboxEvents)
      .where(isNull(outboxEvents.fannedOutAt))
      .orderBy(outboxEvents.createdAt)
      .limit(100)
      .for('update', { skipLocked: true });
    if (events.length === 0) return 0;
    const giveUpAt = new Date(now.getTime() + alerts.retryWindowMs);
    const unmailedLinks: string[] = [];
    const rows = events.flatMap((event) => {
      const isStale = now.getTime() - event.createdAt.getTime() > alerts.retryWindowMs;
      const channels = isStale ? [] : channelsFor(event.type, event.payload as unknown as EventPayload, alerts);
      if ('link' in event.payload && !channels.includes('email-applicant')) unmailedLinks.push(event.id);
      return channels.map((channel) => ({ eventId: event.id, channel, nextAttemptAt: now, giveUpAt }));
    });
    if (rows.length > 0) await tx.insert(deliveries).values(rows).onConflictDoNothing();
    // Marked fanned out, and a link no e-mail will carry forgotten (the outbox keeps no working key to anyone's
    // page or form), in one statement: a second update of a row this transaction already changed re-checks its
    // foreign key, and that lock on the creator deadlocks with a staff delete of her cascading the other way.
    const forget = unmailedLinks.length > 0 ? inArray(outboxEvents.id, unmailedLinks) : sql`false`;
    await tx
      .update(outboxEvents)
      .set({
        fannedOutAt: now,
        payload: sql`case when ${forget} then ${outboxEvents.payload} - 'link' else ${outboxEvents.payload} end`,
      })
      .where(
        inArray(
          outboxEvents.id,
          events.map((event) => event.id),
        ),
      );
    return rows.length;
  });
}

export interface ClaimedDelivery {
  id: string;
  channel: Channel;
  attempts: number;
  giveUpAt: Date;
  eventId: string;
  type: EventType;
  occurredAt: Date;
  payload: EventPayload;
  /** The applicant's address, read when sending: the outbox keeps no contact details. */
  contactInfo: string;
}

/**
 * Takes up to a batch of due deliveries for this worker by moving their next attempt a lease ahead. Rows
 * another instance is claiming at the same moment are skipped, not waited for; a claim whose holder died
 * comes due again when its lease ends (at-least-once).
 */
export async function claimDueDeliveries(db: Db, now: Date): Promise<ClaimedDelivery[]> {
  const leaseEnd = new Date(now.getTime() + CLAIM_LEASE_MS);
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(and(eq(deliveries.status, 'pending'), lte(deliveries.nextAttemptAt, now)))
      .orderBy(deliveries.nextAttemptAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(deliveries)
      .set({ nextAttemptAt: leaseEnd, attempts: sql`${deliveries.attempts} + 1`, updatedAt: now })
      .where(
        inArray(
          deliveries.id,
          due.map((row) => row.id),
        ),
      )
      .returning({ id: deliveries.id });
  });
  if (claimed.length === 0) return [];
  const rows = await db
    .select({
      id: deliveries.id,
      channel: deliveries.channel,
      attempts: deliveries.attempts,
      giveUpAt: deliveries.giveUpAt,
      eventId: outboxEvents.id,
      type: outboxEvents.type,
      occurredAt: outboxEvents.createdAt,
      payload: outboxEvents.payload,
      contactInfo: creators.contactInfo,
    })
    .from(deliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, deliveries.eventId))
    .innerJoin(creators, eq(creators.id, outboxEvents.creatorId))
    .where(
      inArray(
        deliveries.id,
        claimed.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({ ...row, payload: row.payload as unknown as EventPayload }));
}

export async function markSent(db: Db, delivery: ClaimedDelivery, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(deliveries)
      .set({ status: 'sent', sentAt: now, lastError: null, updatedAt: now })
      .where(eq(deliveries.id, delivery.id));
    // The link opens the applicant's form (or her own page): once it is in her mailbox, the outbox forgets it.
    if (delivery.channel === 'email-applicant') {
      await tx
        .update(outboxEvents)
        .set({ payload: sql`${outboxEvents.payload} - 'link'` })
        .where(eq(outboxEvents.id, delivery.eventId));
    }
  });
}

/** The wait before attempt n+1: doubling from the base, capped, with its upper half random (jitter). */
export function backoffMs(
  attempts: number,
  alerts: Pick<AlertSettings, 'retryBaseMs' | 'retryMaxMs'>,
  random = Math.random,
): number {
  const ceiling = Math.min(alerts.retryMaxMs, alerts.retryBaseMs * 2 ** Math.min(attempts - 1, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** A failed attempt: tried again later, or marked failed once the retry window has passed or retrying is futile. */
export async function markAttemptFailed(
  db: Db,
  delivery: ClaimedDelivery,
  input: { error: string; isPermanent: boolean; now: Date; alerts: AlertSettings },
): Promise<DeliveryStatus> {
  const { now } = input;
  const lastError = input.error.slice(0, ERROR_MAX_LENGTH);
  const isOver = input.isPermanent || now.getTime() >= delivery.giveUpAt.getTime();
  const nextAttemptAt = new Date(now.getTime() + backoffMs(delivery.attempts, input.alerts));
  await db
    .update(deliveries)
    .set(isOver ? { status: 'failed', lastError, updatedAt: now } : { nextAttemptAt, lastError, updatedAt: now })
    .where(eq(deliveries.id, delivery.id));
  return isOver ? 'failed' : 'pending';
}

/**
 * Makes every pending delivery due now. Only for the embedded database at start-up: its process is the only
 * one, so a delivery still claimed was being sent when the last run died, and need not wait for its lease.
 */
export async function releaseClaims(db: Db, now: Date): Promise<void> {
  await db
    .update(deliveries)
    .set({ nextAttemptAt: now })
    .where(and(eq(deliveries.status, 'pending'), gt(deliveries.nextAttemptAt, now)));
}

/** When the next pending delivery is due, so the worker can sleep until then. */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: deliveries.nextAttemptAt })
    .from(deliveries)
    .where(eq(deliveries.status, 'pending'))
    .orderBy(deliveries.nextAttemptAt)
    .limit(1);
  return row?.at ?? null;
}

const LIST_LIMIT = 100;

/**
 * Deliveries waiting or failed, per channel, every channel named (0 when it has none): what the metrics
 * report on each scrape. One grouped count over the two statuses, which their partial indexes cover.
 */
export async function openDeliveriesByChannel(
  db: Db,
): Promise<Array<{ channel: Channel; pending: number; failed: number }>> {
  const counted = await db
    .select({ channel: deliveries.channel, status: deliveries.status, count: sql<number>`count(*)::int` })
    .from(deliveries)
    .where(inArray(deliveries.status, ['pending', 'failed']))
    .groupBy(deliveries.channel, deliveries.status);
  const countOf = (channel: Channel, status: DeliveryStatus) =>
    counted.find((row) => row.channel === channel && row.status === status)?.count ?? 0;
  return DELIVERY_CHANNELS.map((channel) => ({
    channel,
    pending: countOf(channel, 'pending'),
    failed: countOf(channel, 'failed'),
  }));
}

/** GET /api/admin/deliveries: the newest deliveries (of one status, if asked), and how many wait or failed. */
export async function listDeliveries(
  db: Db,
  input: { status?: DeliveryStatus },
): Promise<{ items: DeliveryItem[]; counts: { pending: number; failed: number } }> {
  const rows = await db
    .select({
      id: deliveries.id,
      eventId: deliveries.eventId,
      type: outboxEvents.type,
      channel: deliveries.channel,
      status: deliveries.status,
      attempts: deliveries.attempts,
      nextAttemptAt: deliveries.nextAttemptAt,
      lastError: deliveries.lastError,
      sentAt: deliveries.sentAt,
      createdAt: deliveries.createdAt,
      creatorId: creators.creatorId,
      name: creators.name,
    })
    .from(deliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, deliveries.eventId))
    .innerJoin(creators, eq(creators.id, outboxEvents.creatorId))
    .where(input.status ? eq(deliveries.status, input.status) : undefined)
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(LIST_LIMIT);
  const counted = await db
    .select({ status: deliveries.status, count: sql<number>`count(*)::int` })
    .from(deliveries)
    .where(inArray(deliveries.status, ['pending', 'failed']))
    .groupBy(deliveries.status);
  const countOf = (status: DeliveryStatus) => counted.find((row) => row.status === status)?.count ?? 0;
  return {
    items: rows.map((row) => ({
      ...row,
      nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
      sentAt: row.sentAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    counts: { pending: countOf('pending'), failed: countOf('failed') },
  };
}

/** POST /api/admin/deliveries/{id}/retry: a failed delivery is due now, with a fresh retry window, and the worker wakes. */
export async function retryDelivery(db: Db, input: { id: string; alerts: AlertSettings; now?: Date }): Promise<void> {
  const now = input.now ?? new Date();
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input.id);
  if (!isUuid) throw notFound(DELIVERY_NOT_FOUND);
  const [row] = await db
    .update(deliveries)
    .set({
      status: 'pending',
      nextAttemptAt: now,
      giveUpAt: new Date(now.getTime() + input.alerts.retryWindowMs),
      updatedAt: now,
    })
    .where(and(eq(deliveries.id, input.id), eq(deliveries.status, 'failed')))
    .returning({ id: deliveries.id });
  if (row) {
    notifyOnCommit(db, OUTBOX_NOTICE);
    return;
  }
  const [exists] = await db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.id, input.id));
  throw exists ? conflict(ONLY_FAILED_RETRY) : notFound(DELIVERY_NOT_FOUND);
}

/** How long finished deliveries stay on the deliveries screen. */
export const DELIVERY_KEEP_MS = 30 * 86_400_000;

/**
 * Hourly upkeep: events whose deliveries have all finished (sent or failed) more than `DELIVERY_KEEP_MS` ago
 * go, with their deliveries; anything still pending stays however old.
 */
export async function deleteFinishedEvents(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_KEEP_MS);
  const deleted = await db
    .delete(outboxEvents)
    .where(
      and(
        lte(outboxEvents.createdAt, before),
        isNotNull(outboxEvents.fannedOutAt),
        sql`not exists (select 1 from ${deliveries} where ${deliveries.eventId} = ${outboxEvents.id} and (${deliveries.status} = 'pending' or ${deliveries.updatedAt} > ${before}))`,
      ),
    )
    .returning({ id: outboxEvents.id });
  return deleted.length;
}
