import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { FUNNEL_STEPS } from '#shared/funnel.ts';
import {
  DAY_MS,
  type Insights,
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

/**
 * GET /api/admin/insights (issue 14). Every figure is read from the pre-aggregated tables of migration 0010,
 * one row per day and group, so a range costs the same at a million creators as at a hundred: the funnel
 * (visits per step), applications per day, how far the range's applicants got by language and by recruiter,
 * and the median stay in each status that ended in the range.
 */
export async function getInsights(db: Db, range: InsightsRange): Promise<Insights> {
  const between = (column: string) => sql`${sql.raw(column)} between ${range.from}::date and ${range.to}::date`;
  const [funnel, funnelByRecruiter, perDay, byLanguage, byRecruiter, durations] = await Promise.all([
    rowsOf<{ step: string; visits: string | number }>(
      db,
      sql`select step, sum(visits) as visits from funnel_daily where ${between('day')} group by step`,
    ),
    rowsOf<{ recruiterId: string | null; recruiterName: string | null; landed: string; submitted: string }>(
      db,
      sql`select f.recruiter_id as "recruiterId", r.name as "recruiterName",
            coalesce(sum(f.visits) filter (where f.step = 'landing'), 0) as landed,
            coalesce(sum(f.visits) filter (where f.step = 'submitted'), 0) as submitted
          from funnel_daily f left join recruiters r on r.id = f.recruiter_id
          where ${between('f.day')}
          group by f.recruiter_id, r.name`,
    ),
    rowsOf<{ day: string; applications: string }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(count) as applications from creator_milestone_counts
          where milestone = 'applied' and ${between('day')} group by day`,
    ),
    rowsOf<{ language: string; milestone: string; count: string }>(
      db,
      sql`select language, milestone, sum(count) as count from creator_milestone_counts
          where ${between('day')} group by language, milestone`,
    ),
    rowsOf<{ recruiterId: string | null; recruiterName: string | null; milestone: string; count: string }>(
      db,
      sql`select c.recruiter_id as "recruiterId", r.name as "recruiterName", c.milestone, sum(c.count) as count
          from creator_milestone_counts c left join recruiters r on r.id = c.recruiter_id
          where ${between('c.day')} group by c.recruiter_id, r.name, c.milestone`,
    ),
    rowsOf<{ status: string; median: number | string | null; changes: string }>(
      db,
      sql`select status, percentile_cont(0.5) within group (order by seconds) as median, count(*) as changes
          from status_durations where ${between('left_on')} group by status`,
    ),
  ]);

  const visitsByStep = new Map(funnel.map((row) => [row.step, Number(row.visits)]));
  const applicationsByDay = new Map(perDay.map((row) => [row.day, Number(row.applications)]));
  const durationByStatus = new Map(durations.map((row) => [row.status, row]));
  return {
    range,
    funnel: FUNNEL_STEPS.map((step, index) => {
      const visits = visitsByStep.get(step) ?? 0;
      const previous = index === 0 ? 0 : (visitsByStep.get(FUNNEL_STEPS[index - 1] ?? step) ?? 0);
      return { step, visits, dropOff: previous > 0 ? Math.max(0, previous - visits) / previous : null };
    }),
    funnelByRecruiter: funnelByRecruiter
      .map((row) => ({
        recruiterId: row.recruiterId,
        recruiterName: row.recruiterName,
        landed: Number(row.landed),
        submitted: Number(row.submitted),
      }))
      .sort(
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
      const row = durationByStatus.get(status);
      return {
        status,
        medianSeconds: row?.median == null ? null : Math.round(Number(row.median)),
        changes: Number(row?.changes ?? 0),
      };
    }),
  };
}
