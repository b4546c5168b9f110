import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { cancelReasons, creators } from '#server/db/schema.ts';
import { AppError, conflict, notFound } from '#server/lib/app-error.ts';
import {
  CANCEL_REASONS_MAX,
  type CancelReasonCode,
  cancelReasonEnglish,
  isCancelReasonCode,
  OTHER_REASON,
  WITHDRAWN_REASON,
} from '#shared/cancel-reasons.ts';
import type { MessageKey } from '#shared/messages/message.ts';
import type { CancelReason } from '#shared/replies/cancel-reasons.ts';
import { CANCEL_REASON_KEYS as K } from '#shared/schemas/cancel-reasons.ts';

/** Cancel reasons (decision 063): a list owners maintain, shipped with six translated ones. */

type ReasonRow = typeof cancelReasons.$inferSelect;

/** A 400 whose message is the field's, as the form shows it under that field. */
const fieldError = (field: string, key: MessageKey) => new AppError('VALIDATION_FAILED', key, { [field]: key });

function toReason(row: ReasonRow, inUse: number): CancelReason {
  return {
    id: row.id,
    code: isCancelReasonCode(row.code) ? row.code : null,
    label: row.label,
    english: cancelReasonEnglish(row),
    removed: row.removedAt !== null,
    inUse,
  };
}

/** GET /api/admin/cancel-reasons: every reason in the owners' order, the removed ones too (old cancellations name them). */
export async function listCancelReasons(db: DbOrTx): Promise<CancelReason[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(cancelReasons).orderBy(asc(cancelReasons.position), asc(cancelReasons.createdAt)),
    db
      .select({ id: creators.cancelReasonId, count: sql<number>`count(*)::int` })
      .from(creators)
      .where(eq(creators.status, 'cancelled'))
      .groupBy(creators.cancelReasonId),
  ]);
  const inUse = new Map(counts.map((row) => [row.id, row.count]));
  return rows.map((row) => toReason(row, inUse.get(row.id) ?? 0));
}

async function findReason(db: DbOrTx, id: string): Promise<ReasonRow> {
  const [row] = await db.select().from(cancelReasons).where(eq(cancelReasons.id, id));
  if (!row) throw notFound(K.notFound);
  return row;
}

/** Two offered reasons may not read the same, whatever their case: the picker could not tell them apart. */
async function refuseTakenLabel(db: DbOrTx, label: string, exceptId?: string): Promise<void> {
  const offered = await db.select().from(cancelReasons).where(isNull(cancelReasons.removedAt));
  const folded = label.toLocaleLowerCase();
  const clash = offered.some((row) => row.id !== exceptId && cancelReasonEnglish(row).toLocaleLowerCase() === folded);
  if (clash) throw fieldError('label', K.taken);
}

/** POST /api/admin/cancel-reasons (owners): a reason of their own, offered last. */
export async function createCancelReason(db: Db, input: { label: string }): Promise<CancelReason> {
  return db.transaction(async (tx) => {
    // One owner's additions at a time, so the count and the position are read and written together.
    await tx.execute(sql`lock table ${cancelReasons} in share row exclusive mode`);
    const [{ offered, last } = { offered: 0, last: 0 }] = await tx
      .select({
        offered: sql<number>`count(*) filter (where ${cancelReasons.removedAt} is null)::int`,
        last: sql<number>`coalesce(max(${cancelReasons.position}), 0)::int`,
      })
      .from(cancelReasons);
    if (offered >= CANCEL_REASONS_MAX) throw conflict({ key: K.tooMany, params: { max: CANCEL_REASONS_MAX } });
    await refuseTakenLabel(tx, input.label);
    const [row] = await tx
      .insert(cancelReasons)
      .values({ label: input.label, position: last + 1 })
      .returning();
    if (!row) throw new Error('the cancel reasons refused a row');
    return toReason(row, 0);
  });
}

/** PATCH /api/admin/cancel-reasons/{id} (owners): new wording; the cancellations that gave it read the new one. */
export async function renameCancelReason(db: Db, id: string, input: { label: string }): Promise<CancelReason> {
  return db.transaction(async (tx) => {
    await findReason(tx, id);
    await refuseTakenLabel(tx, input.label, id);
    const [row] = await tx
      .update(cancelReasons)
      .set({ label: input.label })
      .where(eq(cancelReasons.id, id))
      .returning();
    if (!row) throw notFound(K.notFound);
    return (await listCancelReasons(tx)).find((reason) => reason.id === row.id) ?? toReason(row, 0);
  });
}

/**
 * DELETE /api/admin/cancel-reasons/{id} (owners): no longer offered. The row stays, so the creators cancelled for it
 * keep their reason; Other stays, so every cancellation finds a reason that fits.
 */
export async function removeCancelReason(db: Db, id: string): Promise<void> {
  const row = await findReason(db, id);
  if (row.code === OTHER_REASON) throw conflict(K.otherKept);
  await db
    .update(cancelReasons)
    .set({ removedAt: sql`coalesce(${cancelReasons.removedAt}, now())` })
    .where(eq(cancelReasons.id, id));
}

/** A cancellation's reason, checked: offered now, and with a note when it is Other. */
export interface GivenCancelReason {
  id: string;
  code: CancelReasonCode | null;
  english: string;
  note: string | null;
}

export async function checkCancelReason(
  db: DbOrTx,
  input: { cancelReasonId?: string | null | undefined; cancelNote?: string | null | undefined },
): Promise<GivenCancelReason | null> {
  if (!input.cancelReasonId) {
    if (input.cancelNote) throw fieldError('cancelReasonId', K.reason);
    return null;
  }
  const [row] = await db.select().from(cancelReasons).where(eq(cancelReasons.id, input.cancelReasonId));
  if (!row) throw fieldError('cancelReasonId', K.unknown);
  if (row.removedAt) throw fieldError('cancelReasonId', K.removed);
  const note = input.cancelNote ?? null;
  if (row.code === OTHER_REASON && !note) throw fieldError('cancelNote', K.noteRequired);
  return { id: row.id, code: isCancelReasonCode(row.code) ? row.code : null, english: cancelReasonEnglish(row), note };
}

/** The reason her own withdrawal records (decision 047), whatever the owners call it now. */
export async function withdrawnReasonId(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ id: cancelReasons.id })
    .from(cancelReasons)
    .where(eq(cancelReasons.code, WITHDRAWN_REASON));
  return row?.id ?? null;
}

/** The activity entry's and the event's account of a reason. */
export function reasonInfo(reason: GivenCancelReason): Record<string, string> {
  return {
    reason: reason.english,
    reasonId: reason.id,
    ...(reason.code ? { reasonCode: reason.code } : {}),
    ...(reason.note ? { note: reason.note } : {}),
  };
}

/** What `creator.status_changed` carries of it. */
export function reasonEvent(reason: GivenCancelReason): { cancelReason: string; cancelNote?: string } {
  return { cancelReason: reason.english, ...(reason.note ? { cancelNote: reason.note } : {}) };
}
