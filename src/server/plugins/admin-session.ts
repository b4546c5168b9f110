import type { FastifyReply, FastifyRequest } from 'fastify';
import { can, type Permission } from '#shared/admin-roles.ts';
import type { MessageKey } from '#shared/messages/message.ts';
import type { Config } from '../config.ts';
import { resolveSession, type SessionAdmin, type SessionPolicy } from '../features/admins/sessions.service.ts';
import { AppError } from '../lib/app-error.ts';

/** Over plain HTTP (development, tests): browsers refuse `__Host-` cookies without `Secure`. */
export const SESSION_COOKIE = 'rollick_session';
/** Over HTTPS (architecture §5): host-only, `Secure`, `Path=/`, so no subdomain can set or shadow it. */
export const SECURE_SESSION_COOKIE = '__Host-rollick_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin; set on every /api/admin route that is not public. */
    admin: SessionAdmin | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, auth status). */
    public?: boolean;
    /** Only roles granted this may call the route (shared/admin-roles.ts). */
    permission?: Permission;
    /** Open to an admin whom REQUIRE_2FA still asks to enrol (their account and its enrolment). */
    allowedBeforeEnrolment?: boolean;
  }
}

export function sessionPolicy(config: Config): SessionPolicy {
  return { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs };
}

/**
 * Served over HTTPS: the request says so (directly, or through a trusted proxy), or PUBLIC_URL does, in
 * which case a proxy terminates TLS even if it is not trusted to say so (index.ts warns about that setup).
 */
export function isServedOverHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.deps.config.publicUrl?.startsWith('https://') === true;
}

const cookieName = (request: FastifyRequest) => (isServedOverHttps(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  const secure = isServedOverHttps(request);
  reply.setCookie(cookieName(request), token, {
    httpOnly: true,
    // Strict: the cookie never rides on a request another site starts, links included (architecture §5).
    sameSite: 'strict',
    path: '/',
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(request), {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: isServedOverHttps(request),
  });
}

export function sessionToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[cookieName(request)];
  // A real token is 43 base64url characters; anything else is not worth a database lookup.
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

export async function loadAdmin(request: FastifyRequest): Promise<SessionAdmin | null> {
  const token = sessionToken(request);
  if (!token) return null;
  const { database, config } = request.server.deps;
  return resolveSession(database.db, token, sessionPolicy(config));
}

export const FORBIDDEN_MESSAGE = 'auth.forbidden' satisfies MessageKey;
export const ENROLMENT_REQUIRED_MESSAGE = 'auth.enrolmentRequired' satisfies MessageKey;

/**
 * onRequest hook for the /api/admin scope: 401 unless the route is public or a session is valid; then 403
 * while REQUIRE_2FA waits for this admin's enrolment, and 403 when the role lacks the route's permission.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const routeConfig = request.routeOptions.config;
  if (routeConfig.public) return;
  const admin = await loadAdmin(request);
  if (!admin) throw new AppError('UNAUTHENTICATED', 'auth.signInRequired');
  request.admin = admin;
  const mustEnrol = request.server.deps.config.requireTwoFactor && !admin.isTwoFactorEnabled;
  if (mustEnrol && !routeConfig.allowedBeforeEnrolment) {
    throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED', ENROLMENT_REQUIRED_MESSAGE);
  }
  if (routeConfig.permission && !can(admin.role, routeConfig.permission)) {
    throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
  }
}

/** Where a request came from, for the security log and the sessions list. */
export function requestOrigin(request: FastifyRequest): { address: string; userAgent: string | undefined } {
  return { address: request.ip, userAgent: request.headers['user-agent'] };
}

/** The signed-in admin of a protected route; the scope's hook has already refused requests without one. */
export function currentAdmin(request: FastifyRequest): SessionAdmin {
  if (!request.admin) throw new AppError('UNAUTHENTICATED', 'auth.signInRequired');
  return request.admin;
}
