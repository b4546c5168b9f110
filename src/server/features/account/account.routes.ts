import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/lib/app-error.ts';
import { bodyOrEmpty, errorReplies } from '#server/lib/route-schemas.ts';
import {
  accountSchema,
  accountSessionSchema,
  passwordChangedSchema,
  recoveryCodesSchema,
  securityEventSchema,
  twoFactorSetupSchema,
} from '#shared/replies/account.ts';
import { successSchema } from '#shared/replies/auth.ts';
import {
  passwordChangeSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorStartSchema,
} from '#shared/schemas/auth.ts';
import { currentAdmin, requestOrigin, sessionPolicy } from '../../plugins/admin-session.ts';
import { listSecurityEvents, recordSecurityEvent } from '../admins/security-log.service.ts';
import { endSession, listSessions } from '../admins/sessions.service.ts';
import { changeOwnPassword, getAccount } from './account.service.ts';
import { beginTwoFactorSetup, confirmTwoFactorSetup, disableTwoFactor } from './two-factor.service.ts';

const sessionIdSchema = z.uuid();

/** A request without a body is read as an empty one, so it gets the field messages rather than one for the whole. */

/** The signed-in admin's own account (decision 021), mounted at /api/admin/account. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config, limiter } = app.deps;
  const { db } = database;
  const twoFactor = {
    db,
    limiter,
    key: config.totpEncryptionKey,
    issuer: `${config.brandName} Agency Network`,
    requireTwoFactor: config.requireTwoFactor,
  };
  // The account and its enrolment stay open to an admin whom REQUIRE_2FA asks to enrol first.
  const beforeEnrolment = { allowedBeforeEnrolment: true };

  app.get(
    '/',
    {
      config: beforeEnrolment,
      schema: {
        summary: 'The signed-in admin and the state of their two-factor sign-in',
        response: { 200: accountSchema },
      },
    },
    async (request) =>
      getAccount(db, currentAdmin(request), {
        requireTwoFactor: config.requireTwoFactor,
        isTwoFactorAvailable: config.totpEncryptionKey !== undefined,
      }),
  );

  app.post(
    '/password',
    {
      schema: {
        summary:
          "Change one's own password with the current one; every other session of the admin ends. Wrong current " +
          'passwords are logged and count against five tries per 15 minutes, shared with the two-factor calls',
        body: bodyOrEmpty(passwordChangeSchema),
        response: { 200: passwordChangedSchema, ...errorReplies(429) },
      },
    },
    async (request) =>
      changeOwnPassword(
        { db, limiter, dataDir: config.dataDir },
        currentAdmin(request),
        request.body,
        requestOrigin(request),
      ),
  );

  app.get(
    '/sessions',
    {
      schema: {
        summary: "The admin's open sessions, newest activity first",
        response: { 200: z.array(accountSessionSchema) },
      },
    },
    async (request) => listSessions(db, currentAdmin(request), sessionPolicy(config)),
  );

  app.delete(
    '/sessions/:sessionId',
    {
      schema: {
        summary: "End one of the admin's own sessions",
        // Checked by the handler: a malformed id is a session that does not exist (404), not a bad request.
        params: z.object({ sessionId: z.string().describe("The id of one of this admin's sessions") }),
        response: { 200: successSchema, ...errorReplies(404) },
      },
    },
    async (request) => {
      const admin = currentAdmin(request);
      const id = sessionIdSchema.safeParse(request.params.sessionId);
      if (!id.success || !(await endSession(db, admin.id, id.data))) throw notFound('account.sessionNotFound');
      await recordSecurityEvent(db, admin.id, 'session_ended', requestOrigin(request));
      return { success: true as const };
    },
  );

  app.get(
    '/security-log',
    {
      schema: {
        summary: "The admin's last 50 sign-ins, failures and account changes, newest first",
        response: { 200: z.array(securityEventSchema) },
      },
    },
    async (request) => listSecurityEvents(db, currentAdmin(request).id),
  );

  app.post(
    '/two-factor/setup',
    {
      config: beforeEnrolment,
      schema: {
        summary:
          'Start two-factor enrolment with the current password: a new secret to scan or type, pending until ' +
          'confirmed. Wrong passwords are logged and limited as for the password change',
        body: bodyOrEmpty(twoFactorStartSchema),
        response: { 200: twoFactorSetupSchema, ...errorReplies(409, 429) },
      },
    },
    async (request) =>
      beginTwoFactorSetup(twoFactor, currentAdmin(request), request.body.currentPassword, requestOrigin(request)),
  );

  app.post(
    '/two-factor/confirm',
    {
      config: beforeEnrolment,
      schema: {
        summary:
          "Turn two-factor sign-in on with the current password and the app's first code; every other session " +
          'of the admin ends and the recovery codes are shown this once',
        body: bodyOrEmpty(twoFactorConfirmSchema),
        response: { 200: recoveryCodesSchema, ...errorReplies(409, 429) },
      },
    },
    async (request) => confirmTwoFactorSetup(twoFactor, currentAdmin(request), request.body, requestOrigin(request)),
  );

  app.post(
    '/two-factor/disable',
    {
      schema: {
        summary:
          'Turn two-factor sign-in off with the current password; refused (409) while REQUIRE_2FA is set or when ' +
          'it is not on. Wrong passwords are logged and limited as for the password change',
        body: bodyOrEmpty(twoFactorDisableSchema),
        response: { 200: successSchema, ...errorReplies(409, 429) },
      },
    },
    async (request) => {
      await disableTwoFactor(twoFactor, currentAdmin(request), request.body.currentPassword, requestOrigin(request));
      return { success: true as const };
    },
  );
};
