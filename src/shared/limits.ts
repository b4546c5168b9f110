/** Business constants of spec §9 and DESIGN §4, in one place for both sides. */
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
export const LOGIN_REDIRECT_DELAY_MS = 100;
