import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLog, creators } from '#server/db/schema.ts';
import { setUpTestApp, TEST_ORIGIN } from '#tests/setup/test-app.ts';
import {
  type Applicant,
  addRecruiter,
  apply,
  download,
  erase,
  getPage,
  resetApplicants,
  tokenOf,
  withdraw,
} from './applicant-page.test-support.ts';
import { PAGE_ATTEMPT_RULE, PAGE_LINK_REVOKED_ACTIVITY, PAGE_PER_CREATOR_RULE } from './page-link.service.ts';

const t = setUpTestApp();
const { headers } = t;
beforeAll(() => addRecruiter(t));
beforeEach(() => resetApplicants(t));

const DEAD = { message: 'This link is not valid', code: 'NOT_FOUND' };

/** Every route of her page answers a dead link alike: the same status, body and headers. */
async function expectDead(creatorId: string, token: string | undefined, ip?: string) {
  const replies = [
    await getPage(t, creatorId, token, ip),
    await withdraw(t, creatorId, token, ip),
    await download(t, creatorId, token, ip),
    await erase(t, creatorId, token, creatorId, ip),
  ];
  for (const res of replies) {
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(expect.objectContaining(DEAD));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  }
  // Each answer's own request id aside.
  return replies.map((res) => ({ ...res.json(), requestId: undefined }));
}

const setRow = (applicant: Applicant, values: Partial<typeof creators.$inferInsert>) =>
  t.database.db.update(creators).set(values).where(eq(creators.id, applicant.id));

describe('dead links', () => {
  it('answers an unknown creator, a wrong, missing or repeated token, an expired, revoked or erased link alike', async () => {
    const applicant = await apply(t);
    const other = await apply(t);
    const bodies = [
      ...(await expectDead('RC-ZZZZZZZZ', applicant.token)),
      ...(await expectDead('not-an-id', applicant.token)),
      ...(await expectDead(applicant.creatorId, other.token)),
      ...(await expectDead(applicant.creatorId, `${applicant.token}x`)),
      ...(await expectDead(applicant.creatorId, undefined)),
      ...(await expectDead(applicant.creatorId, '')),
    ];
    const repeated = await getPage(t, `${applicant.creatorId}?token=a&token=b`, undefined);
    expect({ ...repeated.json(), requestId: undefined }).toEqual(bodies[0]);

    await setRow(applicant, { pageTokenExpiresAt: new Date(Date.now() - 1000) });
    bodies.push(...(await expectDead(applicant.creatorId, applicant.token)));

    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/admin/creators/${other.creatorId}/page-link/revoke`,
      headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({ revoked: true });
    bodies.push(...(await expectDead(other.creatorId, other.token)));
    const [entry] = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, PAGE_LINK_REVOKED_ACTIVITY));
    expect(entry).toMatchObject({ creatorId: other.id, performedBy: 'alice' });

    const third = await apply(t);
    expect((await erase(t, third.creatorId, third.token, third.creatorId)).statusCode).toBe(200);
    bodies.push(...(await expectDead(third.creatorId, third.token)));

    // Nothing in any answer tells one reason from another.
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
  });

  it('lets staff issue a fresh link, which kills the earlier one', async () => {
    const applicant = await apply(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/creators/${applicant.creatorId}/page-link`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { link } = res.json();
    expect(link).toMatch(new RegExp(`^/me/${applicant.creatorId}\\?token=`));
    await expectDead(applicant.creatorId, applicant.token);
    expect((await getPage(t, applicant.creatorId, tokenOf(link))).statusCode).toBe(200);
    // The token is in the reply only: the activity log names when it expires, not the link.
    const entries = await t.database.db.select().from(activityLog).where(eq(activityLog.creatorId, applicant.id));
    expect(JSON.stringify(entries)).not.toContain(tokenOf(link));
  });

  it('refuses staff calls without a session', async () => {
    const applicant = await apply(t);
    for (const path of ['page-link', 'page-link/revoke']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/creators/${applicant.creatorId}/${path}`,
        headers: { origin: TEST_ORIGIN },
      });
      expect(res.statusCode).toBe(401);
    }
    expect((await getPage(t, applicant.creatorId, applicant.token)).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('stops an address probing links, with Retry-After, while other addresses go on', async () => {
    const applicant = await apply(t);
    const prober = '192.0.2.66';
    for (let i = 0; i < PAGE_ATTEMPT_RULE.limit; i++) {
      expect((await getPage(t, applicant.creatorId, `guess-${i}`, prober)).statusCode).toBe(404);
    }
    // Even the right token is refused from there now.
    const refused = await getPage(t, applicant.creatorId, applicant.token, prober);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ message: 'Too many attempts. Please try again later.' });
    expect((await download(t, applicant.creatorId, applicant.token, prober)).statusCode).toBe(429);
    expect((await getPage(t, applicant.creatorId, applicant.token, '192.0.2.67')).statusCode).toBe(200);
  });

  it('limits what one working link does from any address, creator by creator', async () => {
    const applicant = await apply(t);
    const other = await apply(t);
    for (let i = 0; i < PAGE_PER_CREATOR_RULE.limit; i++) {
      const ip = `198.51.100.${i + 100}`;
      expect((await getPage(t, applicant.creatorId, applicant.token, ip)).statusCode).toBe(200);
    }
    const refused = await download(t, applicant.creatorId, applicant.token, '198.51.100.250');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await getPage(t, other.creatorId, other.token, '198.51.100.250')).statusCode).toBe(200);
  });
});
