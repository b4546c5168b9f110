import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertCreator, insertRecruiter } from '#tests/factories.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { findRecruiterByName, type SubmissionDeps, submissionRule, submitApplication } from './submissions.service.ts';
import { RECRUITER_NAME, resetSubmissions, storedCounts } from './submissions.test-support.ts';

const t = setUpTestApp({ signedIn: false });

beforeAll(async () => {
  await insertRecruiter(t.database.db, { name: RECRUITER_NAME });
});
beforeEach(() => resetSubmissions(t));

const fields = {
  name: 'Jamie Rivera',
  language: 'English',
  gender: 'Female',
  contactMethod: 'Telegram',
  contactInfo: 'jamie_rivera',
  agencyGoals: 'Grow',
  recruiter: RECRUITER_NAME,
  consent: 'yes',
};

function deps(newId?: () => string): SubmissionDeps {
  return {
    db: t.database.db,
    store: t.store,
    limiter: t.limiter,
    images: t.app.images,
    rule: submissionRule(100),
    consent: { isAsked: true, noticeVersion: t.app.privacyNotice.version },
    newId,
  };
}

/** Hands out the given ids in turn. */
const ids = (...list: string[]) => {
  let next = 0;
  return () => list[Math.min(next++, list.length - 1)] ?? '';
};

describe('submitApplication', () => {
  it('draws a new creator id when the first one is taken, within the same transaction', async () => {
    await insertCreator(t.database.db, { creatorId: 'RC-22222222' });

    const result = await submitApplication(deps(ids('RC-22222222', 'RC-33333333')), {
      fields,
      photo: null,
      ip: '192.0.2.1',
    });

    expect(result).toEqual({
      creatorId: 'RC-33333333',
      isStored: true,
      pagePath: expect.stringMatching(/^\/me\/RC-33333333\?token=/),
    });
    expect(await storedCounts(t)).toMatchObject({ creators: 2, activity: 2 });
  });

  it('leaves neither a row nor the stored photo when the transaction fails', async () => {
    await insertCreator(t.database.db, { creatorId: 'RC-22222222' });
    const before = await storedCounts(t);

    await expect(
      submitApplication(deps(ids('RC-22222222')), { fields, photo: await jpeg(), ip: '192.0.2.1' }),
    ).rejects.toThrow(/No free creator id/);

    expect(await storedCounts(t)).toEqual(before);
    expect(before.files).toBe(0);
    expect(await t.store.sweepTemp(0)).toBe(0);
  });

  it('stores the contact info in its normal form and the recruiter as the table spells it', async () => {
    const { creatorId } = await submitApplication(deps(), {
      fields: { ...fields, recruiter: '  DANA scout ' },
      photo: null,
      ip: '192.0.2.1',
    });
    const row = await t.database.db.query.creators.findFirst({ where: (c, { eq }) => eq(c.creatorId, creatorId) });
    expect(row).toMatchObject({ contactInfo: '@jamie_rivera', recruiterName: RECRUITER_NAME });
  });
});

describe('findRecruiterByName', () => {
  it('matches in any letter case and nothing else', async () => {
    expect(await findRecruiterByName(t.database.db, 'dana scout')).toMatchObject({ name: RECRUITER_NAME });
    expect(await findRecruiterByName(t.database.db, 'Dana')).toBeNull();
    expect(await findRecruiterByName(t.database.db, '%')).toBeNull();
  });
});
