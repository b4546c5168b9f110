import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { funnelDaily, funnelLanguageDaily, funnelVisits } from '#server/db/insights-schema.ts';
import { FUNNEL_PATH } from '#shared/funnel.ts';
import { insertRecruiter } from '#tests/factories.ts';
import { setUpTestApp, TEST_ORIGIN } from '#tests/setup/test-app.ts';
import {
  deleteOldFunnelVisits,
  FUNNEL_LINK_NETWORK_RULE,
  FUNNEL_LINK_RULE,
  FUNNEL_RULE,
  FUNNEL_VISIT_TTL_MS,
} from './funnel.service.ts';

const t = setUpTestApp({ signedIn: false });
let address = 0;
/** Each test sends from its own address, so the rate limit of one does not reach into another. */
let remoteAddress: string;
beforeEach(async () => {
  remoteAddress = `203.0.113.${++address}`;
  await t.database.db.delete(funnelDaily);
  await t.database.db.delete(funnelLanguageDaily);
  await t.database.db.delete(funnelVisits);
});

const newVisit = () => randomBytes(16).toString('base64url');

/** What a browser sends with a beacon from our own page. */
const FROM_OUR_PAGE = { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors' };

/** As `navigator.sendBeacon(url, string)` sends it from our page: text/plain, no cookie. */
function beacon(body: unknown, contentType = 'text/plain;charset=UTF-8', from: Record<string, string> = FROM_OUR_PAGE) {
  return t.app.inject({
    method: 'POST',
    url: FUNNEL_PATH,
    headers: { 'content-type': contentType, ...from },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress,
  });
}

async function dailyRows() {
  return t.database.db
    .select({ step: funnelDaily.step, recruiterId: funnelDaily.recruiterId, visits: funnelDaily.visits })
    .from(funnelDaily)
    .orderBy(funnelDaily.step);
}

async function languageRows() {
  return t.database.db
    .select({
      step: funnelLanguageDaily.step,
      language: funnelLanguageDaily.language,
      visits: funnelLanguageDaily.visits,
    })
    .from(funnelLanguageDaily)
    .orderBy(funnelLanguageDaily.step);
}

describe('POST /api/funnel', () => {
  it('counts a step sent as text/plain and as application/json, with no cookie in the reply', async () => {
    const visit = newVisit();
    const first = await beacon({ visit, language: 'de', step: 'landing' });
    expect(first.statusCode).toBe(204);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await beacon({ visit, language: 'de', step: 'step1' }, 'application/json')).statusCode).toBe(204);
    expect(await dailyRows()).toEqual([
      { step: 'landing', recruiterId: null, visits: 1 },
      { step: 'step1', recruiterId: null, visits: 1 },
    ]);
    expect(await languageRows()).toEqual([
      { step: 'landing', language: 'de', visits: 1 },
      { step: 'step1', language: 'de', visits: 1 },
    ]);
  });

  it('counts a visit once per step, and each visit once', async () => {
    const [one, two] = [newVisit(), newVisit()];
    for (const visit of [one, one, one, two]) {
      expect((await beacon({ visit, language: 'en', step: 'landing' })).statusCode).toBe(204);
    }
    expect(await dailyRows()).toEqual([{ step: 'landing', recruiterId: null, visits: 2 }]);
  });

  it('counts a visit through a recruiter link under that recruiter, and an unknown link as none', async () => {
    const recruiter = await insertRecruiter(t.database.db, { name: 'Lena Park' });
    await beacon({ visit: newVisit(), language: 'fr', step: 'landing', ref: recruiter.id });
    await beacon({ visit: newVisit(), language: 'fr', step: 'landing', ref: '3f0e4a52-8c1b-4a53-9d1e-2b7c6a1f0e99' });
    await beacon({ visit: newVisit(), language: 'fr', step: 'landing', ref: null });
    const rows = await dailyRows();
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        { step: 'landing', recruiterId: recruiter.id, visits: 1 },
        { step: 'landing', recruiterId: null, visits: 2 },
      ]),
    );
  });

  it.each([
    ['an unknown step', { visit: newVisit(), language: 'en', step: 'step6' }],
    ['an unknown language', { visit: newVisit(), language: 'it', step: 'landing' }],
    ['an extra field', { visit: newVisit(), language: 'en', step: 'landing', email: 'a@example.com' }],
    ['a visit id too short', { visit: 'abc', language: 'en', step: 'landing' }],
    ['a visit id too long', { visit: 'a'.repeat(65), language: 'en', step: 'landing' }],
    ['a visit id with other characters', { visit: `${'a'.repeat(20)} <b>`, language: 'en', step: 'landing' }],
    ['a ref that is no recruiter id', { visit: newVisit(), language: 'en', step: 'landing', ref: 'x'.repeat(40) }],
    ['a missing step', { visit: newVisit(), language: 'en' }],
    ['an array', [{ visit: newVisit(), language: 'en', step: 'landing' }]],
    ['text that is not JSON', 'landing'],
  ])('refuses %s with a 400 and counts nothing', async (_name, body) => {
    const res = await beacon(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await dailyRows()).toEqual([]);
    expect(await languageRows()).toEqual([]);
    expect(await t.database.db.select().from(funnelVisits)).toEqual([]);
  });

  it('refuses a body over its small limit and a form post', async () => {
    const tooLong = await beacon({ visit: newVisit(), language: 'en', step: 'landing', ref: 'x'.repeat(600) });
    expect(tooLong.statusCode).toBe(413);
    const form = await beacon('visit=a&step=landing', 'application/x-www-form-urlencoded');
    expect(form.statusCode).toBe(415);
    expect(await dailyRows()).toEqual([]);
  });

  it('answers 429 with Retry-After once an address sends more than its allowance', async () => {
    for (let index = 0; index < FUNNEL_RULE.limit; index++) {
      expect((await beacon({ visit: newVisit(), language: 'en', step: 'landing' })).statusCode).toBe(204);
    }
    const refused = await beacon({ visit: newVisit(), language: 'en', step: 'landing' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await dailyRows()).toEqual([{ step: 'landing', recruiterId: null, visits: FUNNEL_RULE.limit }]);
  });

  it('counts a malformed event against the allowance too, as it is checked after the count', async () => {
    for (let index = 0; index < FUNNEL_RULE.limit; index++) {
      expect((await beacon('not json')).statusCode).toBe(400);
    }
    expect((await beacon({ visit: newVisit(), language: 'en', step: 'landing' })).statusCode).toBe(429);
    expect(await dailyRows()).toEqual([]);
  });

  it('stores nothing that names a visitor: no address, no agent, no cookie, only counts and the random visit id', async () => {
    await t.app.inject({
      method: 'POST',
      url: FUNNEL_PATH,
      headers: { 'content-type': 'text/plain', 'user-agent': 'Probe/1.0', cookie: 'tracking=abc', ...FROM_OUR_PAGE },
      payload: JSON.stringify({ visit: newVisit(), language: 'en', step: 'landing' }),
      remoteAddress: '198.51.100.77',
    });
    const columns = (await t.database.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_name in ('funnel_daily', 'funnel_language_daily', 'funnel_visits')
      order by table_name, ordinal_position
    `)) as unknown as { rows: { table_name: string; column_name: string }[] };
    expect(columns.rows.map((row) => `${row.table_name}.${row.column_name}`)).toEqual([
      'funnel_daily.day',
      'funnel_daily.recruiter_id',
      'funnel_daily.step',
      'funnel_daily.visits',
      'funnel_language_daily.day',
      'funnel_language_daily.language',
      'funnel_language_daily.step',
      'funnel_language_daily.visits',
      'funnel_visits.visit_id',
      'funnel_visits.step',
      'funnel_visits.seen_at',
    ]);
    const stored = JSON.stringify([
      await dailyRows(),
      await languageRows(),
      await t.database.db.select().from(funnelVisits),
    ]);
    for (const trace of ['198.51.100', 'Probe', 'tracking']) expect(stored).not.toContain(trace);
  });

  it('forgets visits after a day but keeps their counts', async () => {
    const visit = newVisit();
    await beacon({ visit, language: 'en', step: 'landing' });
    await deleteOldFunnelVisits(t.database.db, new Date(Date.now() + FUNNEL_VISIT_TTL_MS + 60_000));
    expect(await t.database.db.select().from(funnelVisits)).toEqual([]);
    expect(await dailyRows()).toEqual([{ step: 'landing', recruiterId: null, visits: 1 }]);
  });

  describe('from other sites', () => {
    it.each([
      ['another Origin', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
      [
        'another Origin, even when it claims same-origin',
        { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
      ],
      ['our host on another scheme', { origin: 'https://localhost:3000' }],
      ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site without Origin', { 'sec-fetch-site': 'same-site' }],
      ['Sec-Fetch-Site: none without Origin', { 'sec-fetch-site': 'none' }],
      ['Origin: null from a sandboxed page', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
      ['neither header', {}],
    ])('refuses %s with a 403 and counts nothing', async (name, from) => {
      const recruiter = await insertRecruiter(t.database.db, { name: `Marta Quinn (${name})` });
      const res = await beacon(
        { visit: newVisit(), language: 'en', step: 'landing', ref: recruiter.id },
        undefined,
        from,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN_ORIGIN' });
      expect(await dailyRows()).toEqual([]);
      expect(await t.database.db.select().from(funnelVisits)).toEqual([]);
    });

    it('counts a beacon that says only Sec-Fetch-Site: same-origin, or Origin: null with it', async () => {
      const senders: Record<string, string>[] = [
        { 'sec-fetch-site': 'same-origin' },
        { origin: 'null', 'sec-fetch-site': 'same-origin' },
      ];
      for (const from of senders) {
        expect((await beacon({ visit: newVisit(), language: 'en', step: 'landing' }, undefined, from)).statusCode).toBe(
          204,
        );
      }
      expect(await dailyRows()).toEqual([{ step: 'landing', recruiterId: null, visits: 2 }]);
    });
  });

  describe('bounds per recruiter link', () => {
    it("keeps one network's additions to a link bounded, however many of its addresses send", async () => {
      const recruiter = await insertRecruiter(t.database.db, { name: 'Jonas Weber' });
      const network = `198.18.${address}`;
      for (let index = 0; index < FUNNEL_LINK_NETWORK_RULE.limit + 40; index++) {
        remoteAddress = `${network}.${(index % 250) + 1}`;
        const res = await beacon({ visit: newVisit(), language: 'en', step: 'landing', ref: recruiter.id });
        expect(res.statusCode).toBe(204);
      }
      expect(await dailyRows()).toEqual([
        { step: 'landing', recruiterId: recruiter.id, visits: FUNNEL_LINK_NETWORK_RULE.limit },
      ]);
      // Another network, and events through no link, still count.
      remoteAddress = '192.0.2.10';
      await beacon({ visit: newVisit(), language: 'en', step: 'landing', ref: recruiter.id });
      await beacon({ visit: newVisit(), language: 'en', step: 'landing' });
      expect(await dailyRows()).toEqual(
        expect.arrayContaining([
          { step: 'landing', recruiterId: recruiter.id, visits: FUNNEL_LINK_NETWORK_RULE.limit + 1 },
          { step: 'landing', recruiterId: null, visits: 1 },
        ]),
      );
    });

    it("keeps all networks' additions to a link in a minute bounded", async () => {
      const recruiter = await insertRecruiter(t.database.db, { name: 'Aiko Tanaka' });
      const other = await insertRecruiter(t.database.db, { name: 'Lucas Moreau' });
      for (let index = 0; index < FUNNEL_LINK_RULE.limit + 20; index++) {
        // Each from its own network: only the link's own bound is left to stop them.
        remoteAddress = `10.${Math.floor(index / 200) + 1}.${index % 200}.9`;
        const res = await beacon({ visit: newVisit(), language: 'es', step: 'step1', ref: recruiter.id });
        expect(res.statusCode).toBe(204);
      }
      await beacon({ visit: newVisit(), language: 'es', step: 'step1', ref: other.id });
      expect(await dailyRows()).toEqual(
        expect.arrayContaining([
          { step: 'step1', recruiterId: recruiter.id, visits: FUNNEL_LINK_RULE.limit },
          { step: 'step1', recruiterId: other.id, visits: 1 },
        ]),
      );
    });
  });
});
