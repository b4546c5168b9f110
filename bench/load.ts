import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { E2E_ADMIN, type RunningServer, startServer } from '#tests/e2e/support/server.ts';
import { filePart, type MultipartRequest, multipartBody } from '#tests/setup/multipart.ts';
import { rawUpload } from '#tests/setup/raw-upload.ts';
import serverRuntime from '../scripts/server-runtime.json' with { type: 'json' };
import { openDatabase } from '../src/server/db/client.ts';
import {
  cpuMs,
  freshPostgres,
  grainyPhoto,
  median,
  processTree,
  quantile,
  round,
  sampleTreeRss,
  seedNetwork,
  signInOverHttp,
  treePeakRssMb,
} from './support.ts';

/**
 * `npm run bench -- load` (decision 012). For each database: 20 applicants, each from its own
 * loopback address, submit a 4 MB 12-megapixel photo in a loop for LOAD_SECONDS (default 60), while an
 * admin reads a status page 50 times a second and a monitor probes /healthz 10 times a second; then five
 * slow clients from one address trickle a byte a second while a normal applicant submits. The baseline
 * runs in the same run on the same cores: the same re-encoding in raw sharp, two jobs at a time, while a
 * bare Fastify server takes the same probes; then the floor of the upload path's design, a bare server that
 * spools, re-encodes in a niced process and stores each upload (baseline/bare-upload-server.ts), under the same
 * storm. The goal is against raw sharp; the floor says how much of the gap any server of this design pays.
 */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const APPLICANTS = 20;
/** `LOAD_ADMIN_READS=0` runs the storm without the admin's reads, to see what they cost the uploads. */
const ADMIN_READS_PER_SECOND = Number(process.env.LOAD_ADMIN_READS ?? 50);
const PROBES_PER_SECOND = 10;
const CREATORS = 100_000;
const IMAGE_JOBS = 2;
const RECRUITER = 'Load Recruiter';
const STATUS_PAGE = '/api/admin/creators/status/pending?page=1';
/** The raw sharp baseline gets the allocator setting `npm start` gives the server (scripts/server-runtime.json). */
const SERVER_ENV = serverRuntime.env;

/** What the storm must leave intact (docs/performance.md): staff and probes first, the intake near raw sharp. */
const GOALS = { adminP95Ms: 150, healthzP95Ms: 50, toRawSharp: 0.85, peakRssMb: 500 };

/** A figure against its goal, with the word the report prints. */
function goal(value: number, sense: '≤' | '≥', target: number) {
  const isMet = sense === '≤' ? value <= target : value >= target;
  return `${value} (goal ${sense} ${target}): ${isMet ? 'met' : 'missed'}`;
}

interface Reply {
  status: number;
  ms: number;
  /** When the reply ended (performance.now()). */
  at: number;
  retryAfter?: number;
}

function request(
  url: URL,
  options: { method?: string; headers?: Record<string, string | number>; body?: Buffer; agent?: http.Agent },
): Promise<Reply> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: options.agent },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            at: performance.now(),
            retryAfter: Number(res.headers['retry-after'] ?? 0) || undefined,
          }),
        );
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, at: performance.now() }));
    req.end(options.body);
  });
}

/** Requests fired on a fixed schedule whatever the replies take (an open loop), until `until`. */
async function openLoop(perSecond: number, until: number, send: () => Promise<Reply>): Promise<Reply[]> {
  // No rate, no requests (an interval of Infinity would be taken as 1 ms).
  if (!(perSecond > 0)) return [];
  const pending: Array<Promise<Reply>> = [];
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (performance.now() >= until) {
        clearInterval(timer);
        resolve();
        return;
      }
      pending.push(send());
    }, 1000 / perSecond);
  });
  return Promise.all(pending);
}

function latencies(replies: Reply[]) {
  const ms = replies.map((reply) => reply.ms);
  const statuses: Record<string, number> = {};
  for (const reply of replies) statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
  return {
    count: replies.length,
    p50Ms: round(quantile(ms, 0.5)),
    p95Ms: round(quantile(ms, 0.95)),
    maxMs: round(Math.max(0, ...ms)),
    statuses,
  };
}

/** One applicant's loop: submit, and on a deliberate 503 wait as told, as the form's user would. */
async function applicant(baseUrl: string, address: string, body: MultipartRequest, until: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: address });
  const replies: Reply[] = [];
  const headers = { ...body.headers, 'content-length': body.payload.length, origin: baseUrl };
  while (performance.now() < until) {
    const reply = await request(new URL('/api/submissions', baseUrl), {
      method: 'POST',
      headers,
      body: body.payload,
      agent,
    });
    replies.push(reply);
    if (reply.status === 503) await new Promise((resolve) => setTimeout(resolve, (reply.retryAfter ?? 1) * 1000));
  }
  agent.destroy();
  return replies;
}

/**
 * The storm itself, until `until`: the applicants' loops, the admin's reads of a status page and the probes.
 * Throughput counts what was answered within the window; replies still in flight at its end are not.
 */
async function storm(baseUrl: string, body: MultipartRequest, until: number, adminHeaders: Record<string, string>) {
  const [submissions, adminReads, probes] = await Promise.all([
    Promise.all(
      Array.from({ length: APPLICANTS }, (_, index) => applicant(baseUrl, `127.0.1.${index + 1}`, body, until)),
    ).then((all) => all.flat()),
    openLoop(ADMIN_READS_PER_SECOND, until, () => request(new URL(STATUS_PAGE, baseUrl), { headers: adminHeaders })),
    openLoop(PROBES_PER_SECOND, until, () => request(new URL('/healthz', baseUrl), {})),
  ]);
  const accepted = submissions.filter((reply) => reply.status === 201 && reply.at <= until).length;
  return { submissions, adminReads, probes, accepted };
}

/** Creators to page through and the recruiter the applications name, written before the server starts. */
async function seed(options: { driver: 'pglite'; dataDir: string } | { driver: 'postgres'; url: string }) {
  const database = await openDatabase(options);
  try {
    await seedNetwork(database.db, CREATORS);
    await database.db.execute(sql`insert into recruiters (name) values (${RECRUITER})`);
  } finally {
    await database.close();
  }
}

async function timeSubmission(server: RunningServer, body: MultipartRequest, address: string): Promise<Reply> {
  const agent = new http.Agent({ localAddress: address });
  const headers = { ...body.headers, 'content-length': body.payload.length, origin: server.baseUrl };
  const reply = await request(new URL('/api/submissions', server.baseUrl), {
    method: 'POST',
    headers,
    body: body.payload,
    agent,
  });
  agent.destroy();
  return reply;
}

/** Five connections from one address at a byte a second, and a normal applicant from another meanwhile. */
async function slowClients(server: RunningServer, body: MultipartRequest, idleMs: number) {
  const port = Number(new URL(server.baseUrl).port);
  const slow = Array.from({ length: 5 }, () =>
    rawUpload({ port, localAddress: '127.0.3.1', path: '/api/submissions', body, sendFirst: 2_000 }),
  );
  for (const client of slow) client.trickle(1, 1000);
  // Three are over the address's share and are refused at once; two stay, trickling.
  const refused = await Promise.all(slow.map((client) => Promise.race([client.response, wait(3000)])));
  const normal = await timeSubmission(server, body, '127.0.3.2');
  const stillOpen = slow.filter((client) => !client.isClosed).length;
  for (const client of slow) client.close();
  return {
    refusedAtOnce: refused.filter((reply) => reply && reply.status === 429).length,
    slowStillConnected: stillOpen,
    normalStatus: normal.status,
    normalMs: round(normal.ms),
    idleMs: round(idleMs),
    ratioToIdle: Math.round((normal.ms / idleMs) * 100) / 100,
  };
}

interface CpuSnapshot {
  at: number;
  machine: number;
  /** The server with its image process (docs/decisions/052). */
  server: number;
  /** The image process alone. */
  imageWork: number;
  loadGenerator: number;
}

async function cpuSnapshot(pid: number): Promise<CpuSnapshot> {
  // The server first, then its children: the image process (docs/decisions/052).
  const [server = 0, ...children] = await Promise.all((await processTree(pid)).map((one) => cpuMs(one).catch(() => 0)));
  const imageWork = children.reduce((sum, ms) => sum + ms, 0);
  return {
    at: performance.now(),
    machine: await cpuMs('machine'),
    server: server + imageWork,
    imageWork,
    loadGenerator: await cpuMs('self'),
  };
}

/**
 * Processor time per accepted upload, split where it went: the image process against raw sharp's per image
 * alone (the same re-encoding, sharing the cores with nothing), and the server process's own share (parsing,
 * spooling, the database's client, the admin's reads and the probes). What the storm costs beyond raw sharp is
 * in these two figures and, on PostgreSQL, in `otherCores`.
 */
function cpuPerUpload(before: CpuSnapshot, after: CpuSnapshot, accepted: number, rawSharp: RawSharp) {
  const per = (ms: number) => Math.round(ms / Math.max(1, accepted));
  const imageWork = after.imageWork - before.imageWork;
  return {
    ...coresSince(before, after),
    serverCpuMsPerSubmission: per(after.server - before.server),
    serverProcessCpuMsPerSubmission: per(after.server - before.server - imageWork),
    imageWorkCpuMsPerImage: per(imageWork),
    rawSharpCpuMsPerImage: rawSharp.cpuMsPerImage,
  };
}

/**
 * Where the machine's cores went since `before`, in cores: the server process, this load generator, and
 * everything else (PostgreSQL, when it is the database).
 */
function coresSince(before: CpuSnapshot, after: CpuSnapshot) {
  const cores = (key: Exclude<keyof CpuSnapshot, 'at'>) => (after[key] - before[key]) / (after.at - before.at);
  const [machine, server, loadGenerator] = [cores('machine'), cores('server'), cores('loadGenerator')];
  const hundredths = (value: number) => Math.round(value * 100) / 100;
  return {
    machineCores: hundredths(machine),
    serverCores: hundredths(server),
    loadGeneratorCores: hundredths(loadGenerator),
    otherCores: hundredths(machine - server - loadGenerator),
  };
}

const wait = (ms: number) => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms));

interface RawSharp {
  encoded: number;
  perSecond: number;
  cpuMsPerImage: number;
  peakRssMb: number;
}

interface UploadFloor {
  perSecond: number;
  toRawSharp: number;
}

async function underLoad(driver: 'pglite' | 'postgres', photo: Buffer, rawSharp: RawSharp, floor: UploadFloor) {
  const rawSharpPerSecond = rawSharp.perSecond;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rollick-load-'));
  const postgres = driver === 'postgres' ? await freshPostgres(process.env.TEST_DATABASE_URL ?? '') : undefined;
  let server: RunningServer | undefined;
  try {
    await seed(postgres ? { driver: 'postgres', url: postgres.url } : { driver: 'pglite', dataDir });
    server = await startServer({
      dataDir,
      env: {
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        SUBMISSIONS_PER_IP_PER_HOUR: '1000000',
        // The intake's throughput is measured here; the proof of work is the client's cost, not the server's.
        CAPTCHA: 'off',
        IMAGE_JOBS: String(IMAGE_JOBS),
      },
    });
    const { baseUrl } = server;
    const cookie = await signInOverHttp(baseUrl, E2E_ADMIN);
    const body = await multipartBody({
      name: 'Load Applicant',
      language: 'English',
      gender: 'Female',
      contactMethod: 'Email',
      contactInfo: 'load@example.com',
      agencyGoals: 'Measure the front door',
      recruiter: RECRUITER,
      consent: 'yes',
      confirmationPhoto: filePart(photo),
    });

    const idle: number[] = [];
    for (let run = 0; run < 3; run++) idle.push((await timeSubmission(server, body, '127.0.2.1')).ms);

    const until = performance.now() + SECONDS * 1000;
    const started = performance.now();
    const cpuBefore = await cpuSnapshot(server.pid);
    const memory = sampleTreeRss(server.pid);
    const { submissions, adminReads, probes, accepted } = await storm(baseUrl, body, until, { cookie });
    const window = (until - started) / 1000;
    const cpuAfter = await cpuSnapshot(server.pid);
    const peakRss = await treePeakRssMb(server.pid);
    const peakTogether = await memory.stop();
    const all = [...submissions, ...adminReads, ...probes];
    const perSecond = accepted / window;
    const admin = latencies(adminReads);
    const healthz = latencies(probes);
    const resets = all.filter((reply) => reply.status === 0).length;
    const toRawSharp = Math.round((perSecond / rawSharpPerSecond) * 100) / 100;

    return {
      creators: CREATORS,
      seconds: round(window),
      submissions: { accepted, perSecond: round(perSecond), ...latencies(submissions) },
      rawSharpPerSecond,
      submissionsToRawSharp: toRawSharp,
      submissionsToBareUploadPath: Math.round((perSecond / floor.perSecond) * 100) / 100,
      adminReads: admin,
      healthz,
      unexpected5xx: all.filter((reply) => reply.status >= 500 && reply.status !== 503).length,
      deliberate503: all.filter((reply) => reply.status === 503).length,
      connectionResets: resets,
      // The server and its image process together, sampled every 100 ms; each one's own peak beside it.
      peakRssMb: peakTogether,
      peakRssMbByProcess: { server: peakRss.parts[0], imageWork: peakRss.parts.slice(1) },
      goals: {
        adminReadsP95: goal(admin.p95Ms, '≤', GOALS.adminP95Ms),
        healthzP95: goal(healthz.p95Ms, '≤', GOALS.healthzP95Ms),
        applicationsToRawSharp: goal(toRawSharp, '≥', GOALS.toRawSharp),
        peakRss: goal(peakTogether, '≤', GOALS.peakRssMb),
        everyUploadAnswered: goal(resets, '≤', 0),
      },
      cpu: cpuPerUpload(cpuBefore, cpuAfter, accepted, rawSharp),
      slowClients: await slowClients(server, body, median(idle)),
    };
  } finally {
    await server?.stop();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function spawnChild(script: string, args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join('bench', 'baseline', script), ...args], {
    env: { ...process.env, ...SERVER_ENV },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.split('\n')[0] ?? '');
    });
    child.once('exit', (code) => reject(new Error(`${child.spawnargs.join(' ')} exited with ${code}`)));
  });
}

/** Raw sharp, two jobs at a time, while a bare Fastify server takes the same probes as the app. */
async function baseline(photoFile: string) {
  const hello = spawnChild('hello-server.ts', []);
  try {
    const baseUrl = `http://127.0.0.1:${await firstLine(hello)}`;
    const machineBefore = { at: performance.now(), busy: await cpuMs('machine') };
    const sharpRun = spawnChild('raw-sharp.ts', [photoFile, String(IMAGE_JOBS), String(SECONDS)]);
    const until = performance.now() + SECONDS * 1000;
    const [sharpLine, reads, probes] = await Promise.all([
      firstLine(sharpRun),
      openLoop(ADMIN_READS_PER_SECOND, until, () => request(new URL('/healthz', baseUrl), {})),
      openLoop(PROBES_PER_SECOND, until, () => request(new URL('/healthz', baseUrl), {})),
    ]);
    const rawSharp = JSON.parse(sharpLine) as RawSharp;
    const machineCores = ((await cpuMs('machine')) - machineBefore.busy) / (performance.now() - machineBefore.at);
    return {
      rawSharp,
      machineCores: Math.round(machineCores * 100) / 100,
      helloReads: latencies(reads),
      helloProbes: latencies(probes),
    };
  } finally {
    hello.kill('SIGTERM');
  }
}

/**
 * The same storm against the bare upload path (baseline/bare-upload-server.ts): applicants, admin reads and
 * probes as for the app, with the photo re-encoded and stored but nothing else done.
 */
async function bareUploadPath(photo: Buffer, rawSharp: RawSharp): Promise<UploadFloor & Record<string, unknown>> {
  const server = spawnChild('bare-upload-server.ts', []);
  try {
    const baseUrl = `http://127.0.0.1:${await firstLine(server)}`;
    const body = await multipartBody({ name: 'Load Applicant', confirmationPhoto: filePart(photo) });
    const until = performance.now() + SECONDS * 1000;
    const started = performance.now();
    const cpuBefore = await cpuSnapshot(server.pid ?? 0);
    const { submissions, adminReads, probes, accepted } = await storm(baseUrl, body, until, {});
    const cpuAfter = await cpuSnapshot(server.pid ?? 0);
    const perSecond = accepted / ((until - started) / 1000);
    return {
      perSecond: round(perSecond),
      toRawSharp: Math.round((perSecond / rawSharp.perSecond) * 100) / 100,
      submissions: latencies(submissions),
      reads: latencies(adminReads),
      probes: latencies(probes),
      cpu: cpuPerUpload(cpuBefore, cpuAfter, accepted, rawSharp),
    };
  } finally {
    server.kill('SIGTERM');
  }
}

export async function measureLoad() {
  const photo = await grainyPhoto();
  const work = await mkdtemp(path.join(tmpdir(), 'rollick-load-photo-'));
  const photoFile = path.join(work, 'photo.jpg');
  await writeFile(photoFile, photo);
  try {
    const base = await baseline(photoFile);
    const floor = await bareUploadPath(photo, base.rawSharp);
    const engines: Record<string, unknown> = {
      pglite: await underLoad('pglite', photo, base.rawSharp, floor),
    };
    if (process.env.TEST_DATABASE_URL) {
      engines.postgres = await underLoad('postgres', photo, base.rawSharp, floor);
    }
    return {
      conditions: {
        seconds: SECONDS,
        applicants: APPLICANTS,
        photo: { bytes: photo.length, pixels: '4000x3000' },
        adminReadsPerSecond: ADMIN_READS_PER_SECOND,
        healthzProbesPerSecond: PROBES_PER_SECOND,
        imageJobs: IMAGE_JOBS,
        serverRuntime,
      },
      baseline: { ...base, bareUploadPath: floor },
      ...engines,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
