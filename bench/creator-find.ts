import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { signIn, TEST_ORIGIN, type TestApp } from '#tests/setup/test-app.ts';
import { buildApp } from '../src/server/app.ts';
import { testConfig } from '../src/server/config.ts';
import {
  CONTACT_PREFIX_SQL,
  NAME_PREFIX_SQL,
  PHONE_SUFFIX_SQL,
  PHONE_SUFFIX_WHERE,
} from '../src/server/db/find-keys.ts';
import { CREATOR_AS_API } from '../src/server/features/creators/creator-dto.ts';
import { createLocalFileStore } from '../src/server/lib/file-store.ts';
import { createMemoryRateLimiter } from '../src/server/lib/rate-limiter.ts';
import { openBenchDatabase, rawClientOf, type Step, sideBySide } from './admin-lists.ts';
import { seedNetwork } from './support.ts';

/**
 * The top bar's find box at scale (docs/decisions/036): `GET /api/admin/creators/search` through the app beside
 * the one index read that answers it, sent by the bare driver on the same data, on PGlite and (with
 * TEST_DATABASE_URL) PostgreSQL. `npm run bench -- find` seeds 100,000 creators; add `--million` for 1,000,000,
 * or `--creators=<n>` for any other number.
 */
const CREATORS_ARG = process.argv.find((arg) => arg.startsWith('--creators='));
const CREATORS = CREATORS_ARG
  ? Number(CREATORS_ARG.slice('--creators='.length))
  : process.argv.includes('--million')
    ? 1_000_000
    : 100_000;
const AFTER_ALL = '\u{10FFFF}';

const byPrefix = (expression: string, where = 'true'): ((prefix: string) => Step[]) => {
  return (prefix) => [
    {
      text: `select ${CREATOR_AS_API} from creators where ${where} and ${expression} ~>=~ $1
        and ${expression} ~<~ ($1 || $2) limit 10`,
      params: [prefix, AFTER_ALL],
    },
  ];
};

/** The baseline of each kind of lookup: its one index read, already normalised, as the service sends it. */
const raw = {
  creatorId: (creatorId: string): Step[] => [
    { text: `select ${CREATOR_AS_API} from creators where creator_id = $1`, params: [creatorId] },
  ],
  phoneEnding: byPrefix(PHONE_SUFFIX_SQL, PHONE_SUFFIX_WHERE),
  contactStart: byPrefix(CONTACT_PREFIX_SQL),
  nameStart: (name: string): Step[] => [
    {
      text: `select ${CREATOR_AS_API} from creators where ${NAME_PREFIX_SQL} ~>=~ search_fold($1)
        and ${NAME_PREFIX_SQL} ~<~ (search_fold($1) || $2) limit 10`,
      params: [name, AFTER_ALL],
    },
  ],
};

const reversed = (text: string) => [...text].reverse().join('');

async function measureOn(driver: 'pglite' | 'postgres') {
  const bench = await openBenchDatabase(driver);
  const { database } = bench;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-bench-find-'));
  const app = await buildApp({
    config: testConfig({ dataDir, clientDir: path.join(dataDir, 'none'), publicUrl: TEST_ORIGIN }),
    database,
    store: createLocalFileStore(path.join(dataDir, 'uploads')),
    limiter: createMemoryRateLimiter(),
  });
  const client = rawClientOf(database);
  try {
    const seedStarted = performance.now();
    await seedNetwork(database.db, CREATORS);
    await database.db.execute(sql`vacuum (analyze)`);
    const seedMs = Math.round(performance.now() - seedStarted);
    const one = async (query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: Record<string, string>[] }).rows[0] ?? {};
    // Creators deep in the table, of statuses other than the first page's.
    const deep = Math.floor(CREATORS / 100);
    const phone = await one(sql`select contact_info as c from creators where contact_method = 'WhatsApp'
      and status = 'matched' offset ${deep} limit 1`);
    const email = await one(sql`select contact_info as c from creators where contact_method = 'Email'
      and status = 'cancelled' offset ${deep} limit 1`);
    const handle = await one(sql`select contact_info as c from creators where contact_method = 'Telegram'
      and status = 'finalized' offset ${deep} limit 1`);
    const id = await one(sql`select creator_id as c from creators where status = 'listed' offset ${deep} limit 1`);
    const name = await one(sql`select name as c from creators where status = 'stage2_sent' offset ${deep} limit 1`);

    // '+47 123456789' as staff would paste it from a chat: spaces and a dash, without the country code.
    const national = (phone.c ?? '').split(' ')[1] ?? '';
    const typedPhone = `${national.slice(0, 3)} ${national.slice(3, 6)}-${national.slice(6)}`;
    const typedEmail = (email.c ?? '').slice(0, 10).toUpperCase();
    const typedHandle = (handle.c ?? '').slice(1);
    const typedName = (name.c ?? '').toLowerCase();

    await app.listen({ host: '127.0.0.1', port: 0 });
    const { cookie } = await signIn({ app, database } as unknown as TestApp);
    const find = (q: string) => `/api/admin/creators/search?q=${encodeURIComponent(q)}`;
    return {
      creators: CREATORS,
      seedMs,
      calls: {
        phoneTypedOtherwise: {
          q: typedPhone,
          ...(await sideBySide(
            app,
            cookie,
            find(typedPhone),
            client,
            raw.phoneEnding(reversed(national.replace(/^0+/, ''))),
          )),
        },
        emailStart: {
          q: typedEmail,
          ...(await sideBySide(app, cookie, find(typedEmail), client, raw.contactStart(typedEmail.toLowerCase()))),
        },
        handleWithoutAt: {
          q: typedHandle,
          ...(await sideBySide(app, cookie, find(typedHandle), client, raw.contactStart(typedHandle))),
        },
        wholeCreatorId: {
          q: id.c,
          ...(await sideBySide(app, cookie, find(id.c ?? ''), client, raw.creatorId(id.c ?? ''))),
        },
        fullName: {
          q: typedName,
          ...(await sideBySide(app, cookie, find(typedName), client, raw.nameStart(typedName))),
        },
        commonFirstName: { q: 'anna', ...(await sideBySide(app, cookie, find('anna'), client, raw.nameStart('anna'))) },
        // Nothing matches: every way is tried, the trigram read of each status included.
        noMatch: {
          q: 'qzxw vortigern',
          ...(await sideBySide(app, cookie, find('qzxw vortigern'), client, raw.nameStart('qzxw vortigern'))),
        },
      },
    };
  } finally {
    await app.close().catch(() => {});
    await bench.cleanup();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measureCreatorFind() {
  const results: Record<string, unknown> = {};
  if (process.env.TEST_DATABASE_URL) results.postgres = await measureOn('postgres');
  // `--postgres-only` skips the embedded run, whose seed of a million rows takes the longest.
  if (!process.argv.includes('--postgres-only')) results.pglite = await measureOn('pglite');
  return results;
}
