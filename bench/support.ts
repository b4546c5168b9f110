import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import serverRuntime from '../scripts/server-runtime.json' with { type: 'json' };
import type { Db } from '../src/server/db/client.ts';

/** Noise barely compresses, so a JPEG of noise weighs what a large phone photo does at the same size. */
export function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * A photo-weight JPEG: a colour gradient with grain. At 4000×3000 (12 MP) it weighs about 4.1 MB, as a
 * phone camera's photo does, and decodes and encodes like one.
 */
export function grainyPhoto(width = 4000, height = 3000): Promise<Buffer> {
  const grain = randomBytes(width * height * 3);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = Math.min(255, Math.floor((x * 255) / width) + ((grain[at] ?? 0) % 46));
      pixels[at + 1] = Math.min(255, Math.floor((y * 255) / height) + ((grain[at + 1] ?? 0) % 46));
      pixels[at + 2] = Math.min(255, 128 + ((grain[at + 2] ?? 0) % 46));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The p-th quantile (0…1) of some samples. */
export function quantile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export const round = (ms: number) => Math.round(ms * 10) / 10;

/** A process's peak resident memory (VmHWM), in MB; this process by default. */
export async function peakRssMb(pid: number | 'self' = 'self'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** A process and its children (the server and its image process, docs/decisions/052), from /proc. */
export async function processTree(pid: number): Promise<number[]> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return [pid, ...children.split(/\s+/).filter(Boolean).map(Number)];
}

/**
 * The peak resident memory of a process and its children, in MB: the sum of each one's own peak, so an upper
 * bound (the peaks need not coincide), with each part.
 */
export async function treePeakRssMb(pid: number): Promise<{ total: number; parts: number[] }> {
  const parts = await Promise.all((await processTree(pid)).map((one) => peakRssMb(one).catch(() => 0)));
  return { total: parts.reduce((sum, part) => sum + part, 0), parts };
}

/**
 * Samples the resident memory of a process and its children together every `everyMs` until stopped: the peak of
 * their sum, which the sum of each one's own peak only bounds from above.
 */
export function sampleTreeRss(pid: number, everyMs = 100): { stop(): Promise<number> } {
  let peak = 0;
  let isRunning = true;
  const loop = (async () => {
    while (isRunning) {
      const each = await Promise.all((await processTree(pid)).map((one) => rssMb(one).catch(() => 0)));
      peak = Math.max(
        peak,
        each.reduce((sum, mb) => sum + mb, 0),
      );
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      isRunning = false;
      await loop;
      return peak;
    },
  };
}

/** A process's resident memory now (VmRSS), in MB. */
export async function rssMb(pid: number | 'self' = 'self'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const FIRST_NAMES = [
  'Anna',
  'Maria',
  'Sofia',
  'Olga',
  'Lucía',
  'Zoë',
  'Camille',
  'Léa',
  'Ivana',
  'Jade',
  'Chloé',
  'Emma',
  'Mia',
  'Nina',
  'Sara',
  'Eva',
  'Alina',
  'Daria',
  'Yuki',
  'Mei',
  'Valentina',
  'Isabella',
  'Gabriela',
  'Fernanda',
  'Juliana',
  'Beatriz',
  'Larissa',
  'Mariana',
  'Ekaterina',
  'Anastasia',
  'Polina',
  'Ksenia',
  'Hannah',
  'Lena',
  'Marie',
  'Amélie',
  'Manon',
  'Inès',
  'Noémie',
  'Aurélie',
];
const LAST_NAMES = [
  'Smith',
  'García',
  'Müller',
  'Ivanova',
  'Silva',
  'Dubois',
  'Rossi',
  'Kowalski',
  'Novak',
  'Santos',
  'Petrova',
  'Schmidt',
  'Martin',
  'López',
  'Costa',
  'Weber',
  'Moreau',
  'Nowak',
  'Horvat',
  'Jensen',
  'Berg',
  'Fischer',
  'Romero',
  'Lima',
  'Bernard',
  'Oliveira',
  'Pereira',
  'Souza',
  'Fernández',
  'Sánchez',
  'Kuznetsova',
  'Popova',
  'Sokolova',
  'Lefèvre',
  'Girard',
  'Wagner',
  'Becker',
  'Hoffmann',
  'Schulz',
  'Koch',
];
const sqlArray = (values: string[]) => sql.raw(`(array[${values.map((value) => `'${value}'`).join(',')}])`);

/**
 * The applicants' languages as a network's form receives them (the form's list, product §3): English and
 * Spanish most, a long tail. One entry per hundredth, so `[1 + x % 100]` picks with that weight.
 */
const LANGUAGE_SHARES: [string, number][] = [
  ['English', 38],
  ['Spanish', 18],
  ['Portuguese', 12],
  ['Russian', 9],
  ['French', 6],
  ['German', 5],
  ['Other', 4],
  ['Mandarin', 3],
  ['Japanese', 3],
  ['Vietnamese', 2],
];
const LANGUAGE_HUNDREDTHS = LANGUAGE_SHARES.flatMap(([language, share]) => Array<string>(share).fill(language));

/**
 * The recruiters' shares, per thousand creators: a network has a few big recruiters and a long tail of small
 * ones. Recruiter 1 brings a quarter, 2 and 3 a quarter between them, 4–10 5 % each, 11–40 0.5 % each, and
 * 41–50 nobody yet.
 */
const RECRUITER_THOUSANDTHS = [
  ...Array<number>(250).fill(1),
  ...Array<number>(150).fill(2),
  ...Array<number>(100).fill(3),
  ...[4, 5, 6, 7, 8, 9, 10].flatMap((n) => Array<number>(50).fill(n)),
  ...Array.from({ length: 30 }, (_, k) => Array<number>(5).fill(11 + k)).flat(),
];

/** Tags as a team uses them (decision 063): a couple on many creators, most on few. Shares per 1,024 creators. */
const TAG_SHARES: [name: string, color: string, per1024: number][] = [
  ['Follow up', 'amber', 82],
  ['VIP', 'violet', 41],
  ['Needs photo', 'sky', 20],
  ['Top earner', 'green', 10],
  ['Spanish team', 'teal', 5],
  ['Flagged', 'red', 3],
];

/**
 * How the list filters' fields are spread (decision 063), for the benches that time them: the form's
 * languages with their skew, recruiters from big to small, about 7 % possible duplicates, applications over
 * `days` days, 40 % of creators assigned to one of `assignees`, and tags on about 16 % of creators.
 */
export interface FilterShape {
  /** Seconds between two applications, so the network spans its days whatever its size. */
  spacingSecs: number;
  /** Admin ids a creator may be assigned to. */
  assignees: string[];
}

export interface NetworkSample {
  /** A first name about one creator in forty has. */
  commonTerm: string;
  /** The local part of one creator's e-mail address. */
  rareTerm: string;
  /** Six characters from the middle of one Creator ID. */
  idPart: string;
  recruiterId: string;
  /** Where a page deep in the pending list starts (`created_at` with microseconds, id). */
  deepKey: { at: string; id: string };
  /** With a filter shape: what the list filters' bench filters by. */
  filters?: FilterSample;
}

export interface FilterSample {
  /** The biggest recruiter (a quarter of creators) and a small one (0.5 %). */
  bigRecruiterId: string;
  smallRecruiterId: string;
  assigneeIds: string[];
  /** The most used tag (8 %) and the least (0.3 %). */
  commonTagId: string;
  rareTagId: string;
  /** The days the network's applications span, as YYYY-MM-DD. */
  firstDay: string;
  lastDay: string;
}

/** One statement that inserts creators number `first` to `last` of the bench's network (recruiters first). */
function creatorsInsert(first: number, last: number, shape?: FilterShape) {
  // Three further hashes of the row number pick the filters' fields, apart from the fields `h` picks.
  const language = shape ? sql`${sqlArray(LANGUAGE_HUNDREDTHS)}[1 + g1 % 100]` : sql`'English'`;
  const recruiter = shape
    ? sql`'Recruiter ' || ${sql.raw(`(array[${RECRUITER_THOUSANDTHS.join(',')}])`)}[1 + g2 % 1000]`
    : sql`'Recruiter ' || (1 + h % 50)`;
  const hasDuplicates = shape ? sql`(g3 % 1000) < 70` : sql`false`;
  const assignees = shape?.assignees ?? [];
  const assignee =
    assignees.length > 0
      ? sql`case when (g1 / 100) % 100 < 40 then ${sql.raw(
          `(array[${assignees.map((id) => `'${id}'`).join(',')}]::uuid[])`,
        )}[1 + (g3 / 1000) % ${sql.raw(String(assignees.length))}] end`
      : sql`null::uuid`;
  const ago = shape ? sql`i * ${sql.raw(String(shape.spacingSecs))}::float8` : sql`i / 3.0`;
  return sql`
      insert into creators (creator_id, status, name, language, gender, contact_method, contact_info,
                            agency_goals, recruiter_id, recruiter_name, created_at, contact_key,
                            has_duplicates, assignee_id)
      select 'RC-' || (select string_agg(substr('23456789ABCDEFGHJKMNPQRSTVWXYZ',
                         1 + ((x / (30::bigint ^ d)::bigint) % 30)::int, 1), '' order by d desc)
                       from generate_series(0, 7) as d),
             (array['pending', 'pending', 'pending', 'stage2_sent', 'stage2_submitted', 'listed', 'listed',
                    'matched', 'finalized', 'cancelled'])[1 + (h / 1600) % 10],
             first_name || ' ' || last_name, ${language}, 'Female',
             (array['Email', 'Telegram', 'WhatsApp', 'SMS/Phone'])[1 + (h / 7) % 4],
             case (h / 7) % 4
               when 0 then lower(first_name) || '.' || lower(last_name) || (h % 1000)
                 || (array['@gmail.com', '@outlook.com', '@yahoo.com', '@proton.me', '@icloud.com'])[1 + (h / 11) % 5]
               when 1 then '@' || lower(first_name) || '_' || to_hex(i)
               else '+' || (10 + h % 89) || ' ' || lpad((h % 1000000000)::text, 9, '0') end,
             'Grow', recruiters.id, recruiters.name,
             timestamptz '2026-01-01' - make_interval(secs => ${ago}),
             -- The contact as the app keys it (contact-key.ts): the duplicate checks and the find box read it.
             case (h / 7) % 4
               when 0 then 'email:' || lower(first_name) || '.' || lower(last_name) || (h % 1000)
                 || (array['@gmail.com', '@outlook.com', '@yahoo.com', '@proton.me', '@icloud.com'])[1 + (h / 11) % 5]
               when 1 then 'telegram:' || lower(first_name) || '_' || to_hex(i)
               else 'phone:' || (10 + h % 89) || lpad((h % 1000000000)::text, 9, '0') end,
             ${hasDuplicates}, ${assignee}
      from (select i, (i::bigint * 1000003) % 656100000000 as x, (i::bigint * 2654435761) % 4294967296 as h,
                   (i::bigint * 2246822519) % 4294967291 as g1, (i::bigint * 3266489917) % 4294967279 as g2,
                   (i::bigint * 668265263) % 4294967231 as g3
            from generate_series(${first}::int, ${last}::int) as i) as numbers
      cross join lateral (select ${sqlArray(FIRST_NAMES)}[1 + h % 40] as first_name,
                                 ${sqlArray(LAST_NAMES)}[1 + (h / 40) % 40] as last_name) as names
      join recruiters on recruiters.name = ${recruiter}`;
}

/**
 * Decision 014: a single-statement insert of 100,000 creators with the counting triggers
 * (dashboard counts, recruiter counts, insights) against the same insert with them switched off, each in a
 * transaction that is rolled back, so the data stays as it was. Twice each, alternating; the faster of each.
 */
export async function timeBulkInsert(db: Db, after: number, rows = 100_000, shape?: FilterShape) {
  const once = async (counting: boolean) => {
    let ms = 0;
    await db
      .transaction(async (tx) => {
        if (!counting) await tx.execute(sql`alter table creators disable trigger user`);
        const started = performance.now();
        await tx.execute(creatorsInsert(after + 1, after + rows, shape));
        ms = performance.now() - started;
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    return ms;
  };
  const without = [await once(false)];
  const counted = [await once(true)];
  without.push(await once(false));
  counted.push(await once(true));
  const withCountsMs = Math.round(Math.min(...counted));
  const withoutCountsMs = Math.round(Math.min(...without));
  return { rows, withCountsMs, withoutCountsMs, ratio: round(withCountsMs / withoutCountsMs) };
}

/**
 * The shape `seedNetwork` gives the list filters' fields: applications over two years, and the admins (three
 * reviewers it adds, beside any already there, such as the bench's own signed-in admin) to assign them to.
 */
export async function filterShapeFor(db: Db, count: number, days = 730): Promise<FilterShape> {
  await db.execute(sql`insert into admins (username, password_hash)
    select 'bench-reviewer-' || i, 'unusable' from generate_series(1, 3) as i on conflict do nothing`);
  const { rows } = (await db.execute(sql`select id from admins order by created_at, id`)) as unknown as {
    rows: { id: string }[];
  };
  return { spacingSecs: (days * 86_400) / count, assignees: rows.map((row) => row.id) };
}

/** Tags on about 16 % of creators, each tag with its own share (TAG_SHARES), in one statement. */
async function seedTags(db: Db): Promise<void> {
  const values = sql.raw(
    TAG_SHARES.map(([name, color, share], n) => `('${name}', '${color}', ${share}, ${n})`).join(','),
  );
  await db.execute(sql`insert into tags (name, color)
    select name, color from (values ${values}) as shares(name, color, per1024, n) on conflict do nothing`);
  await db.execute(sql`insert into creator_tags (creator_id, tag_id)
    select c.id, tags.id from creators c
    cross join (values ${values}) as shares(name, color, per1024, n)
    join tags on tags.name = shares.name
    where (hashtext(c.id::text || shares.n) & 1023) < shares.per1024`);
}

/**
 * `count` creators as a real network holds them, 100,000 per statement: forty first and forty last names
 * with accents, e-mail, Telegram and phone contacts, Creator IDs from the real alphabet, 30 % pending and
 * the rest over the other statuses, fifty recruiters, three sign-ups a second. A hash of the row number
 * picks each field, so the fields do not move in step. With a `shape` (filterShapeFor), the list filters'
 * fields are spread as a real network's are, and some creators carry tags. Answers the terms and keys the
 * bench looks up.
 */
export async function seedNetwork(db: Db, count: number, shape?: FilterShape): Promise<NetworkSample> {
  await db.execute(sql`insert into recruiters (name)
    select 'Recruiter ' || i from generate_series(1, 50) as i on conflict do nothing`);
  const batch = 100_000;
  for (let start = 0; start < count; start += batch) {
    await db.execute(creatorsInsert(start + 1, Math.min(count, start + batch), shape));
  }
  if (shape) await seedTags(db);
  await db.execute(sql`analyze`);
  const one = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows[0] as T;
  const email = await one<{ contact: string }>(sql`select contact_info as contact from creators
    where status = 'pending' and contact_method = 'Email' order by created_at desc, id desc offset 777 limit 1`);
  const id = await one<{ creatorId: string }>(sql`select creator_id as "creatorId" from creators
    where status = 'pending' order by created_at desc, id desc offset 4242 limit 1`);
  const recruiter = await one<{ id: string }>(sql`select id from recruiters where name = 'Recruiter 7'`);
  const deep = await one<{ at: string; id: string }>(sql`select id,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
    from creators where status = 'pending' order by created_at desc, id desc offset ${Math.floor(count * 0.2)} limit 1`);
  return {
    commonTerm: 'anna',
    rareTerm: email.contact.split('@')[0] ?? '',
    idPart: id.creatorId.slice(4, 10),
    recruiterId: recruiter.id,
    deepKey: { at: deep.at, id: deep.id },
    ...(shape ? { filters: await filterSample(db, shape) } : {}),
  };
}

async function filterSample(db: Db, shape: FilterShape): Promise<FilterSample> {
  const { rows } = (await db.execute(sql`select
      (select id from recruiters where name = 'Recruiter 1') as "bigRecruiterId",
      (select id from recruiters where name = 'Recruiter 40') as "smallRecruiterId",
      (select id from tags where name = ${TAG_SHARES[0]?.[0]}) as "commonTagId",
      (select id from tags where name = ${TAG_SHARES.at(-1)?.[0]}) as "rareTagId",
      (select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD') from creators) as "firstDay",
      (select to_char(max(created_at) at time zone 'UTC', 'YYYY-MM-DD') from creators) as "lastDay"`)) as unknown as {
    rows: Omit<FilterSample, 'assigneeIds'>[];
  };
  const [row] = rows;
  if (!row) throw new Error('no filter sample');
  return { ...row, assigneeIds: shape.assignees };
}

/** CPU time used so far, in milliseconds: by one process (from /proc), or by the whole machine, idle excluded. */
export async function cpuMs(pid: number | 'self' | 'machine'): Promise<number> {
  if (pid === 'machine') {
    const [, ...fields] = (await readFile('/proc/stat', 'utf8')).split('\n')[0]?.trim().split(/\s+/) ?? [];
    const jiffies = fields.map(Number);
    // user nice system idle iowait irq softirq steal: all but idle and iowait are busy.
    const busy = jiffies.reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0);
    return busy * 10;
  }
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A new empty database next to `baseUrl`'s, for one bench run, and how to drop it afterwards. */
export async function freshPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rollick_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/** Signs in through POST /api/admin/login as a real browser would; answers the session cookie. */
export async function signInOverHttp(
  baseUrl: string,
  credentials: { username: string; password: string },
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(credentials),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/**
 * A bare Fastify hello (bench/bare-fastify.mjs) in its own process with the server's runtime flags: the baseline
 * requests and starts are compared with. Resolves once it listens, with its port.
 */
export async function startBareFastify(): Promise<{ port: number; stop(): void }> {
  const child = spawn(process.execPath, [...serverRuntime.nodeFlags, 'bench/bare-fastify.mjs'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => child.kill('SIGTERM');
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      child.once('exit', () => reject(new Error('bare Fastify exited')));
    });
    return { port, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
