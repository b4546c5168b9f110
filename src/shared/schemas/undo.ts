import { z } from 'zod';
import { BULK_MAX_CREATORS } from '../limits.ts';
import type { MessageKey } from '../messages/message.ts';

/**
 * Taking back status changes (docs/decisions/033): each change is named by the id the call that made it
 * answered (`change`), which is its activity entry's.
 */

const changeId = z.uuid({ error: 'creators.change' satisfies MessageKey });

/** POST /api/admin/creators/{creatorId}/status/undo */
export const undoChangeSchema = z.strictObject({ change: changeId });

/** One creator's change, as a bulk reply lists it and a bulk undo sends it back. */
export const creatorChangeSchema = z.strictObject({
  creatorId: z.string({ error: 'bulk.creatorId' satisfies MessageKey }).max(40, 'bulk.creatorId' satisfies MessageKey),
  change: changeId,
});

/** POST /api/admin/creators/bulk/undo */
export const bulkUndoSchema = z.strictObject({
  changes: z
    .array(creatorChangeSchema, { error: 'bulk.noChanges' satisfies MessageKey })
    .min(1, 'bulk.noChanges' satisfies MessageKey)
    .max(BULK_MAX_CREATORS, 'bulk.tooMany' satisfies MessageKey),
});

export type UndoChange = z.input<typeof undoChangeSchema>;
export type CreatorChange = z.output<typeof creatorChangeSchema>;
export type BulkUndoRequest = z.input<typeof bulkUndoSchema>;
