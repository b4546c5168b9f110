import { z } from 'zod';
import { englishTexts } from '../messages/english.ts';
import type { MessageKey } from '../messages/message.ts';
import { cleanString } from './fields.ts';

/** The find box's query: a name, contact or Creator ID; long enough to mean something, short as a field. */
export const FIND_QUERY_MIN_LENGTH = 2;
export const FIND_QUERY_MAX_LENGTH = 100;
/** How many creators one lookup answers: a box's worth to choose from, not a list to page through. */
export const FIND_RESULT_LIMIT = 10;

export const FIND_KEYS = {
  query: 'find.query',
} as const satisfies Record<string, MessageKey>;

/** The same messages in English, as the API writes them. */
export const FIND_MESSAGES = /* @__PURE__ */ englishTexts(FIND_KEYS);

/** GET /api/admin/creators/search?q= (docs/decisions/036). */
export const creatorFindQuerySchema = z.object({
  q: cleanString({}, { error: FIND_KEYS.query })
    .trim()
    .min(FIND_QUERY_MIN_LENGTH, FIND_KEYS.query)
    .max(FIND_QUERY_MAX_LENGTH, FIND_KEYS.query)
    .describe('A name, phone number (any formatting), e-mail, handle (with or without @) or Creator ID'),
});
