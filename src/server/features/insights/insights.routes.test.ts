import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { creators } from '#server/db/schema.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { FUNNEL_PATH } from '#shared/funnel.ts';
import type { Insights } from '#shared/replies/insights.ts';
import { DATE_MESSAGES } from '#shared/schemas/dates.ts';
import { INSIGHTS_MESSAGES } from '#shared/schemas/insights.ts';
import { insertCreator, insertRecruiter } from '#tests/factories.ts';
import { setUpTestApp, TEST_ORIGIN } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
let cookie: string;
let ana: { id: string };
let ben: { id: string };

const HOUR = 3600;
const DAY = 24 * HOUR;
const at = (iso: string) => new Date(`${iso}Z`);

/** A creator who applied at `created` and then went through `moves` ([status, when]), one statement each. */
async function creatorWithHistory(
  values: { language: string; recruiterId: string | null; created: string },
  moves: [CreatorStatus, string][],
) {
  const creator = await insertCreator(t.database.db, {
    language: values.language,
    recruiterId: values.recruiterId,
    createdAt: at(values.created),
    updatedAt: at(values.created),
  });
  for (const [status, when] of moves) {
    await t.database.db
      .update(creators)
      .set({ status, updatedAt: at(when) })
      .where(eq(creators.id, creator.id));
  }
  return creator;
}

beforeAll(async () => {
  ({ cookie } = t.headers);
  ana = await insertRecruiter(t.database.db, { name: 'Ana Torres' });
  ben = await insertRecruiter(t.database.db, { name: 'Ben Okafor' });
  // Listed after a day, matched two days later, finalized a day after that.
  await creatorWithHistory({ language: 'English', recruiterId: ana.id, created: '2026-03-01T10:00:00' }, [
    ['listed', '2026-03-02T10:00:00'],
    ['matched', '2026-03-04T10:00:00'],
    ['finalized', '2026-03-05T10:00:00'],
  ]);
  // Through stage 2, matched, cancelled, relisted and matched again: listed and matched count once each.
  await creatorWithHistory({ language: 'English', recruiterId: ana.id, created: '2026-03-01T12:00:00' }, [
    ['stage2_sent', '2026-03-01T18:00:00'],
    ['stage2_submitted', '2026-03-02T18:00:00'],
    ['listed', '2026-03-03T18:00:00'],
    ['matched', '2026-03-04T18:00:00'],
    ['cancelled', '2026-03-05T18:00:00'],
    ['listed', '2026-03-06T18:00:00'],
    ['matched', '2026-03-07T18:00:00'],
  ]);
  await creatorWithHistory({ language: 'Spanish', recruiterId: ben.id, created: '2026-03-03T09:00:00' }, [
    ['listed', '2026-03-03T21:00:00'],
  ]);
  await creatorWithHistory({ language: 'Spanish', recruiterId: null, created: '2026-03-03T10:00:00' }, []);
  // Applied before the range, listed within it: its pending stay counts, its application does not.
  await creatorWithHistory({ language: 'English', recruiterId: ben.id, created: '2026-02-20T00:00:00' }, [
    ['listed', '2026-03-02T00:00:00'],
  ]);
});

async function insights(query: string) {
  return t.app.inject({ method: 'GET', url: `/api/admin/insights${query}`, headers: { cookie } });
}

async function insightsOf(query: string): Promise<Insights> {
  const res = await insights(query);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET /api/admin/insights', () => {
  it('gives applications per day for every day of the range', async () => {
    const result = await insightsOf('?from=2026-03-01&to=2026-03-04');
    expect(result.range).toEqual({ from: '2026-03-01', to: '2026-03-04' });
    expect(result.applicationsPerDay).toEqual([
      { day: '2026-03-01', applications: 2 },
      { day: '2026-03-02', applications: 0 },
      { day: '2026-03-03', applications: 2 },
      { day: '2026-03-04', applications: 0 },
    ]);
  });

  it("gives how far the range's applicants got, by language and by recruiter, each creator counted once", async () => {
    const result = await insightsOf('?from=2026-03-01&to=2026-03-10');
    expect(result.conversionByLanguage).toEqual([
      { language: 'English', applied: 2, listed: 2, matched: 2, finalized: 1 },
      { language: 'Spanish', applied: 2, listed: 1, matched: 0, finalized: 0 },
    ]);
    expect(result.conversionByRecruiter).toEqual([
      { recruiterId: ana.id, recruiterName: 'Ana Torres', applied: 2, listed: 2, matched: 2, finalized: 1 },
      { recruiterId: ben.id, recruiterName: 'Ben Okafor', applied: 1, listed: 1, matched: 0, finalized: 0 },
      { recruiterId: null, recruiterName: null, applied: 1, listed: 0, matched: 0, finalized: 0 },
    ]);
  });

  it('gives the median stay in each status that ended in the range, within the 1.6 % of its buckets', async () => {
    const result = await insightsOf('?from=2026-03-01&to=2026-03-10');
    const expected = [
      // 6 h, 12 h, 1 day and 10 days: the middle two's mean.
      { status: 'pending', medianSeconds: (12 * HOUR + DAY) / 2, changes: 4 },
      { status: 'stage2_sent', medianSeconds: DAY, changes: 1 },
      { status: 'stage2_submitted', medianSeconds: DAY, changes: 1 },
      { status: 'listed', medianSeconds: DAY, changes: 3 },
      { status: 'matched', medianSeconds: DAY, changes: 2 },
      { status: 'cancelled', medianSeconds: DAY, changes: 1 },
    ];
    expect(result.timeInStatus.map(({ status, changes }) => ({ status, changes }))).toEqual(
      expected.map(({ status, changes }) => ({ status, changes })),
    );
    for (const [index, row] of result.timeInStatus.entries()) {
      const want = expected[index]?.medianSeconds ?? 0;
      expect(Math.abs((row.medianSeconds ?? 0) - want) / want).toBeLessThan(0.016);
    }
    const later = await insightsOf('?from=2026-03-06&to=2026-03-10');
    expect(later.timeInStatus.find((row) => row.status === 'pending')).toEqual({
      status: 'pending',
      medianSeconds: null,
      changes: 0,
    });
    const listed = later.timeInStatus.find((row) => row.status === 'listed');
    expect(listed?.changes).toBe(1);
    expect(Math.abs((listed?.medianSeconds ?? 0) - DAY) / DAY).toBeLessThan(0.016);
  });

  it("says why the range's cancelled applicants were cancelled, by recruiter and language (decision 063)", async () => {
    const reasons = (
      await t.app.inject({ method: 'GET', url: '/api/admin/cancel-reasons', headers: { cookie } })
    ).json().reasons as { id: string; code: string | null }[];
    const reasonId = (code: string) => reasons.find((reason) => reason.code === code)?.id ?? null;
    const cancelled = async (language: string, recruiterId: string, created: string, code: string | null) => {
      const creator = await creatorWithHistory({ language, recruiterId, created }, [['cancelled', created]]);
      await t.database.db
        .update(creators)
        .set({ cancelReasonId: code ? reasonId(code) : null })
        .where(eq(creators.id, creator.id));
    };
    await cancelled('German', ana.id, '2026-04-02T09:00:00', 'other_agency');
    await cancelled('German', ana.id, '2026-04-03T09:00:00', 'other_agency');
    await cancelled('Russian', ben.id, '2026-04-03T10:00:00', 'no_response');
    await cancelled('Russian', ben.id, '2026-04-04T10:00:00', null);
    // Applied after the range: not counted.
    await cancelled('Russian', ben.id, '2026-04-09T10:00:00', 'no_response');

    const result = await insightsOf('?from=2026-04-01&to=2026-04-05');
    expect(result.dropReasons).toEqual([
      {
        reasonId: reasonId('other_agency'),
        recruiterId: ana.id,
        recruiterName: 'Ana Torres',
        language: 'German',
        count: 2,
      },
      {
        reasonId: reasonId('no_response'),
        recruiterId: ben.id,
        recruiterName: 'Ben Okafor',
        language: 'Russian',
        count: 1,
      },
      { reasonId: null, recruiterId: ben.id, recruiterName: 'Ben Okafor', language: 'Russian', count: 1 },
    ]);
  });

  it('keeps a deleted recruiter’s applicants in their own group, without a name', async () => {
    const gone = await insertRecruiter(t.database.db, { name: 'Gone Soon' });
    await creatorWithHistory({ language: 'German', recruiterId: gone.id, created: '2026-04-01T08:00:00' }, []);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/recruiters/${gone.id}`,
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(del.statusCode).toBe(200);
    const result = await insightsOf('?from=2026-04-01&to=2026-04-01');
    expect(result.conversionByRecruiter).toEqual([
      { recruiterId: gone.id, recruiterName: null, applied: 1, listed: 0, matched: 0, finalized: 0 },
    ]);
  });

  it('gives the funnel with the drop-off at each step, and the visits through each recruiter link', async () => {
    const send = (visit: string, step: string, ref?: string) =>
      t.app.inject({
        method: 'POST',
        url: FUNNEL_PATH,
        headers: { 'content-type': 'text/plain', origin: TEST_ORIGIN },
        payload: JSON.stringify({ visit, language: 'en', step, ...(ref ? { ref } : {}) }),
      });
    const journeys: [string[], string | undefined][] = [
      [['landing', 'step1', 'started', 'step2', 'step3', 'step4', 'step5', 'submitted'], ana.id],
      [['landing', 'step1', 'started', 'step2'], ana.id],
      [['landing', 'step1'], undefined],
      [['landing'], undefined],
    ];
    for (const [steps, ref] of journeys) {
      const visit = randomBytes(12).toString('base64url');
      for (const step of steps) expect((await send(visit, step, ref)).statusCode).toBe(204);
    }
    const result = await insightsOf('');
    expect(result.funnel.map(({ step, visits }) => [step, visits])).toEqual([
      ['landing', 4],
      ['step1', 3],
      ['started', 2],
      ['step2', 2],
      ['step3', 1],
      ['step4', 1],
      ['step5', 1],
      ['submitted', 1],
    ]);
    expect(result.funnel.map((row) => row.dropOff)).toEqual([null, 0.25, 1 / 3, 0, 0.5, 0, 0, 0]);
    expect(result.funnelByRecruiter).toEqual([
      { recruiterId: ana.id, recruiterName: 'Ana Torres', landed: 2, submitted: 1 },
      { recruiterId: null, recruiterName: null, landed: 2, submitted: 0 },
    ]);
  });

  it('defaults to the last 30 days, today included', async () => {
    const result = await insightsOf('');
    const today = new Date().toISOString().slice(0, 10);
    expect(result.range.to).toBe(today);
    expect(result.applicationsPerDay).toHaveLength(30);
    expect(result.applicationsPerDay.at(-1)?.day).toBe(today);
  });

  it.each([
    ['a day that does not exist', '?from=2026-02-30&to=2026-03-01', DATE_MESSAGES.day],
    ['another date format', '?from=01/03/2026&to=2026-03-01', DATE_MESSAGES.day],
    ['a start after the end', '?from=2026-03-02&to=2026-03-01', INSIGHTS_MESSAGES.order],
    ['a range over two years', '?from=2020-01-01&to=2026-03-01', INSIGHTS_MESSAGES.span],
    ['an unknown parameter', '?from=2026-03-01&to=2026-03-02&recruiter=1', undefined],
    ['a repeated parameter', '?from=2026-03-01&from=2026-03-02', undefined],
  ])('refuses %s with a 400', async (_name, query, message) => {
    const res = await insights(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', ...(message ? { message } : {}) });
  });

  it.each([
    ['year 0000', '?from=0000-01-01&to=0000-12-31', 'from'],
    ['year 0000 as the end alone', '?to=0000-12-31', 'to'],
    ['year 10000', '?from=9999-12-31&to=10000-01-01', 'to'],
    ['year -0001', '?from=-0001-12-31&to=0001-01-01', 'from'],
    ['a signed year of six digits', '?from=2026-03-01&to=%2B010000-01-01', 'to'],
  ])('refuses %s with a 400 that names the range', async (_name, query, field) => {
    const res = await insights(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: DATE_MESSAGES.range,
      fields: { [field]: DATE_MESSAGES.range },
    });
  });

  it('answers for the first and the last days of the calendar', async () => {
    const last = await insightsOf('?from=9999-12-01&to=9999-12-31');
    expect(last.range).toEqual({ from: '9999-12-01', to: '9999-12-31' });
    expect(last.applicationsPerDay).toHaveLength(31);
    expect(last.applicationsPerDay.at(-1)).toEqual({ day: '9999-12-31', applications: 0 });
    expect((await insightsOf('?from=9999-12-31')).range).toEqual({ from: '9999-12-31', to: '9999-12-31' });

    const first = await insightsOf('?to=0001-01-05');
    expect(first.range).toEqual({ from: '0001-01-01', to: '0001-01-05' });
    expect(first.applicationsPerDay.map((row) => row.day)).toEqual([
      '0001-01-01',
      '0001-01-02',
      '0001-01-03',
      '0001-01-04',
      '0001-01-05',
    ]);
  });

  it('still answers an ordinary range after refusing one', async () => {
    expect((await insights('?from=0000-01-01&to=0000-12-31')).statusCode).toBe(400);
    const result = await insightsOf('?from=2026-03-01&to=2026-03-07');
    expect(result.range).toEqual({ from: '2026-03-01', to: '2026-03-07' });
    expect(result.applicationsPerDay[0]).toMatchObject({ day: '2026-03-01' });
    expect(result.applicationsPerDay.reduce((sum, row) => sum + row.applications, 0)).toBeGreaterThan(0);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/insights' });
    expect(res.statusCode).toBe(401);
  });
});
