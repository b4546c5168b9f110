import { beforeEach, describe, expect, it } from 'vitest';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { getForm, linkedCreator, postForm, resetStage2, validStage2 } from './stage2.test-support.ts';
import { STAGE2_ATTEMPT_RULE, STAGE2_SUBMISSIONS_PER_CREATOR } from './stage2-link.service.ts';

const t = setUpTestApp();
const { headers } = t;
beforeEach(() => resetStage2(t));

describe('stage-2 limits', () => {
  it('limits submissions per creator, however many addresses send them', async () => {
    const creator = await linkedCreator(t, headers);
    for (let i = 0; i < STAGE2_SUBMISSIONS_PER_CREATOR.limit; i++) {
      expect((await postForm(t, creator, validStage2(), `198.51.100.${i + 1}`)).statusCode).toBe(200);
    }
    const res = await postForm(t, creator, validStage2(), '203.0.113.200');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);

    // Another creator's link is not affected.
    const other = await linkedCreator(t, headers);
    expect((await postForm(t, other, validStage2(), '203.0.113.200')).statusCode).toBe(200);
  });

  it('counts every address of one IPv6 /64 as one client', async () => {
    const creator = await linkedCreator(t, headers);
    for (let i = 0; i < STAGE2_ATTEMPT_RULE.limit; i++) {
      await getForm(t, creator.creatorId, creator.token, `2001:db8:7:7::${(i + 1).toString(16)}`);
    }
    const res = await getForm(t, creator.creatorId, creator.token, '2001:db8:7:7:abcd::1');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await getForm(t, creator.creatorId, creator.token, '2001:db8:7:8::1')).statusCode).toBe(200);
  });
});
