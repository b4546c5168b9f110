import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatorFindReply } from '#shared/replies/creator-find.ts';
import { FIND_MESSAGES } from '#shared/schemas/creator-find.ts';
import { insertCreator } from '#tests/factories.ts';
import { insertCompleteCreator } from '#tests/fixtures/creators.ts';
import { type AdminHeaders, setUpTestApp, signIn } from '#tests/setup/test-app.ts';

const t = setUpTestApp();

async function find(q: string, headers: AdminHeaders = t.headers) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/creators/search?q=${encodeURIComponent(q)}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CreatorFindReply>().creators;
}
const creatorIdsFound = async (q: string) => (await find(q)).map((creator) => creator.creatorId);

let berlin: { creatorId: string };
let newYork: { creatorId: string };
let national: { creatorId: string };
let mail: { creatorId: string };
let telegram: { creatorId: string };
let complete: { creatorId: string; name: string };

beforeAll(async () => {
  const { db } = t.database;
  // Stored as applicants type them: spaces, dashes, brackets, with and without the country code.
  berlin = await insertCreator(db, {
    name: 'Lena Vogt',
    contactMethod: 'WhatsApp',
    contactInfo: '+49 151 2345-6789',
    status: 'matched',
  });
  newYork = await insertCreator(db, {
    name: 'Maya Brooks',
    contactMethod: 'SMS/Phone',
    contactInfo: '+1 (555) 123-4567',
    status: 'cancelled',
  });
  national = await insertCreator(db, {
    name: 'Jana Novak',
    contactMethod: 'WhatsApp',
    contactInfo: '0176 9876 5432',
    status: 'pending',
  });
  mail = await insertCreator(db, {
    name: 'Zoë Keller',
    contactMethod: 'Email',
    contactInfo: 'Zoe.Keller@Example.com',
    status: 'finalized',
  });
  telegram = await insertCreator(db, {
    name: 'Irina Sokolova',
    contactMethod: 'Telegram',
    contactInfo: '@irina_sok',
    status: 'stage2_sent',
  });
  complete = (await insertCompleteCreator(t)).creator;
});

describe('GET /api/admin/creators/search', () => {
  it('finds a phone number however it is typed, across statuses, with each creator’s status', async () => {
    for (const typed of ['+49 151 2345-6789', '0151 23456789', '4915123456789', '151-234 56789']) {
      expect(await creatorIdsFound(typed), typed).toEqual([berlin.creatorId]);
    }
    const [maya] = await find('(555) 123-4567');
    expect(maya).toMatchObject({ creatorId: newYork.creatorId, status: 'cancelled', name: 'Maya Brooks' });
    // Stored without the country code, typed with it.
    expect(await creatorIdsFound('+49 176 98765432')).toEqual([national.creatorId]);
  });

  it('finds an e-mail or handle from its start, in any letter case, with or without @', async () => {
    expect(await creatorIdsFound('zoe.keller@example.com')).toEqual([mail.creatorId]);
    expect(await creatorIdsFound('ZOE.KEL')).toEqual([mail.creatorId]);
    expect(await creatorIdsFound('irina_sok')).toEqual([telegram.creatorId]);
    expect(await creatorIdsFound('@Irina_Sok')).toEqual([telegram.creatorId]);
  });

  it('finds a whole Creator ID as typed, and names from their start or inside, without accents', async () => {
    expect(await creatorIdsFound(complete.creatorId.toLowerCase())).toEqual([complete.creatorId]);
    expect(await creatorIdsFound(complete.creatorId.replace('-', ' '))).toEqual([complete.creatorId]);
    expect(await creatorIdsFound('zoe kel')).toEqual([mail.creatorId]);
    expect(await creatorIdsFound('Sokolova')).toEqual([telegram.creatorId]);
    // The fixture's creator has a possible duplicate of the same name: both are found.
    expect(await creatorIdsFound(complete.name.split(' ')[0] ?? complete.name)).toContain(complete.creatorId);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await find('nobody-by-this-name')).toEqual([]);
    expect(await find('+44 20 7946 0000')).toEqual([]);
  });

  it('is a reviewer’s too', async () => {
    const reviewer = await signIn(t, { username: 'rita', password: 'correct horse battery', role: 'reviewer' });
    expect((await find('0151 23456789', reviewer)).map((creator) => creator.creatorId)).toEqual([berlin.creatorId]);
  });

  it('refuses a missing, blank, one-letter or over-long query with a 400 that says what to type', async () => {
    for (const url of ['', '?q=', '?q=%20%20', '?q=a', `?q=${'a'.repeat(101)}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/creators/search${url}`, headers: t.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: FIND_MESSAGES.query });
    }
  });

  it('is refused without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/creators/search?q=lena' });
    expect(res.statusCode).toBe(401);
  });
});
