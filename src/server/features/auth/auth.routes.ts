import type { FastifyInstance } from 'fastify';
import { loginSchema } from '#shared/schemas/auth.ts';
import {
  clearSessionCookie,
  loadAdmin,
  requestOrigin,
  sessionPolicy,
  sessionToken,
  setSessionCookie,
} from '../../plugins/admin-session.ts';
import { sessionUserOf } from '../account/account.service.ts';
import { login } from './auth.service.ts';
import { deleteSession } from './sessions.service.ts';

/** Product §7: login, logout and auth status, mounted under /api/admin. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { database, config, limiter } = app.deps;

  app.post('/login', { config: { public: true } }, async (request, reply) => {
    const body = loginSchema.parse(request.body);
    try {
      const session = await login(
        { db: database.db, limiter, policy: sessionPolicy(config), totpKey: config.totpEncryptionKey },
        { ...body, ip: request.ip, userAgent: requestOrigin(request).userAgent },
      );
      setSessionCookie(request, reply, session.token, session.expiresAt);
      request.log.info({ username: session.admin.username }, 'admin signed in');
      return { success: true, user: { username: session.admin.username } };
    } catch (error) {
      request.log.warn({ username: body.username }, 'admin sign-in refused');
      throw error;
    }
  });

  // Open before enrolment: REQUIRE_2FA must never trap an admin in a session they cannot leave.
  app.post('/logout', { config: { allowedBeforeEnrolment: true } }, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await deleteSession(database.db, token);
    clearSessionCookie(request, reply);
    // architecture §5: the browser drops what this site kept (cached admin pages, cookies, storage) as well.
    reply.header('Clear-Site-Data', '"cache", "cookies", "storage"');
    return { success: true };
  });

  app.get('/auth-status', { config: { public: true } }, async (request) => {
    const admin = await loadAdmin(request);
    return {
      isAuthenticated: admin !== null,
      user: admin
        ? { ...sessionUserOf(admin, config.requireTwoFactor), canEmailApplicants: config.alerts.smtp !== undefined }
        : null,
    };
  });
}
