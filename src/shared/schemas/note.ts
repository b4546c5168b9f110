import { z } from 'zod';
import { NOTE_MAX_LENGTH } from '../limits.ts';
import { requiredText } from './fields.ts';

export const NOTE_MESSAGES = {
  text: 'Please write a note',
} as const;

/** POST /api/admin/creators/{creatorId}/notes, and the note box in the details dialog. */
export const noteSchema = z.strictObject({
  text: requiredText(NOTE_MESSAGES.text, { max: NOTE_MAX_LENGTH, isMultiline: true }),
});

export type NoteInput = z.output<typeof noteSchema>;

/** The activity-log action a note is written under; its text is in `additionalInfo.text`. */
export const NOTE_ACTION = 'Note added';
