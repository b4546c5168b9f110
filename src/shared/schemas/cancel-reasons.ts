import { z } from 'zod';
import { CANCEL_NOTE_MAX_LENGTH, CANCEL_REASON_LABEL_MAX_LENGTH } from '../cancel-reasons.ts';
import type { MessageKey } from '../messages/message.ts';
import { optionalText, requiredText } from './fields.ts';

/** The calls of cancel reasons (decision 063). */

export const CANCEL_REASON_KEYS = {
  reason: 'cancelReasons.reason',
  unknown: 'cancelReasons.unknown',
  removed: 'cancelReasons.removed',
  noteRequired: 'cancelReasons.noteRequired',
  onlyWhenCancelling: 'cancelReasons.onlyWhenCancelling',
  label: 'cancelReasons.label',
  taken: 'cancelReasons.taken',
  otherKept: 'cancelReasons.otherKept',
  tooMany: 'cancelReasons.tooMany',
  notFound: 'cancelReasons.notFound',
} as const satisfies Record<string, MessageKey>;

/**
 * What a cancellation gives besides its status: a reason from the owners' list and, for Other, a note. Optional in
 * the API, which cancelled without one before (product §7); every screen asks for it.
 */
export const cancelReasonFields = {
  cancelReasonId: z
    .uuid({ error: CANCEL_REASON_KEYS.reason })
    .nullish()
    .describe('Why she is cancelled: an id from GET /api/admin/cancel-reasons (only when cancelling)'),
  cancelNote: optionalText(CANCEL_NOTE_MAX_LENGTH).describe('Required with the reason Other'),
};

export const cancelReasonParams = z.object({ id: z.uuid({ error: CANCEL_REASON_KEYS.notFound }) });

/** POST and PATCH /api/admin/cancel-reasons: the owners' wording of a reason. */
export const cancelReasonSaveSchema = z.strictObject({
  label: requiredText(CANCEL_REASON_KEYS.label, { max: CANCEL_REASON_LABEL_MAX_LENGTH }),
});
