import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { resolveSession, type SessionAdmin, type SessionPolicy } from '../features/auth/sessions.service.ts';
import { AppError } from '../lib/app-error.ts';

export const SESSION_COOKIE = 'rollick_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin; set on every /api/admin route that is not public. */
    admin: SessionAdmin | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, auth status). */
    public?: boolean;
  }
}

export function sessionPolicy(config: Config): SessionPolicy {
  return { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
  });
}

export function sessionToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  // A real token is 43 base64url characters; anything else is not worth a database lookup.
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

export async function loadAdmin(request: FastifyRequest): Promise<SessionAdmin | null> {
  const token = sessionToken(request);
  if (!token) return null;
  const { database, config } = request.server.deps;
  return resolveSession(database.db, token, sessionPolicy(config));
}

/** onRequest hook for the /api/admin scope: 401 unless the route is public or a session is valid. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.routeOptions.config.public) return;
  const admin = await loadAdmin(request);
  if (!admin) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  request.admin = admin;
}
