import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '#server/lib/route-schemas.ts';
import { authStatusSchema, signedInSchema, successSchema } from '#shared/replies/auth.ts';
import { loginSchema } from '#shared/schemas/auth.ts';
import {
  clearSessionCookie,
  loadAdmin,
  requestOrigin,
  sessionPolicy,
  sessionToken,
  setSessionCookie,
} from '../../plugins/admin-session.ts';
import { deleteSession, sessionUserOf } from '../admins/sessions.service.ts';
import { login } from './auth.service.ts';

/** Product §7: login, logout and auth status, mounted under /api/admin. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config, limiter } = app.deps;

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        summary: 'Sign in with username and password, and the second factor once the server asks for it',
        description:
          'Sets the session cookie. A wrong username or password is a 401 `UNAUTHENTICATED`; the right password ' +
          'of an admin with two-factor sign-in is a 401 `TWO_FACTOR_REQUIRED` until `code` comes with it.',
        body: loginSchema,
        response: { 200: signedInSchema, ...errorReplies(401, 429) },
      },
    },
    async (request, reply) => {
      const { body } = request;
      try {
        const session = await login(
          { db: database.db, limiter, policy: sessionPolicy(config), totpKey: config.totpEncryptionKey },
          { ...body, ip: request.ip, userAgent: requestOrigin(request).userAgent },
        );
        setSessionCookie(request, reply, session.token, session.expiresAt);
        request.log.info({ username: session.admin.username }, 'admin signed in');
        return { success: true as const, user: { username: session.admin.username } };
      } catch (error) {
        request.log.warn({ username: body.username }, 'admin sign-in refused');
        throw error;
      }
    },
  );

  // Open before enrolment: REQUIRE_2FA must never trap an admin in a session they cannot leave.
  app.post(
    '/logout',
    {
      config: { allowedBeforeEnrolment: true },
      schema: {
        summary: 'Sign out: the session ends and the browser drops what this site kept',
        response: { 200: successSchema },
      },
    },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await deleteSession(database.db, token);
      clearSessionCookie(request, reply);
      // architecture §5: the browser drops what this site kept (cached admin pages, cookies, storage) as well.
      reply.header('Clear-Site-Data', '"cache", "cookies", "storage"');
      return { success: true as const };
    },
  );

  app.get(
    '/auth-status',
    {
      config: { public: true },
      schema: { summary: 'Whether a session is open, and whose', response: { 200: authStatusSchema } },
    },
    async (request) => {
      const admin = await loadAdmin(request);
      return {
        isAuthenticated: admin !== null,
        user: admin
          ? { ...sessionUserOf(admin, config.requireTwoFactor), canEmailApplicants: config.alerts.smtp !== undefined }
          : null,
      };
    },
  );
};
