import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { creators } from '#server/db/schema.ts';
import { insertRecruiter } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { RECRUITER_NAME, submit, validApplication } from '../submissions/submissions.test-support.ts';
import { NOTICE_WORDS } from './notice-words.ts';

/** docs/decisions/048: CONSENT=off, for operators whose lawful basis is not consent. */

const t = setUpTestApp({ signedIn: false, config: { isConsentAsked: false } });

beforeAll(async () => {
  await insertRecruiter(t.database.db, { name: RECRUITER_NAME, email: 'dana@agency.test' });
});

const storedConsent = async (creatorId: string) => {
  const [row] = await t.database.db
    .select({ consentAt: creators.consentAt, version: creators.privacyNoticeVersion })
    .from(creators)
    .where(eq(creators.creatorId, creatorId));
  return row;
};

describe('POST /api/submissions with CONSENT=off', () => {
  it('accepts an application without consent and records none', async () => {
    const res = await submit(t, validApplication({ name: 'Ines Duarte', consent: undefined }));
    expect(res.statusCode).toBe(201);
    expect(await storedConsent(res.json().creatorId)).toEqual({ consentAt: null, version: null });
  });

  it('records none either when a client sends it anyway: nobody was asked', async () => {
    const res = await submit(t, validApplication({ name: 'Maren Holt', consent: 'yes' }), { ip: '198.51.100.20' });
    expect(res.statusCode).toBe(201);
    expect(await storedConsent(res.json().creatorId)).toEqual({ consentAt: null, version: null });
  });

  it('leaves the consent sentence out of the default notice', () => {
    expect(t.app.privacyNotice.texts.en.markdown).not.toContain(NOTICE_WORDS.en.consentBasis);
  });
});
