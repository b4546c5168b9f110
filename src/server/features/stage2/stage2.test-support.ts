import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { activityLog, creators, stage2Submissions } from '#server/db/schema.ts';
import { insertCreator } from '#tests/factories.ts';
import { type FilePart, type MultipartValue, multipartBody } from '#tests/setup/multipart.ts';
import { spooledFiles, type TestApp } from '#tests/setup/test-app.ts';

/** Shared by the stage-2 tests: a creator with a working link, valid answers, and what was stored. */

export interface LinkedCreator {
  id: string;
  creatorId: string;
  token: string;
}

export function tokenOf(link: string): string {
  return new URL(link, 'http://x').searchParams.get('token') ?? '';
}

/** The admin's real "Send Stage 2" call: the token exists only in its reply. */
export async function sendStage2(t: TestApp, headers: Record<string, string>, creatorId: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `/api/admin/creators/${creatorId}/send-stage2`, headers });
  if (res.statusCode !== 200) throw new Error(`send-stage2 failed: ${res.statusCode} ${res.body}`);
  return tokenOf(res.json().link);
}

/** A pending creator moved to stage2_sent by an admin, with the token of the link they were sent. */
export async function linkedCreator(
  t: TestApp,
  headers: Record<string, string>,
  values: Parameters<typeof insertCreator>[1] = {},
): Promise<LinkedCreator> {
  const creator = await insertCreator(t.database.db, values);
  const token = await sendStage2(t, headers, creator.creatorId);
  return { id: creator.id, creatorId: creator.creatorId, token };
}

/** A complete, valid stage-2 form as the page sends it (product §7: only non-empty optional values). */
export function validStage2(overrides: Record<string, MultipartValue> = {}): Record<string, MultipartValue> {
  return {
    country: 'Brazil',
    age: '24',
    englishLevel: '3',
    compensationType: 'negotiable',
    isVerifiedOnlyFans: 'no',
    hasExistingContent: 'no',
    agencyPitch: 'I post every day and answer every message.',
    ...overrides,
  };
}

export const formUrl = (creatorId: string, token?: string) =>
  `/api/stage2/${creatorId}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;

export function getForm(t: TestApp, creatorId: string, token?: string, ip = '198.51.100.7') {
  return t.app.inject({ method: 'GET', url: formUrl(creatorId, token), remoteAddress: ip });
}

export async function postForm(
  t: TestApp,
  link: { creatorId: string; token?: string },
  fields: Record<string, MultipartValue> | ReadonlyArray<readonly [string, string | FilePart]>,
  ip = '198.51.100.7',
) {
  const body = await multipartBody(fields);
  return t.app.inject({
    method: 'POST',
    url: formUrl(link.creatorId, link.token),
    payload: body.payload,
    headers: body.headers,
    remoteAddress: ip,
  });
}

export async function storedKeys(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of t.store.list()) keys.push(entry.key);
  return keys.sort();
}

export async function readStored(t: TestApp, key: string): Promise<Buffer> {
  const file = await t.store.get(key);
  if (!file) throw new Error(`no stored file ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function storedSubmission(t: TestApp, creatorRowId: string) {
  const [row] = await t.database.db
    .select()
    .from(stage2Submissions)
    .where(eq(stage2Submissions.creatorId, creatorRowId));
  return row ?? null;
}

export async function creatorState(t: TestApp, creatorRowId: string) {
  const [row] = await t.database.db
    .select({ status: creators.status })
    .from(creators)
    .where(eq(creators.id, creatorRowId));
  const log = await t.database.db
    .select()
    .from(activityLog)
    .where(eq(activityLog.creatorId, creatorRowId))
    .orderBy(activityLog.timestamp);
  return { status: row?.status, actions: log.map((entry) => entry.action), log };
}

/** A refused submission leaves no stage-2 row, no new activity entry, no file and no half-written upload. */
export async function expectNothingStored(t: TestApp, creator: LinkedCreator): Promise<void> {
  const [submissions] = await t.database.db.select({ n: count() }).from(stage2Submissions);
  expect(submissions?.n).toBe(0);
  const { status, actions } = await creatorState(t, creator.id);
  expect(status).toBe('stage2_sent');
  expect(actions).toEqual(['Application submitted', 'Stage 2 link generated']);
  expect(await storedKeys(t)).toEqual([]);
  expect(await t.store.sweepTemp(0)).toBe(0);
  expect(await spooledFiles(t)).toEqual([]);
}

/** Every test starts with no creators, no files and fresh rate-limit windows. */
export async function resetStage2(t: TestApp): Promise<void> {
  await t.database.db.delete(creators);
  for (const key of await storedKeys(t)) await t.store.delete(key);
  await t.limiter.close();
}
