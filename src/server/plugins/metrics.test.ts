import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deliveries, outboxEvents } from '#server/db/schema.ts';
import { HONEYPOT_FIELD } from '#shared/schemas/application.ts';
import { insertRecruiter } from '#tests/factories.ts';
import { fillImageQueue } from '#tests/setup/busy-uploads.ts';
import { postLogin, setUpTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { ConfigError, loadConfig, testConfig } from '../config.ts';
import { RECRUITER_NAME, submit, validApplication } from '../features/submissions/submissions.test-support.ts';

const TOKEN = 'a-metrics-token-0123456789abcdef';
const backupDir = path.join(tmpdir(), `rollick-metrics-backups-${randomUUID()}`);

const t = setUpTestApp({
  config: {
    metricsToken: TOKEN,
    submissionsPerIpPerHour: 1,
    backup: { ...testConfig().backup, dir: backupDir },
  },
  shouldDeliverAlerts: false,
});
afterAll(() => rm(backupDir, { recursive: true, force: true }));

const scrape = (app: TestApp, authorization?: string) =>
  app.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

/** The scraped text, checked to be a successful scrape. */
async function scraped(app: TestApp = t): Promise<string> {
  const res = await scrape(app, `Bearer ${TOKEN}`);
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** One sample's value in the text format, by name and exact label set; undefined when the series is absent. */
function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = (match[2] ?? '')
      .split(/,(?=[a-zA-Z_]+=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    if (found === wanted) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  const off = setUpTestApp({ signedIn: false });

  it('answers 404: metrics are off', async () => {
    const res = await scrape(off, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('GET /metrics', () => {
  it('refuses a scrape without the token: 401 with the usual error body', async () => {
    const res = await scrape(t);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'A valid metrics token is required' });
    expect(res.json().requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a wrong token, a longer one, a shorter one and another scheme', async () => {
    for (const authorization of [
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}x`,
      'Bearer short',
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const res = await scrape(t, authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers the token with the Prometheus text format, never cached, process and event-loop series included', async () => {
    const res = await scrape(t, `bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'rollick_image_queue_waiting',
      'rollick_image_queue_in_flight',
    ]) {
      expect(sampleOf(res.body, name), name).toBeGreaterThanOrEqual(0);
    }
  });

  it('counts requests by route template, method and status class, never by the URL', async () => {
    const before = await scraped();
    const route = { route: '/api/admin/creators/:creatorId', method: 'GET', status_class: '4xx' };
    const health = { route: '/healthz', method: 'GET', status_class: '2xx' };
    const unmatched = { route: 'unmatched', method: 'GET', status_class: '4xx' };
    expect((await t.app.inject({ url: '/api/admin/creators/RC-NOTHERE2', headers: t.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/creators/RC-NOTHERE3', headers: t.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/no/such/path/7f3a' })).statusCode).toBe(404);

    const after = await scraped();
    const moved = (labels: Record<string, string>) =>
      (sampleOf(after, 'rollick_http_requests_total', labels) ?? 0) -
      (sampleOf(before, 'rollick_http_requests_total', labels) ?? 0);
    expect(moved(route)).toBe(2);
    expect(moved(health)).toBe(1);
    expect(moved(unmatched)).toBe(1);
    expect(sampleOf(after, 'rollick_http_request_duration_seconds_count', route)).toBe(
      sampleOf(after, 'rollick_http_requests_total', route),
    );
    expect(sampleOf(after, 'rollick_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBeGreaterThan(
      0,
    );
    expect(after).not.toContain('RC-NOTHERE');
    expect(after).not.toContain('7f3a');
  });

  it('counts applications accepted and refused (invalid, rate limit, busy, honeypot) and the 429s by limit', async () => {
    await insertRecruiter(t.database.db, { name: RECRUITER_NAME });
    const before = await scraped();
    const accepted = { outcome: 'accepted' };
    const refused = (reason: string) => ({ outcome: 'refused', reason });
    const applicationLimit = { scope: 'application' };

    expect((await submit(t, validApplication(), { ip: '198.51.100.7' })).statusCode).toBe(201);
    expect((await submit(t, validApplication({ age: '12' }), { ip: '198.51.100.8' })).statusCode).toBe(400);
    expect((await submit(t, validApplication(), { ip: '198.51.100.7' })).statusCode).toBe(429);
    const honeypot = validApplication({ [HONEYPOT_FIELD]: 'https://spam.example' });
    expect((await submit(t, honeypot, { ip: '198.51.100.9' })).statusCode).toBe(201);
    const release = fillImageQueue(t);
    let duringBurst: string;
    try {
      expect((await submit(t, validApplication(), { ip: '198.51.100.10' })).statusCode).toBe(503);
      duringBurst = await scraped();
    } finally {
      await release();
    }

    const after = await scraped();
    const moved = (name: string, labels: Record<string, string>) =>
      (sampleOf(after, name, labels) ?? Number.NaN) - (sampleOf(before, name, labels) ?? Number.NaN);
    expect(moved('rollick_applications_total', accepted)).toBe(1);
    expect(moved('rollick_applications_total', refused('invalid'))).toBe(1);
    expect(moved('rollick_applications_total', refused('rate_limit'))).toBe(1);
    expect(moved('rollick_applications_total', refused('honeypot'))).toBe(1);
    expect(moved('rollick_applications_total', refused('busy'))).toBe(1);
    expect(moved('rollick_rate_limit_refusals_total', applicationLimit)).toBe(1);
    expect(moved('rollick_rate_limit_refusals_total', { scope: 'sign_in' })).toBe(0);
    expect(sampleOf(duringBurst, 'rollick_image_queue_in_flight')).toBe(t.config.imageJobs);
    expect(sampleOf(duringBurst, 'rollick_image_queue_waiting')).toBe(t.config.imageQueueLength);
    expect(sampleOf(after, 'rollick_image_queue_in_flight')).toBe(0);
  });

  it('counts a sign-in refused by its throttle under its own limit', async () => {
    const before = await scraped();
    let last = 0;
    // The sixth wrong password from one address for one account is over that pair's limit.
    for (let attempt = 0; attempt < 6; attempt++) {
      last = (await postLogin(t, { username: 'alice', password: 'wrong password 42' }, '192.0.2.77')).statusCode;
    }
    expect(last).toBe(429);
    const after = await scraped();
    const moved = (scope: string) =>
      (sampleOf(after, 'rollick_rate_limit_refusals_total', { scope }) ?? Number.NaN) -
      (sampleOf(before, 'rollick_rate_limit_refusals_total', { scope }) ?? Number.NaN);
    expect(moved('sign_in')).toBe(1);
    expect(moved('application')).toBe(0);
  });

  it('reports deliveries pending and failed per channel, read from the database when scraped', async () => {
    const before = await scraped();
    for (const channel of ['email-staff', 'webhook', 'email-applicant']) {
      expect(sampleOf(before, 'rollick_deliveries_pending', { channel }), channel).toBeGreaterThanOrEqual(0);
      expect(sampleOf(before, 'rollick_deliveries_failed', { channel }), channel).toBeGreaterThanOrEqual(0);
    }
    const [event] = await t.database.db.select({ id: outboxEvents.id }).from(outboxEvents).limit(1);
    if (!event) throw new Error('the accepted application recorded no outbox event');
    const giveUpAt = new Date(Date.now() + 3_600_000);
    await t.database.db.insert(deliveries).values([
      { eventId: event.id, channel: 'webhook', status: 'failed', giveUpAt },
      { eventId: event.id, channel: 'email-staff', status: 'pending', giveUpAt },
    ]);

    const after = await scraped();
    const moved = (name: string, channel: string) =>
      (sampleOf(after, name, { channel }) ?? Number.NaN) - (sampleOf(before, name, { channel }) ?? Number.NaN);
    expect(moved('rollick_deliveries_failed', 'webhook')).toBe(1);
    expect(moved('rollick_deliveries_pending', 'email-staff')).toBe(1);
    expect(moved('rollick_deliveries_pending', 'webhook')).toBe(0);
  });

  it('shows the PostgreSQL pool by state on PostgreSQL, and no pool on the embedded database', async () => {
    const text = await scraped();
    if (t.database.driver === 'postgres') {
      const inUse = sampleOf(text, 'rollick_db_pool_connections', { state: 'in_use' });
      const idle = sampleOf(text, 'rollick_db_pool_connections', { state: 'idle' });
      expect(inUse).toBeGreaterThanOrEqual(0);
      // The deliveries count just before ran on a pooled connection, which went back idle.
      expect((inUse ?? 0) + (idle ?? 0)).toBeGreaterThan(0);
      expect(sampleOf(text, 'rollick_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(text).not.toContain('rollick_db_pool_connections');
    }
  });

  it('gives the time of the newest scheduled backup in BACKUP_DIR, and 0 before there is one', async () => {
    await rm(backupDir, { recursive: true, force: true });
    expect(sampleOf(await scraped(), 'rollick_backup_last_success_timestamp_seconds')).toBe(0);
    await mkdir(backupDir, { recursive: true });
    await writeFile(path.join(backupDir, 'backup-20261126T030000Z.tar'), '');
    await writeFile(path.join(backupDir, 'backup-20261127T030000Z.tar.enc'), '');
    // A backup still being written is no success yet.
    await writeFile(path.join(backupDir, 'backup-20261128T030000Z.tar.partial'), '');
    expect(sampleOf(await scraped(), 'rollick_backup_last_success_timestamp_seconds')).toBe(
      Date.UTC(2026, 10, 27, 3, 0, 0) / 1000,
    );
  });
});

describe('METRICS_TOKEN', () => {
  it('is refused at start when shorter than 16 characters, in one line that does not repeat it', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'too-short-token' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'METRICS_TOKEN: must be at least 16 characters (openssl rand -hex 32)',
    ]);
    expect(loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  });
});
