import { eq } from 'drizzle-orm';
import { creatorRemovals, creators } from '#server/db/schema.ts';
import { insertRecruiter } from '#tests/factories.ts';
import { syntheticSelfie } from '#tests/fixtures/images.ts';
import { filePart } from '#tests/setup/multipart.ts';
import type { TestApp } from '#tests/setup/test-app.ts';
import { RECRUITER_NAME, storedKeys, submit, validApplication } from '../submissions/submissions.test-support.ts';

/** Shared by the own-page tests: an application made through the real form, and calls on her page. */

export interface Applicant {
  id: string;
  creatorId: string;
  token: string;
  /** The site-relative page address the submission answered. */
  pageUrl: string;
}

export const tokenOf = (pageUrl: string) => new URL(pageUrl, 'http://x').searchParams.get('token') ?? '';

let applied = 0;

/** The recruiter the applications name; once per file. */
export const addRecruiter = (t: TestApp) =>
  insertRecruiter(t.database.db, { name: RECRUITER_NAME, email: 'dana@agency.example' });

/** Applies through POST /api/submissions with a selfie, as the form does, and returns her page's link. */
export async function apply(t: TestApp, overrides: Record<string, string> = {}): Promise<Applicant> {
  const seed = applied++;
  const res = await submit(
    t,
    validApplication({
      name: 'Valentina Ríos',
      contactInfo: `valentina.rios${seed}@example.com`,
      locale: 'es',
      language: 'Spanish',
      confirmationPhoto: filePart(await syntheticSelfie(4_000 + seed, { width: 600, height: 800 })),
      ...overrides,
    }),
    { ip: `203.0.113.${(seed % 200) + 1}` },
  );
  if (res.statusCode !== 201) throw new Error(`application failed: ${res.statusCode} ${res.body}`);
  const { creatorId, pageUrl } = res.json() as { creatorId: string; pageUrl: string };
  const [row] = await t.database.db.select({ id: creators.id }).from(creators).where(eq(creators.creatorId, creatorId));
  if (!row) throw new Error(`no creator ${creatorId}`);
  return { id: row.id, creatorId, token: tokenOf(pageUrl), pageUrl };
}

const url = (creatorId: string, token: string | undefined, rest = '') =>
  `/api/me/${creatorId}${rest}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;

export const DEFAULT_IP = '198.51.100.20';

export function getPage(t: TestApp, creatorId: string, token?: string, ip = DEFAULT_IP) {
  return t.app.inject({ method: 'GET', url: url(creatorId, token), remoteAddress: ip });
}

export function withdraw(t: TestApp, creatorId: string, token?: string, ip = DEFAULT_IP) {
  return t.app.inject({ method: 'POST', url: url(creatorId, token, '/withdraw'), remoteAddress: ip });
}

export function download(t: TestApp, creatorId: string, token?: string, ip = DEFAULT_IP) {
  return t.app.inject({ method: 'GET', url: url(creatorId, token, '/data.zip'), remoteAddress: ip });
}

export function erase(t: TestApp, creatorId: string, token: string | undefined, confirmation: string, ip = DEFAULT_IP) {
  return t.app.inject({
    method: 'POST',
    url: url(creatorId, token, '/erase'),
    payload: { confirmation },
    remoteAddress: ip,
  });
}

/** Every test starts with no applications, no removals, no files and fresh rate-limit windows. */
export async function resetApplicants(t: TestApp): Promise<void> {
  await t.database.db.delete(creators);
  await t.database.db.delete(creatorRemovals);
  for (const key of await storedKeys(t)) await t.store.delete(key);
  await t.limiter.close();
}
