import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import { activityLog, creators } from '#server/db/schema.ts';
import { type FilePart, type MultipartValue, multipartBody } from '#tests/setup/multipart.ts';
import { spooledFiles, type TestApp } from '#tests/setup/test-app.ts';

/** Shared by the submission tests: a valid application, a way to send it, and what it left behind. */

export const RECRUITER_NAME = 'Dana Scout';

/** A complete, valid application as the form sends it (product §7: empty values are skipped). */
export function validApplication(overrides: Record<string, MultipartValue> = {}): Record<string, MultipartValue> {
  return {
    name: 'Jamie Rivera',
    language: 'English',
    gender: 'Female',
    contactMethod: 'Email',
    contactInfo: 'jamie@example.com',
    hasOnlyFans: 'no',
    age: '24',
    agencyGoals: 'More subscribers and less admin work',
    instagram: '@jamie',
    recruiter: RECRUITER_NAME,
    // She agrees to the privacy notice on step 5 (docs/decisions/048).
    consent: 'yes',
    ...overrides,
  };
}

export async function submit(
  t: TestApp,
  fields: Record<string, MultipartValue> | ReadonlyArray<readonly [string, string | FilePart]>,
  options: { ip?: string; headers?: Record<string, string> } = {},
) {
  const body = await multipartBody(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/submissions',
    payload: body.payload,
    headers: { ...body.headers, ...options.headers },
    remoteAddress: options.ip ?? '203.0.113.10',
  });
}

export async function storedKeys(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of t.store.list()) keys.push(entry.key);
  return keys;
}

export async function storedCounts(t: TestApp) {
  const [[creatorRows], [activityRows], keys] = await Promise.all([
    t.database.db.select({ n: count() }).from(creators),
    t.database.db.select({ n: count() }).from(activityLog),
    storedKeys(t),
  ]);
  return { creators: creatorRows?.n ?? 0, activity: activityRows?.n ?? 0, files: keys.length };
}

/** A refused application leaves no creator, no activity entry, no file and no half-written upload. */
export async function expectNothingStored(t: TestApp): Promise<void> {
  expect(await storedCounts(t)).toEqual({ creators: 0, activity: 0, files: 0 });
  expect(await t.store.sweepTemp(0)).toBe(0);
  expect(await spooledFiles(t)).toEqual([]);
}

/** Every test starts with no applications, no files and fresh rate-limit windows. */
export async function resetSubmissions(t: TestApp): Promise<void> {
  await t.database.db.delete(creators);
  for (const key of await storedKeys(t)) await t.store.delete(key);
  await t.limiter.close();
}
