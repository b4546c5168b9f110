import { z } from 'zod';
import { NOTE_MAX_LENGTH } from '../limits.ts';
import { englishTexts } from '../messages/english.ts';
import type { MessageKey } from '../messages/message.ts';
import { requiredText } from './fields.ts';

export const NOTE_KEYS = {
  text: 'notes.text',
} as const satisfies Record<string, MessageKey>;

/** The same messages in English, as the API writes them. */
export const NOTE_MESSAGES = /* @__PURE__ */ englishTexts(NOTE_KEYS);

/** POST /api/admin/creators/{creatorId}/notes, and the note box in the details dialog. */
export const noteSchema = z.strictObject({
  text: requiredText(NOTE_KEYS.text, { max: NOTE_MAX_LENGTH, isMultiline: true }),
});

export type NoteInput = z.output<typeof noteSchema>;

/** The activity-log action a note is written under; its text is in `additionalInfo.text`. */
export const NOTE_ACTION = 'Note added';
