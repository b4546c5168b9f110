import { PHOTO_MAX_BYTES } from '#shared/limits.ts';
import type { MessageKey } from '#shared/messages/message.ts';
import { ACCEPTED_PHOTO_TYPES, PHOTO_BAD_TYPE_KEY, PHOTO_TOO_LARGE_KEY } from '#shared/schemas/application.ts';

/**
 * The browser-side photo rules of product §5 (the shared schema checks text only; the server checks the bytes).
 * Returns the spec's message for the first rule broken, or null for no photo or a fitting one.
 */
export function photoProblem(file: File | null | undefined): MessageKey | null {
  if (!file) return null;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_TOO_LARGE_KEY;
  if (!(ACCEPTED_PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_BAD_TYPE_KEY;
  return null;
}
