/**
 * The photo hash's four 16-bit bands (docs/decisions/025). The index expressions and the queries must be
 * written identically for PostgreSQL to use the indexes, so both take them from here.
 */
export const PHOTO_HASH_BANDS = [0, 1, 2, 3] as const;
export type PhotoHashBand = (typeof PHOTO_HASH_BANDS)[number];

export const photoBandSql = (band: PhotoHashBand): string => `((photo_hash >> ${band * 16}) & 65535)`;
