import type { Readable } from 'node:stream';
import type { DbOrTx } from '#server/db/client.ts';
import { type CsvColumn, csvStream } from '#server/lib/csv.ts';
import type { Creator } from '#shared/replies/creators.ts';
import type { CreatorFilter } from '#shared/schemas/bulk.ts';
import { listCancelReasons } from '../cancel-reasons/cancel-reasons.service.ts';
import { listTags } from '../tags/tags.service.ts';
import { creatorFilterWhere } from './creator-filter.ts';
import { readAll } from './creator-pages.ts';

/** Rows per database read while exporting: one batch is in memory at a time, whatever the list's size. */
const EXPORT_BATCH_SIZE = 1000;

/**
 * The columns of a list export: what the details dialog shows of stage 1, in its order. Headers are English,
 * like the server's messages; values are stored as submitted (statuses as their codes), so a file sorts and
 * filters the same in every language.
 */
export const CREATOR_CSV_COLUMNS: readonly CsvColumn<Creator>[] = [
  { header: 'Creator ID', value: (c) => c.creatorId },
  { header: 'Status', value: (c) => c.status },
  { header: 'Name', value: (c) => c.name },
  { header: 'Language', value: (c) => c.language },
  { header: 'Gender', value: (c) => c.gender },
  { header: 'Contact Method', value: (c) => c.contactMethod },
  { header: 'Contact Info', value: (c) => c.contactInfo },
  { header: 'Has OnlyFans', value: (c) => c.hasOnlyFans },
  { header: 'Average Monthly Range', value: (c) => c.averageMonthlyRange },
  { header: 'Age', value: (c) => c.age },
  { header: 'Country', value: (c) => c.country },
  { header: 'Agency Goals', value: (c) => c.agencyGoals },
  { header: 'Instagram', value: (c) => c.instagram },
  { header: 'TikTok', value: (c) => c.tiktok },
  { header: 'Twitter', value: (c) => c.twitter },
  { header: 'Additional Info', value: (c) => c.additionalInfo },
  { header: 'Recruiter', value: (c) => c.recruiter },
  { header: 'Listing URL', value: (c) => c.rollickListingUrl },
  { header: 'Creator Hub ID', value: (c) => c.rollickCreatorHubId },
  { header: 'Submitted At', value: (c) => c.createdAt },
  { header: 'Updated At', value: (c) => c.updatedAt },
];

/**
 * GET …/export.csv: every creator a list shows (docs/decisions/027), newest first, streamed from the
 * database in keyset batches (decision 014), so a million rows leave in bounded memory.
 */
export async function exportCreatorsCsv(db: DbOrTx, filter: CreatorFilter): Promise<Readable> {
  const [reasonList, tagList] = await Promise.all([listCancelReasons(db), listTags(db)]);
  const names = {
    reasons: new Map(reasonList.map((reason) => [reason.id, reason.english])),
    tags: new Map(tagList.map((tag) => [tag.id, tag.name])),
  };
  return csvStream(teamCsvColumns(names), readAll(db, creatorFilterWhere(filter), EXPORT_BATCH_SIZE));
}

/**
 * The team's columns after the application's (decision 063): whose creator she is, her tags, and why she was
 * cancelled, in the English the activity log writes.
 */
export function teamCsvColumns(names: {
  reasons: ReadonlyMap<string, string>;
  tags: ReadonlyMap<string, string>;
}): readonly CsvColumn<Creator>[] {
  const { reasons, tags } = names;
  return [
    ...CREATOR_CSV_COLUMNS,
    { header: 'Assignee', value: (c) => c.assignee ?? null },
    // By name, in the order the names sort, one cell: "VIP; Spanish desk".
    {
      header: 'Tags',
      value: (c) =>
        (c.tagIds ?? [])
          .map((id) => tags.get(id) ?? '')
          .filter(Boolean)
          .sort((a, b) => a.localeCompare(b))
          .join('; '),
    },
    { header: 'Cancel Reason', value: (c) => (c.cancelReasonId ? (reasons.get(c.cancelReasonId) ?? null) : null) },
    { header: 'Cancel Note', value: (c) => c.cancelNote ?? null },
  ];
}

/** `creators-pending-2026-11-25.csv`, `creators-pending-search-2026-11-25.csv`, `listings-ana-…`. */
export function exportFileName(parts: readonly (string | undefined)[], now = new Date()): string {
  const words = parts
    .filter((part): part is string => Boolean(part))
    .map((part) =>
      part
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .replace(/[^\w-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .toLowerCase(),
    )
    .filter(Boolean);
  return `${[...words, now.toISOString().slice(0, 10)].join('-')}.csv`;
}
