import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { FUNNEL_STEPS } from '#shared/funnel.ts';
import type { Insights } from '#shared/replies/insights.ts';
import {
  DAY_MS,
  type InsightsRange,
  MILESTONES,
  type Milestone,
  type MilestoneCounts,
  TIMED_STATUSES,
} from '#shared/schemas/insights.ts';

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const zeroMilestones = (): MilestoneCounts => ({ applied: 0, listed: 0, matched: 0, finalized: 0 });

function isMilestone(value: string): value is Milestone {
  return (MILESTONES as readonly string[]).includes(value);
}

/** Rows of (group, milestone, count) folded into one row per group (rows with the same key). */
function foldMilestones<R extends { milestone: string; count: number | string }, G extends object>(
  rows: R[],
  keyOf: (row: R) => string,
  groupOf: (row: R) => G,
): (G & MilestoneCounts)[] {
  const groups = new Map<string, G & MilestoneCounts>();
  for (const row of rows) {
    const key = keyOf(row);
    let group = groups.get(key);
    if (!group) {
      group = { ...groupOf(row), ...zeroMilestones() };
      groups.set(key, group);
    }
    if (isMilestone(row.milestone)) group[row.milestone] = Number(row.count);
  }
  return [...groups.values()];
}

/** Biggest first; on a tie, by name, with the unnamed group (no recruiter, or a deleted one) last. */
function byCountThenName<T>(count: (row: T) => number, name: (row: T) => string | null) {
  return (a: T, b: T) =>
    count(b) - count(a) ||
    Number(name(a) === null) - Number(name(b) === null) ||
    (name(a) ?? '').localeCompare(name(b) ?? '');
}

function everyDay({ from, to }: InsightsRange): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** Buckets per unit of `ln(1 + seconds)` (migration 0010, `duration_bucket`). */
const BUCKETS_PER_LOG_UNIT = 32;

/** The middle of a bucket on its log scale: within 1.6 % of any stay it holds. */
const bucketSeconds = (bucket: number) => Math.exp((bucket + 0.5) / BUCKETS_PER_LOG_UNIT) - 1;

/**
 * The median of a histogram as `percentile_cont(0.5)` takes it of the stays themselves: the middle stay, or
 * the mean of the two middle ones, each read as its bucket's middle.
 */
export function medianOfHistogram(buckets: { bucket: number; count: number }[]): number | null {
  const sorted = [...buckets].sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((sum, { count }) => sum + count, 0);
  if (total === 0) return null;
  const valueAt = (position: number) => {
    let seen = 0;
    for (const { bucket, count } of sorted) {
      seen += count;
      if (position < seen) return bucketSeconds(bucket);
    }
    return bucketSeconds(sorted.at(-1)?.bucket ?? 0);
  };
  return (valueAt(Math.floor((total - 1) / 2)) + valueAt(Math.ceil((total - 1) / 2))) / 2;
}

/**
 * GET /api/admin/insights (decision 026). Every figure is read from the pre-aggregated tables of migration 0010,
 * a few rows per day, so a range costs the same at a million creators as at a hundred: the funnel (visits
 * per step, and per recruiter link), applications per day, how far the range's applicants got by language
 * and by recruiter, and the median stay in each status left in the range.
 */
export async function getInsights(db: Db, range: InsightsRange): Promise<Insights> {
  const between = (column: string) => sql`${sql.raw(column)} between ${range.from}::date and ${range.to}::date`;
  const [funnel, perDay, byLanguage, byRecruiter, durations, drops] = await Promise.all([
    rowsOf<{ step: string; recruiterId: string | null; recruiterName: string | null; visits: string }>(
      db,
      sql`select f.step, f.recruiter_id as "recruiterId", r.name as "recruiterName", sum(f.visits) as visits
          from funnel_daily f left join recruiters r on r.id = f.recruiter_id
          where ${between('f.day')} group by f.step, f.recruiter_id, r.name`,
    ),
    rowsOf<{ day: string; applications: string }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(count) as applications from language_milestone_counts
          where milestone = 'applied' and ${between('day')} group by day`,
    ),
    rowsOf<{ language: string; milestone: string; count: string }>(
      db,
      sql`select language, milestone, sum(count) as count from language_milestone_counts
          where ${between('day')} group by language, milestone`,
    ),
    rowsOf<{ recruiterId: string | null; recruiterName: string | null; milestone: string; count: string }>(
      db,
      sql`select c.recruiter_id as "recruiterId", r.name as "recruiterName", c.milestone, sum(c.count) as count
          from recruiter_milestone_counts c left join recruiters r on r.id = c.recruiter_id
          where ${between('c.day')} group by c.recruiter_id, r.name, c.milestone`,
    ),
    rowsOf<{ status: string; bucket: number; count: string }>(
      db,
      sql`select status, bucket, sum(count) as count from status_duration_counts
          where ${between('day')} group by status, bucket`,
    ),
    // The range's cancelled applicants, read through the status index's range of them (decision 063).
    rowsOf<{
      reasonId: string | null;
      recruiterId: string | null;
      recruiterName: string | null;
      language: string;
      count: string;
    }>(
      db,
      sql`select c.cancel_reason_id as "reasonId", c.recruiter_id as "recruiterId", r.name as "recruiterName",
            c.language, count(*) as count
          from creators c left join recruiters r on r.id = c.recruiter_id
          where c.status = 'cancelled'
            and c.created_at >= ${range.from}::date and c.created_at < ${range.to}::date + 1
          group by c.cancel_reason_id, c.recruiter_id, r.name, c.language`,
    ),
  ]);

  const visitsByStep = new Map<string, number>();
  const links = new Map<string, Insights['funnelByRecruiter'][number]>();
  for (const row of funnel) {
    const visits = Number(row.visits);
    visitsByStep.set(row.step, (visitsByStep.get(row.step) ?? 0) + visits);
    if (row.step !== 'landing' && row.step !== 'submitted') continue;
    const key = row.recruiterId ?? '';
    const link = links.get(key) ?? {
      recruiterId: row.recruiterId,
      recruiterName: row.recruiterName,
      landed: 0,
      submitted: 0,
    };
    if (row.step === 'landing') link.landed += visits;
    else link.submitted += visits;
    links.set(key, link);
  }
  const applicationsByDay = new Map(perDay.map((row) => [row.day, Number(row.applications)]));
  const bucketsByStatus = new Map<string, { bucket: number; count: number }[]>();
  for (const row of durations) {
    const buckets = bucketsByStatus.get(row.status) ?? [];
    buckets.push({ bucket: Number(row.bucket), count: Number(row.count) });
    bucketsByStatus.set(row.status, buckets);
  }
  return {
    range,
    funnel: FUNNEL_STEPS.map((step, index) => {
      const visits = visitsByStep.get(step) ?? 0;
      const previous = index === 0 ? 0 : (visitsByStep.get(FUNNEL_STEPS[index - 1] ?? step) ?? 0);
      return { step, visits, dropOff: previous > 0 ? Math.max(0, previous - visits) / previous : null };
    }),
    funnelByRecruiter: [...links.values()].sort(
      byCountThenName(
        (row) => row.landed,
        (row) => row.recruiterName,
      ),
    ),
    applicationsPerDay: everyDay(range).map((day) => ({ day, applications: applicationsByDay.get(day) ?? 0 })),
    conversionByLanguage: foldMilestones(
      byLanguage,
      (row) => row.language,
      (row) => ({ language: row.language }),
    ).sort(
      byCountThenName(
        (row) => row.applied,
        (row) => row.language,
      ),
    ),
    conversionByRecruiter: foldMilestones(
      byRecruiter,
      (row) => row.recruiterId ?? '',
      (row) => ({ recruiterId: row.recruiterId, recruiterName: row.recruiterName }),
    ).sort(
      byCountThenName(
        (row) => row.applied,
        (row) => row.recruiterName,
      ),
    ),
    timeInStatus: TIMED_STATUSES.map((status) => {
      const buckets = bucketsByStatus.get(status) ?? [];
      const median = medianOfHistogram(buckets);
      return {
        status,
        medianSeconds: median === null ? null : Math.round(median),
        changes: buckets.reduce((sum, { count }) => sum + count, 0),
      };
    }),
    // Most first; then by recruiter, language and reason, given reasons before none, so the order never varies.
    dropReasons: drops
      .map((row) => ({ ...row, count: Number(row.count) }))
      .sort(
        (a, b) =>
          b.count - a.count ||
          (a.recruiterName ?? '').localeCompare(b.recruiterName ?? '') ||
          a.language.localeCompare(b.language) ||
          Number(a.reasonId === null) - Number(b.reasonId === null) ||
          (a.reasonId ?? '').localeCompare(b.reasonId ?? ''),
      ),
  };
}
