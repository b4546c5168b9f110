import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openDeliveriesByChannel } from '../features/alerts/deliveries.service.ts';
import { newestScheduled } from '../features/backup/backup-file.ts';
import { RATE_LIMIT_SCOPES, type RateLimitScope } from '../lib/app-error.ts';
import { errorReplies, fileReply } from '../lib/route-schemas.ts';
import { asIs, errorBody } from './errors.ts';

/** Why an application was not stored; a fixed set, as every label value is (docs/decisions/043). */
export const APPLICATION_REFUSALS = ['rate_limit', 'busy', 'invalid', 'honeypot'] as const;
export type ApplicationRefusal = (typeof APPLICATION_REFUSALS)[number];

/** What the metrics read: the token and backup folder, and the database for deliveries and its pool. */
interface MetricsDeps {
  config: Pick<Config, 'metricsToken' | 'backup'>;
  database: Pick<Database, 'db' | 'poolConnections'>;
}

/** What features count, through the app rather than a global registry: each app in a process has its own. */
export interface AppMetrics {
  applicationAccepted(): void;
  applicationRefused(reason: ApplicationRefusal): void;
  rateLimitRefused(scope: RateLimitScope): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export const METRICS_PATH = '/metrics';

const UNMATCHED_ROUTE = 'unmatched';

/** From a quick JSON reply to a slow upload (uploads may take minutes on a phone). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

const NO_METRICS: AppMetrics = {
  applicationAccepted: () => {},
  applicationRefused: () => {},
  rateLimitRefused: () => {},
};

/** prom-client, loaded only when metrics are on: with the OpenTelemetry API it brings, it cost every start some 0.1 s. */
type PromClient = typeof import('prom-client');

/**
 * The process's own figures (CPU, memory, event-loop lag, GC), made once per process and shown by every app
 * in it. prom-client's default metrics start an event-loop delay monitor and a GC observer that nothing can
 * stop, so a set per app would leave one running for each app a test process ever built.
 */
let processRegistry: Registry | undefined;
function processMetrics(prom: PromClient): Registry {
  if (!processRegistry) {
    processRegistry = new prom.Registry();
    prom.collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The route's template (`/api/admin/creators/:creatorId`), never the URL a client wrote. */
function routeOf(request: FastifyRequest): string {
  const url = request.routeOptions.url;
  if (request.is404 || !url) return UNMATCHED_ROUTE;
  // A plugin's '/' route answers with and without the slash: one route.
  return url.length > 1 ? url.replace(/\/$/, '') : url;
}

/**
 * Prometheus text at GET /metrics for a scraper that sends METRICS_TOKEN as a bearer token; without the
 * token configured, metrics are off and the path is a 404 (docs/decisions/043). Counters live in a registry
 * of this app; gauges of state kept elsewhere (queue, deliveries, pool, backups) are read when scraped.
 */
export async function registerMetrics(app: FastifyInstance, deps: MetricsDeps): Promise<void> {
  const token = deps.config.metricsToken;
  app.get(
    METRICS_PATH,
    {
      schema: {
        summary: 'Prometheus metrics, for a scraper holding METRICS_TOKEN',
        response: { 200: fileReply('text/plain', 'The Prometheus text format'), ...errorReplies(401, 404) },
      },
    },
    token ? await scrapeHandler(app, deps, token) : async (request, reply) => notFound(request, reply),
  );
  if (!token) app.decorate('metrics', NO_METRICS);
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(errorBody(request, 'NOT_FOUND', 'request.notFound'));
}

async function scrapeHandler(app: FastifyInstance, deps: MetricsDeps, token: string) {
  const prom = await import('prom-client');
  const { Counter, Histogram } = prom;
  const registry = new prom.Registry();
  const httpLabels = ['route', 'method', 'status_class'] as const;
  const requests = new Counter({
    name: 'rollick_http_requests_total',
    help: 'HTTP requests answered, by route template, method and status class.',
    labelNames: httpLabels,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'rollick_http_request_duration_seconds',
    help: 'Time from request to the end of its reply, by route template, method and status class.',
    labelNames: httpLabels,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const applications = new Counter({
    name: 'rollick_applications_total',
    help: 'Applications on the public form: accepted, or refused and why.',
    labelNames: ['outcome', 'reason'] as const,
    registers: [registry],
  });
  const rateLimitRefusals = new Counter({
    name: 'rollick_rate_limit_refusals_total',
    help: 'Requests refused with 429, by the limit that refused them.',
    labelNames: ['scope'] as const,
    registers: [registry],
  });
  // Every series exists from the start at 0, so a rate over the first event is not lost.
  applications.inc({ outcome: 'accepted' }, 0);
  for (const reason of APPLICATION_REFUSALS) applications.inc({ outcome: 'refused', reason }, 0);
  for (const scope of RATE_LIMIT_SCOPES) rateLimitRefusals.inc({ scope }, 0);

  app.decorate('metrics', {
    applicationAccepted: () => applications.inc({ outcome: 'accepted' }),
    applicationRefused: (reason) => applications.inc({ outcome: 'refused', reason }),
    rateLimitRefused: (scope) => rateLimitRefusals.inc({ scope }),
  } satisfies AppMetrics);

  // One hook, counters only. Each series' children are looked up once and kept (routes are templates, so
  // the set is bounded): prom-client would otherwise sort and join the label object's keys twice per request.
  const series = new Map<string, { count: { inc(): void }; time: { observe(seconds: number): void } }>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request);
    const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
    const key = `${request.method} ${statusClass} ${route}`;
    let children = series.get(key);
    if (!children) {
      const labels = { route, method: request.method, status_class: statusClass };
      children = { count: requests.labels(labels), time: durations.labels(labels) };
      series.set(key, children);
    }
    children.count.inc();
    children.time.observe(reply.elapsedTime / 1000);
    done();
  });

  const collect = scrapeCollectors(app, deps, registry, prom);
  const expected = digest(token);
  const isAuthorized = (header: string | undefined) => {
    const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
    // Digests of equal length, so the comparison takes the same time whatever was sent.
    return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
  };
  const processes = processMetrics(prom);

  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
    if (!isAuthorized(request.headers.authorization)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send(errorBody(request, 'UNAUTHENTICATED', asIs('A valid metrics token is required')));
    }
    await collect(request);
    const text = (await processes.metrics()) + (await registry.metrics());
    return reply.type(registry.contentType).send(text);
  };
}

/** Gauges set from where their state lives, just before each scrape is written. */
function scrapeCollectors(app: FastifyInstance, deps: MetricsDeps, registry: Registry, { Gauge }: PromClient) {
  const queueWaiting = new Gauge({
    name: 'rollick_image_queue_waiting',
    help: 'Image jobs waiting for a slot; past IMAGE_QUEUE_LENGTH uploads are refused with 503.',
    registers: [registry],
  });
  const queueInFlight = new Gauge({
    name: 'rollick_image_queue_in_flight',
    help: 'Image jobs running now (at most IMAGE_JOBS).',
    registers: [registry],
  });
  const pending = new Gauge({
    name: 'rollick_deliveries_pending',
    help: 'Alert deliveries waiting to be sent or retried, by channel (all instances).',
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  const failed = new Gauge({
    name: 'rollick_deliveries_failed',
    help: 'Alert deliveries that gave up, by channel, until an admin retries them (all instances).',
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  const poolConnections = deps.database.poolConnections;
  const pool = poolConnections
    ? new Gauge({
        name: 'rollick_db_pool_connections',
        help: "This instance's PostgreSQL pool: connections in use, idle, and requests waiting for one.",
        labelNames: ['state'] as const,
        registers: [registry],
      })
    : undefined;
  const backupDir = deps.config.backup.dir;
  const backup = backupDir
    ? new Gauge({
        name: 'rollick_backup_last_success_timestamp_seconds',
        help: 'When the newest complete scheduled backup in BACKUP_DIR was started (Unix time); 0: none yet.',
        registers: [registry],
      })
    : undefined;

  return async (request: FastifyRequest) => {
    queueWaiting.set(app.images.waiting);
    queueInFlight.set(app.images.active);
    if (pool && poolConnections) {
      const now = poolConnections();
      pool.set({ state: 'in_use' }, now.inUse);
      pool.set({ state: 'idle' }, now.idle);
      pool.set({ state: 'waiting' }, now.waiting);
    }
    try {
      for (const row of await openDeliveriesByChannel(deps.database.db)) {
        pending.set({ channel: row.channel }, row.pending);
        failed.set({ channel: row.channel }, row.failed);
      }
    } catch (error) {
      // A database away leaves the series out rather than repeat stale figures; /readyz says why.
      pending.reset();
      failed.reset();
      request.log.warn({ err: error }, 'metrics: deliveries could not be counted');
    }
    if (backup && backupDir) {
      // The folder is made by the first backup; until then there is none, which reads as 0 (never).
      const newest = await newestScheduled(backupDir).catch(() => null);
      backup.set(newest ? newest.getTime() / 1000 : 0);
    }
  };
}
