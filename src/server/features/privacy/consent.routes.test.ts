import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creators } from '#server/db/schema.ts';
import { englishOf } from '#shared/messages/english.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { insertRecruiter } from '#tests/factories.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { filePart } from '#tests/setup/multipart.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { unzip } from '#tests/setup/unzip.ts';
import {
  expectNothingStored,
  RECRUITER_NAME,
  resetSubmissions,
  submit,
  validApplication,
} from '../submissions/submissions.test-support.ts';

/** docs/decisions/048: step 5's consent to the privacy notice, as the API takes, stores and exports it. */

const t = setUpTestApp();
const CONSENT_MESSAGE = 'Please agree to the privacy notice to apply';

beforeAll(async () => {
  await insertRecruiter(t.database.db, { name: RECRUITER_NAME, email: 'dana@agency.test' });
});
beforeEach(() => resetSubmissions(t));

const stored = async (creatorId: string) => {
  const [row] = await t.database.db.select().from(creators).where(eq(creators.creatorId, creatorId));
  return row;
};

describe('POST /api/submissions: consent to the privacy notice', () => {
  it('is the message the form shows, in English on the API', () => {
    expect(englishOf('application.consent')).toBe(CONSENT_MESSAGE);
  });

  it.each([
    ['without the consent part', undefined],
    ['with consent refused', 'no'],
    ['with a ticked box sent as "true" rather than yes', 'true'],
  ])(
    'refuses an application %s: 400 with the message, and nothing stored, the photo included',
    async (_case, consent) => {
      const res = await submit(t, validApplication({ consent, confirmationPhoto: filePart(await jpeg()) }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: CONSENT_MESSAGE,
        fields: { consent: CONSENT_MESSAGE },
      });
      await expectNothingStored(t);
    },
  );

  it('lists the consent with the other problems, last, below the photo', async () => {
    const res = await submit(t, validApplication({ name: 'J', consent: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ name: 'Name is required', consent: CONSENT_MESSAGE });
    await expectNothingStored(t);
  });

  it('stores when she agreed and the version of the notice in force, and shows both to staff', async () => {
    const before = Date.now();
    const res = await submit(
      t,
      validApplication({ name: 'Lucía Fernández', consent: 'yes', confirmationPhoto: filePart(await jpeg()) }),
    );
    const after = Date.now();
    expect(res.statusCode).toBe(201);
    const { creatorId } = res.json() as { creatorId: string };

    const row = await stored(creatorId);
    expect(row?.privacyNoticeVersion).toBe(t.app.privacyNotice.version);
    expect(row?.privacyNoticeVersion).toMatch(/^[0-9a-f]{12}$/);
    const consentAt = row?.consentAt?.getTime() ?? 0;
    expect(consentAt).toBeGreaterThanOrEqual(before - 1);
    expect(consentAt).toBeLessThanOrEqual(after + 1);

    const expected = { consentAt: row?.consentAt?.toISOString(), privacyNoticeVersion: t.app.privacyNotice.version };
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/creators/${creatorId}`, headers: t.headers });
    expect(detail.json().creator).toMatchObject(expected);
    // The list is written by the database (CREATOR_AS_API), the details by toCreator: the same values.
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/creators', headers: t.headers });
    expect((list.json() as Creator[]).find((creator) => creator.creatorId === creatorId)).toMatchObject(expected);
  });

  it('puts the consent and the notice version in her data zip', async () => {
    const res = await submit(t, validApplication({ name: 'Amélie Laurent', consent: 'yes' }));
    const { creatorId } = res.json() as { creatorId: string };
    const row = await stored(creatorId);

    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/admin/creators/${creatorId}/export.zip`,
      headers: t.headers,
    });
    expect(zip.statusCode).toBe(200);
    const json = JSON.parse((await unzip(zip.rawPayload)).get('creator.json')?.toString('utf8') ?? 'null');
    expect(json.creator).toMatchObject({
      creatorId,
      name: 'Amélie Laurent',
      consentAt: row?.consentAt?.toISOString(),
      privacyNoticeVersion: t.app.privacyNotice.version,
    });
    expect(json.creator.consentAt).toEqual(expect.any(String));
  });

  it('documents the part in the API document', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json', headers: { cookie: t.headers.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Her agreement to the privacy notice at /privacy');
  });
});
