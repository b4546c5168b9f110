import { STAGE2_IMAGE_MAX_BYTES, STAGE2_MAX_IMAGES } from '#shared/limits.ts';
import type { MessageKey } from '#shared/messages/message.ts';
import {
  ACCEPTED_STAGE2_IMAGE_TYPES,
  STAGE2_IMAGE_BAD_TYPE_KEY,
  STAGE2_IMAGE_TOO_LARGE_KEY,
  STAGE2_TOO_MANY_IMAGES_KEY,
} from '#shared/schemas/stage2.ts';

/** What the file pickers offer (product §9: jpg, png or webp). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

/**
 * The browser-side file rules (the server decides by the bytes): the shared messages for the first rule a
 * file breaks, or null.
 */
export function imageProblem(file: File): MessageKey | null {
  if (file.size > STAGE2_IMAGE_MAX_BYTES) return STAGE2_IMAGE_TOO_LARGE_KEY;
  if (!(ACCEPTED_STAGE2_IMAGE_TYPES as readonly string[]).includes(file.type)) return STAGE2_IMAGE_BAD_TYPE_KEY;
  return null;
}

/** All images together: at most six, kept ones included, each fitting the rules. */
export function imagesProblem(files: readonly File[], keptCount: number): MessageKey | null {
  if (files.length + keptCount > STAGE2_MAX_IMAGES) return STAGE2_TOO_MANY_IMAGES_KEY;
  for (const file of files) {
    const problem = imageProblem(file);
    if (problem) return problem;
  }
  return null;
}
