import type { TFunction } from '#client/lib/i18n.ts';
import { LISTING_MESSAGES } from '#shared/schemas/listing.ts';

const TOO_LONG = /^Please use at most (\d+) characters$/;

/** The shared listing schema and the server speak English (architecture §9.14); the dialog shows the interface language. */
export function translateListingMessage(t: TFunction<'admin'>, message: string): string {
  if (message === LISTING_MESSAGES.rollickListingUrl) return t('listing.errors.required');
  if (message === LISTING_MESSAGES.rollickListingUrlInvalid) return t('listing.errors.invalid');
  const tooLong = TOO_LONG.exec(message);
  if (tooLong) return t('listing.errors.tooLong', { max: Number(tooLong[1]) });
  return message;
}
