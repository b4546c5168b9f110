import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLog, creators } from '#server/db/schema.ts';
import { APPLICATION_MESSAGES as m } from '#shared/schemas/application.ts';
import { insertRecruiter } from '#tests/factories.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { filePart } from '#tests/setup/multipart.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { CREATOR_ID_PATTERN } from '../creators/creator-id.ts';
import {
  expectNothingStored,
  RECRUITER_NAME,
  resetSubmissions,
  storedCounts,
  storedKeys,
  submit,
  validApplication,
} from './submissions.test-support.ts';

const t = setUpTestApp({ signedIn: false });
let recruiterId: string;

beforeAll(async () => {
  ({ id: recruiterId } = await insertRecruiter(t.database.db, { name: RECRUITER_NAME, email: 'dana@agency.test' }));
});
beforeEach(() => resetSubmissions(t));

async function readStored(key: string): Promise<Buffer> {
  const file = await t.store.get(key);
  if (!file) throw new Error(`nothing stored under ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('POST /api/submissions', () => {
  it('stores a pending creator, its activity entry and the re-encoded photo', async () => {
    const photo = await jpeg({ width: 120, height: 90 });
    const res = await submit(t, validApplication({ recruiter: 'dana SCOUT', confirmationPhoto: filePart(photo) }));

    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      creatorId: expect.any(String),
      message: 'Application submitted',
      pageUrl: expect.any(String),
    });
    expect(body.creatorId).toMatch(CREATOR_ID_PATTERN);
    // Her own page (decision 047): site-relative, her id, a 43-character token.
    expect(body.pageUrl).toMatch(new RegExp(`^/me/${body.creatorId}\\?token=[\\w-]{43}$`));

    const [row] = await t.database.db.select().from(creators).where(eq(creators.creatorId, body.creatorId));
    expect(row).toMatchObject({
      status: 'pending',
      name: 'Jamie Rivera',
      contactMethod: 'Email',
      contactInfo: 'jamie@example.com',
      hasOnlyFans: 'no',
      age: 24,
      averageMonthlyRange: null,
      instagram: '@jamie',
      tiktok: null,
      recruiterId,
      recruiterName: RECRUITER_NAME,
    });
    const activity = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.creatorId, row?.id ?? ''));
    expect(activity).toEqual([
      expect.objectContaining({
        action: 'Application submitted',
        performedBy: 'applicant',
        additionalInfo: { recruiter: RECRUITER_NAME },
      }),
    ]);

    expect(await storedKeys(t)).toEqual([row?.photoKey]);
    const stored = await readStored(row?.photoKey ?? '');
    expect(stored.equals(photo)).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 120, height: 90 });
  });

  it('accepts an application without a photo (product §5: the schema allows it)', async () => {
    const res = await submit(t, validApplication());
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(creators);
    expect(row?.photoKey).toBeNull();
    expect(await storedCounts(t)).toEqual({ creators: 1, activity: 1, files: 0 });
  });

  it('keeps only the step-3 answer of the chosen branch and normalises contact info', async () => {
    const res = await submit(
      t,
      validApplication({
        hasOnlyFans: 'yes',
        averageMonthlyRange: '$500–$1,000',
        age: '17',
        contactMethod: 'WhatsApp',
        contactInfo: '+1 (555) 123-4567',
      }),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(creators);
    expect(row).toMatchObject({ averageMonthlyRange: '$500–$1,000', age: null, contactInfo: '+15551234567' });
  });

  it('answers a filled honeypot exactly like a success but stores nothing', async () => {
    const photo = await jpeg();
    const res = await submit(t, validApplication({ website: 'http://spam.test', confirmationPhoto: filePart(photo) }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      creatorId: expect.any(String),
      message: 'Application submitted',
      pageUrl: expect.any(String),
    });
    expect(res.json().creatorId).toMatch(CREATOR_ID_PATTERN);
    // As plausible as a real page's address, and opening nothing.
    expect(res.json().pageUrl).toMatch(new RegExp(`^/me/${res.json().creatorId}\\?token=[\\w-]{43}$`));
    await expectNothingStored(t);
  });
});

describe('POST /api/submissions validation (product §5, architecture §4)', () => {
  const cases: Array<[string, Record<string, string | undefined>, string, string]> = [
    ['a missing name', { name: undefined }, 'name', m.name],
    ['a one-letter name', { name: 'J' }, 'name', m.name],
    ['a missing language', { language: undefined }, 'language', m.language],
    ['a language not offered', { language: 'Klingon' }, 'language', m.language],
    ['a missing gender', { gender: undefined }, 'gender', m.gender],
    ['a missing contact method', { contactMethod: undefined }, 'contactMethod', m.contactMethod],
    ['missing contact info', { contactInfo: undefined }, 'contactInfo', m.contactInfo],
    ['blank agency goals', { agencyGoals: '   ' }, 'agencyGoals', m.agencyGoals],
    ['a missing recruiter', { recruiter: undefined }, 'recruiter', m.recruiter],
    ['a recruiter who does not exist', { recruiter: 'Nobody Known' }, 'recruiter', m.recruiter],
    ['an applicant aged 17', { age: '17' }, 'age', 'You must be between 18 and 99 years old'],
    ['an e-mail address without a domain', { contactInfo: 'jamie@' }, 'contactInfo', m.email],
    ['a Telegram name with spaces', { contactMethod: 'Telegram', contactInfo: 'jamie r' }, 'contactInfo', m.telegram],
    ['a phone number with letters', { contactMethod: 'SMS/Phone', contactInfo: 'call me' }, 'contactInfo', m.phone],
  ];

  it.each(cases)('refuses %s', async (_case, overrides, field, message) => {
    const res = await submit(t, validApplication(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION_FAILED', fields: { [field]: message } });
    await expectNothingStored(t);
  });

  it('reports every problem at once, the first in form order', async () => {
    const res = await submit(t, { recruiter: 'Nobody Known', gender: 'Female' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(m.name);
    expect(Object.keys(body.fields)).toEqual([
      'name',
      'language',
      'contactMethod',
      'contactInfo',
      'agencyGoals',
      'recruiter',
      'consent',
    ]);
    await expectNothingStored(t);
  });
});
