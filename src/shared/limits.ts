/** Business constants of product §9 and architecture §4, in one place for both sides. */
export const NAME_MIN_LENGTH = 2;
export const PHOTO_MAX_BYTES = 5_000_000;
export const STAGE2_IMAGE_MAX_BYTES = 10_000_000;
export const STAGE2_MAX_IMAGES = 6;
export const APPLICANT_MIN_AGE = 18;
export const APPLICANT_MAX_AGE = 99;
export const ENGLISH_LEVEL_MAX = 5;
export const REVENUE_SHARE_MIN = 1;
export const REVENUE_SHARE_MAX = 100;
export const RECENT_SUBMISSIONS = 5;
export const ADMIN_PAGE_SIZE = 50;

/** A filtered list counts its matches up to this many at most ("more than" beyond), as a search does. */
export const FILTERED_COUNT_MAX = 1000;
/** The board's columns count a filtered column up to this many: a column's header needs no more. */
export const BOARD_COUNT_CAP = 100;
export const LOGIN_REDIRECT_DELAY_MS = 100;
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** Text bounds the spec leaves open: generous for people, small enough to keep rows and logs sane. */
export const NAME_MAX_LENGTH = 100;
export const SHORT_TEXT_MAX_LENGTH = 100;
export const HANDLE_MAX_LENGTH = 100;
export const CONTACT_INFO_MAX_LENGTH = 254;
export const EMAIL_MAX_LENGTH = 254;
export const ADDITIONAL_INFO_MAX_LENGTH = 2000;
export const LONG_TEXT_MAX_LENGTH = 5000;
export const URL_MAX_LENGTH = 2048;
export const USERNAME_MAX_LENGTH = 100;
/** Bounds the work an argon2 verify can be made to do. */
export const PASSWORD_MAX_LENGTH = 1024;
/** USD amounts are whole dollars stored in a 32-bit integer column. */
export const AMOUNT_MAX = 10_000_000;
/** architecture §4: Telegram `@username` length and phone digit counts (E.164 allows at most 15). */
export const TELEGRAM_USERNAME_MIN_LENGTH = 5;
export const TELEGRAM_USERNAME_MAX_LENGTH = 32;
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;
/** architecture §5/§8: decoded-size cap that keeps one image job's memory bounded. */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** The promise to applicants (spec: contact within 24–48 hours): a waiting creator is due, then overdue. */
export const SLA_DUE_HOURS = 24;
export const SLA_OVERDUE_HOURS = 48;

/** A staff note on a creator: a line or two ("called on Telegram, interested"). */
export const NOTE_MAX_LENGTH = 1000;

/** More creators than this in one bulk request is a 400 (docs/decisions/027): narrow the list or work in parts. */
export const BULK_MAX_CREATORS = 10_000;

/** The longest range the insights screen reads at once: two years of days. */
export const INSIGHTS_MAX_DAYS = 731;

/**
 * The days the API takes (docs/decisions/041): years 0001 to 9999, what a four-digit `YYYY-MM-DD` writes and
 * well inside what PostgreSQL's `date` and `timestamptz` hold (no year 0000 there), shifts included.
 */
export const FIRST_DAY = '0001-01-01';
export const LAST_DAY = '9999-12-31';

/** Most creators one bulk contact prepares (decision 060): a list of links staff open one by one stays readable. */
export const BULK_CONTACT_MAX = 200;
/** The creators one bulk assignment takes (decision 063), as many as a bulk contact. */
export const BULK_ASSIGN_MAX = 200;

/** The largest CSV an import reads (decision 061): about 50,000 production-like creators. */
export const IMPORT_MAX_BYTES = 20_000_000;
