/**
 * The fixed choice lists of product §3 and §9. The values are what the API stores and sends; the English
 * labels are the defaults the client translates. The country list lives in `countries.ts` so the landing
 * page does not load it (architecture §6).
 */

export const LANGUAGES = [
  'English',
  'Spanish',
  'Portuguese',
  'French',
  'German',
  'Russian',
  'Mandarin',
  'Japanese',
  'Vietnamese',
  'Other',
] as const;
export type Language = (typeof LANGUAGES)[number];

export const GENDERS = ['Male', 'Female', 'Trans/Non-Binary', 'Prefer Not to Say'] as const;
export type Gender = (typeof GENDERS)[number];

export const CONTACT_METHODS = ['Telegram', 'WhatsApp', 'SMS/Phone', 'Email'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

export const MONTHLY_RANGES = [
  '$0–$100',
  '$100–$250',
  '$250–$500',
  '$500–$1,000',
  '$1,000–$2,500',
  '$2,500–$5,000',
  '$5,000–$10,000',
  '$10,000–$20,000',
  '$20,000+',
] as const;
export type MonthlyRange = (typeof MONTHLY_RANGES)[number];

/** Yes/no questions travel as these strings in forms and multipart bodies (product §3). */
export const YES_NO = ['yes', 'no'] as const;
export type YesNo = (typeof YES_NO)[number];

export const COMPENSATION_TYPES = ['flatMonthly', 'revenueShare', 'negotiable'] as const;
export type CompensationType = (typeof COMPENSATION_TYPES)[number];

export const COMPENSATION_TYPE_LABELS = {
  flatMonthly: 'Flat Monthly Salary',
  revenueShare: 'Revenue Share',
  negotiable: 'Negotiable',
} as const satisfies Record<CompensationType, string>;

export const CONTENT_TYPE_IDS = ['softcore', 'softcoreHard', 'fullNudity', 'solo', 'boyGirl', 'sameSame'] as const;
export type ContentTypeId = (typeof CONTENT_TYPE_IDS)[number];

export const CONTENT_TYPE_LABELS = {
  softcore: 'Softcore – No Nudity',
  softcoreHard: 'Softcore Hard – Topless Only',
  fullNudity: 'Full Nudity',
  solo: 'Solo – Masturbation/Tease',
  boyGirl: 'Boy/Girl',
  sameSame: 'Same/Same (Girl/Girl or Boy/Boy)',
} as const satisfies Record<ContentTypeId, string>;

/** The checkbox list of stage 2, in the order of product §3. */
export const CONTENT_TYPES = CONTENT_TYPE_IDS.map((id) => ({ id, label: CONTENT_TYPE_LABELS[id] }));

/** Product §9: index = level. */
export const ENGLISH_LEVELS = [
  { value: 0, label: 'No English' },
  { value: 1, label: 'Basic Communication' },
  { value: 2, label: 'Simple Conversations' },
  { value: 3, label: 'Working Proficiency' },
  { value: 4, label: 'Professional Working' },
  { value: 5, label: 'Native/Bilingual' },
] as const;

export function isOneOf<T extends string>(options: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (options as readonly string[]).includes(value);
}
