import type { Writable } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { adminRoutes } from './features/admins/admins.routes.ts';
import { deliveryRoutes } from './features/alerts/deliveries.routes.ts';
import { type DeliveryWorker, startDeliveryWorker } from './features/alerts/delivery-worker.ts';
import { applicantPageRoutes, pageLinkAdminRoutes } from './features/applicant-page/applicant-page.routes.ts';
import { assigneeRoutes } from './features/assignees/assignees.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { cancelReasonRoutes } from './features/cancel-reasons/cancel-reasons.routes.ts';
import { registerCaptcha } from './features/captcha/captcha.routes.ts';
import { creatorRoutes } from './features/creators/creators.routes.ts';
import { createPhotoHasher } from './features/creators/photo-hashing.ts';
import { fileRoutes } from './features/files/files.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { funnelRoutes } from './features/insights/funnel.routes.ts';
import { insightsRoutes } from './features/insights/insights.routes.ts';
import { messageTemplateRoutes } from './features/messages/message-templates.routes.ts';
import { privacyRoutes } from './features/privacy/privacy.routes.ts';
import { loadPrivacyNotice, type PrivacyNotice } from './features/privacy/privacy-notice.ts';
import { adminRecruiterRoutes } from './features/recruiters/admin-recruiters.routes.ts';
import { publicRecruiterRoutes } from './features/recruiters/public-recruiters.routes.ts';
import { createRecruiterDirectory } from './features/recruiters/recruiter-directory.ts';
import { listSelectableRecruiters } from './features/recruiters/recruiters.service.ts';
import { savedViewRoutes } from './features/saved-views/saved-views.routes.ts';
import { stage2Routes } from './features/stage2/stage2.routes.ts';
import { submissionRoutes } from './features/submissions/submissions.routes.ts';
import { tagRoutes } from './features/tags/tags.routes.ts';
import type { FileStore } from './lib/file-store.ts';
import { CLIENT_BUILD_DIR, PACKAGE_VERSION } from './lib/paths.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import { requireAdmin } from './plugins/admin-session.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerApiSchemas } from './plugins/api-schemas.ts';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors.ts';
import { registerInputHygiene } from './plugins/input-hygiene.ts';
import { loggerOptions } from './plugins/logging.ts';
import { registerMetrics } from './plugins/metrics.ts';
import {
  logRequest,
  REQUEST_ID_HEADER,
  registerRequestLog,
  requestIdGenerator,
  requestLogController,
} from './plugins/request-log.ts';
import { registerSecurity, setSecurityHeaders } from './plugins/security.ts';
import { registerClient } from './plugins/static.ts';
import { REQUEST_MAX_MS, registerUploads } from './plugins/uploads.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  store: FileStore;
  limiter: RateLimiter;
  /** Where logs go instead of standard output (tests read them). */
  logStream?: Writable;
  /** False: events are recorded but this app delivers none (tests of a crash before delivery). */
  shouldDeliverAlerts?: boolean;
  /** The delivery worker's clock (tests move time instead of waiting). */
  deliveryClock?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** The alert delivery worker; each commit that writes an outbox event wakes it (outbox.ts). */
    deliveries: DeliveryWorker;
    /** The privacy notice in force, read at start (docs/decisions/048). */
    privacyNotice: PrivacyNotice;
  }
}

/** Explicit limits (architecture §3): JSON bodies are small; uploads have their own per-route limits. */
const JSON_BODY_LIMIT = 64 * 1024;

/** A hop count becomes "trust the nearest N proxies", which Fastify's types express as a function. */
function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/**
 * A response that finishes while the server is closing ends its connection. Otherwise a load balancer's
 * kept-alive connection, busy when the close began and idle after, holds the shutdown open until the
 * keep-alive timeout, past SHUTDOWN_TIMEOUT_MS.
 */
function endConnectionsOnClose(app: FastifyInstance): void {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isClosing) reply.header('connection', 'close');
    done(null, payload);
  });
}

const NO_WORKER: DeliveryWorker = { wake: () => {}, idle: async () => {}, stop: async () => {} };

/**
 * The alert worker runs while the app is up (docs/decisions/024): started once the app is ready, so what
 * earlier runs left undelivered goes out, and stopped when it closes, before the database does.
 */
function registerDeliveries(app: FastifyInstance, deps: AppDeps): void {
  let worker = NO_WORKER;
  app.decorate('deliveries', {
    wake: () => worker.wake(),
    idle: () => worker.idle(),
    stop: () => worker.stop(),
  });
  if (deps.shouldDeliverAlerts === false) return;
  app.addHook('onReady', async () => {
    worker = startDeliveryWorker({
      db: deps.database.db,
      alerts: deps.config.alerts,
      isOnlyInstance: deps.database.driver === 'pglite',
      context: { brandName: deps.config.brandName, publicUrl: deps.config.publicUrl },
      log: app.log.child({ component: 'alerts' }),
      ...(deps.deliveryClock ? { now: deps.deliveryClock } : {}),
    });
  });
  app.addHook('onClose', async () => {
    await worker.stop();
  });
}

/** Builds the whole app as a plugin tree; `index.ts` and `start.ts` only start it, tests `inject()` into it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // A given stream (the tests' log capture) takes the place of any formatter.
  const logger = deps.logStream
    ? { ...(loggerOptions({ ...config, logFormat: 'json' }) as object), stream: deps.logStream }
    : loggerOptions(config);
  const app = Fastify({
    logger,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    // Idle sockets are closed after two minutes; a body that trickles is cut off by the rate policy
    // (plugins/uploads.ts) long before the whole-request backstop.
    connectionTimeout: 120_000,
    requestTimeout: REQUEST_MAX_MS,
    keepAliveTimeout: 72_000,
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    genReqId: requestIdGenerator(config.trustProxy),
    // One line per request, written when it is answered (plugins/request-log.ts), in place of Fastify's two.
    logController: requestLogController(),
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(request, reply);
      reply.header(REQUEST_ID_HEADER, request.id);
      answerFrameworkError(error, request, reply);
      logRequest(request, reply, config.logRequests);
    },
  });
  app.decorate('deps', deps);
  endConnectionsOnClose(app);

  registerRequestLog(app, config.logRequests);
  registerErrorHandling(app);
  registerApiSchemas(app);
  registerSecurity(app, config);
  registerInputHygiene(app);
  await registerMetrics(app, deps);

  await app.register(fastifyCookie);
  // Before the routes, whose declarations it collects; after the cookies, which its pages' session check reads.
  await registerApiDocs(app, { version: PACKAGE_VERSION });
  await registerUploads(app, config);
  app.decorate(
    'photoHashes',
    createPhotoHasher({ db: deps.database.db, store: deps.store, images: app.images, log: app.log }),
  );
  // A hash still running must finish before the database it writes to is closed.
  app.addHook('onClose', () => app.photoHashes.stop());
  app.decorateRequest('admin', null);

  await app.register(healthRoutes, {
    checks: {
      database: deps.database.ping,
      ...(config.s3 ? { bucket: () => deps.store.verify() } : {}),
      ...(config.redisUrl ? { redis: () => deps.limiter.verify() } : {}),
    },
  });
  const recruiterDirectory = createRecruiterDirectory(() => listSelectableRecruiters(deps.database.db));
  await app.register(publicRecruiterRoutes, { prefix: '/api/recruiters', directory: recruiterDirectory });
  app.decorate('privacyNotice', loadPrivacyNotice(config));
  await registerCaptcha(app);
  await app.register(submissionRoutes, { prefix: '/api/submissions' });
  await app.register(stage2Routes, { prefix: '/api/stage2' });
  await app.register(applicantPageRoutes, { prefix: '/api/me' });
  await app.register(funnelRoutes, { prefix: '/api/funnel' });
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', requireAdmin);
      await admin.register(authRoutes);
      await admin.register(accountRoutes, { prefix: '/account' });
      await admin.register(adminRoutes, { prefix: '/admins' });
      await admin.register(creatorRoutes, { prefix: '/creators' });
      await admin.register(pageLinkAdminRoutes, { prefix: '/creators' });
      await admin.register(adminRecruiterRoutes, { prefix: '/recruiters', directory: recruiterDirectory });
      await admin.register(fileRoutes, { prefix: '/files' });
      await admin.register(deliveryRoutes, { prefix: '/deliveries' });
      await admin.register(messageTemplateRoutes, { prefix: '/message-templates' });
      await admin.register(cancelReasonRoutes, { prefix: '/cancel-reasons' });
      await admin.register(assigneeRoutes);
      await admin.register(tagRoutes);
      await admin.register(savedViewRoutes, { prefix: '/views' });
      await admin.register(insightsRoutes, { prefix: '/insights' });
    },
    { prefix: '/api/admin' },
  );
  const clientDir = config.clientDir ?? CLIENT_BUILD_DIR;
  await app.register(privacyRoutes, { notice: app.privacyNotice, brandName: config.brandName, clientDir });
  await registerClient(app, config, { clientDir });
  registerDeliveries(app, deps);
  return app;
}
