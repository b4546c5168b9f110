import { z } from 'zod';
import { CREATOR_STATUSES } from '../creator-status.ts';
import { SHORT_TEXT_MAX_LENGTH, URL_MAX_LENGTH } from '../limits.ts';
import type { MessageKey } from '../messages/message.ts';
import { cancelReasonFields } from './cancel-reasons.ts';
import { optionalText } from './fields.ts';

/** Product §5 (admin listing) plus the architecture §4 rule that listing URLs are http(s). */
export const LISTING_KEYS = {
  rollickListingUrl: 'listing.url',
  rollickListingUrlInvalid: 'listing.urlInvalid',
  status: 'creators.status',
} as const satisfies Record<string, MessageKey>;

const TOO_LONG: MessageKey = 'field.tooLong';

const m = LISTING_KEYS;

// An absolute web address on a real host name: no javascript:, data: or file: links reach the admin screens.
const httpUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: m.rollickListingUrlInvalid });

const listingUrl = z
  .string({ error: m.rollickListingUrl })
  .trim()
  .min(1, m.rollickListingUrl)
  .max(URL_MAX_LENGTH, TOO_LONG)
  .pipe(httpUrl);

const optionalListingUrl = z
  .string({ error: m.rollickListingUrlInvalid })
  .trim()
  .max(URL_MAX_LENGTH, TOO_LONG)
  .nullish()
  .transform((value) => value || null)
  .pipe(httpUrl.nullable());

const hubId = optionalText(SHORT_TEXT_MAX_LENGTH);

/** PATCH /api/admin/creators/{creatorId}/list-directly, and the status page's list/relist dialog. */
export const listingSchema = z.strictObject({
  rollickListingUrl: listingUrl,
  rollickCreatorHubId: hubId,
});

/**
 * PATCH /api/admin/creators/{creatorId}/status. The URL is optional here because product §2 lets the
 * recruiter listings table list without one; whether a transition needs it is the service's call.
 */
export const statusChangeSchema = z.strictObject({
  status: z.enum(CREATOR_STATUSES, { error: m.status }),
  rollickListingUrl: optionalListingUrl,
  rollickCreatorHubId: hubId,
  ...cancelReasonFields,
});

export const LISTING_FIELD_ORDER = [
  'status',
  'rollickListingUrl',
  'rollickCreatorHubId',
  'cancelReasonId',
  'cancelNote',
] as const;

export type ListingInput = z.input<typeof listingSchema>;
export type Listing = z.output<typeof listingSchema>;
export type StatusChangeInput = z.input<typeof statusChangeSchema>;
export type StatusChange = z.output<typeof statusChangeSchema>;
