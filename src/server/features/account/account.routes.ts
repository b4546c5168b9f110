import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '#server/lib/app-error.ts';
import { passwordChangeSchema, twoFactorConfirmSchema, twoFactorDisableSchema } from '#shared/schemas/auth.ts';
import { currentAdmin, requestOrigin, sessionPolicy } from '../../plugins/admin-session.ts';
import { endSession, listSessions } from '../auth/sessions.service.ts';
import { changeOwnPassword, getAccount } from './account.service.ts';
import { listSecurityEvents, recordSecurityEvent } from './security-log.service.ts';
import { beginTwoFactorSetup, confirmTwoFactorSetup, disableTwoFactor } from './two-factor.service.ts';

const SESSION_NOT_FOUND = 'No such session';
const sessionIdSchema = z.uuid();

/** The signed-in admin's own account (issue 12), mounted at /api/admin/account. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { database, config, limiter } = app.deps;
  const { db } = database;
  const twoFactor = {
    db,
    key: config.totpEncryptionKey,
    issuer: `${config.brandName} Agency Network`,
    requireTwoFactor: config.requireTwoFactor,
  };
  // The account and its enrolment stay open to an admin whom REQUIRE_2FA asks to enrol first.
  const beforeEnrolment = { config: { allowedBeforeEnrolment: true } };

  app.get('/', beforeEnrolment, async (request) =>
    getAccount(db, currentAdmin(request), {
      requireTwoFactor: config.requireTwoFactor,
      isTwoFactorAvailable: config.totpEncryptionKey !== undefined,
    }),
  );

  app.post('/password', async (request) => {
    const input = passwordChangeSchema.parse(request.body ?? {});
    return changeOwnPassword({ db, limiter }, currentAdmin(request), input, requestOrigin(request));
  });

  app.get('/sessions', async (request) => listSessions(db, currentAdmin(request), sessionPolicy(config)));

  app.delete<{ Params: { sessionId: string } }>('/sessions/:sessionId', async (request) => {
    const admin = currentAdmin(request);
    const id = sessionIdSchema.safeParse(request.params.sessionId);
    if (!id.success || !(await endSession(db, admin.id, id.data))) throw notFound(SESSION_NOT_FOUND);
    await recordSecurityEvent(db, admin.id, 'session_ended', requestOrigin(request));
    return { success: true };
  });

  app.get('/security-log', async (request) => listSecurityEvents(db, currentAdmin(request).id));

  app.post('/two-factor/setup', beforeEnrolment, async (request) =>
    beginTwoFactorSetup(twoFactor, currentAdmin(request)),
  );

  app.post('/two-factor/confirm', beforeEnrolment, async (request) => {
    const { code } = twoFactorConfirmSchema.parse(request.body ?? {});
    return confirmTwoFactorSetup(twoFactor, currentAdmin(request), code, requestOrigin(request));
  });

  app.post('/two-factor/disable', async (request) => {
    const { currentPassword } = twoFactorDisableSchema.parse(request.body ?? {});
    await disableTwoFactor(twoFactor, currentAdmin(request), currentPassword, requestOrigin(request));
    return { success: true };
  });
}
