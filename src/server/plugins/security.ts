import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * architecture §5. Scripts only from our own origin (no inline script anywhere); inline styles are allowed
 * because the UI primitives position popovers with style attributes.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function siteOrigin(request: FastifyRequest, config: Config): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * A state-changing admin call must come from our own pages: a matching Origin, or, where the
 * browser sent `Origin: null`, `Sec-Fetch-Site: same-origin`. A call that carries neither is refused
 * too, so a forgotten header can never become the way around the check.
 */
export function isSameOriginRequest(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin === siteOrigin(request, config);
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/** Built scripts and stylesheets: never a document, so the document policies below mean nothing to them. */
const SCRIPT_OR_STYLE = /^\/assets\/[^?]+\.(js|css)(\?|$)/;

function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Cross-Origin-Resource-Policy', 'same-origin');
  if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  // Every byte of a header is paid again on each script of a phone's first visit (docs/performance.md).
  if (SCRIPT_OR_STYLE.test(request.url)) return;
  reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
}

export function registerSecurity(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request, reply) => {
    setSecurityHeaders(request, reply);
    const path = request.url;
    if (path.startsWith('/api/')) {
      // API replies hold personal data: never kept by any cache (architecture §5).
      reply.header('Cache-Control', 'no-store');
    }
    if (STATE_CHANGING.has(request.method) && path.startsWith('/api/admin') && !isSameOriginRequest(request, config)) {
      throw new AppError('FORBIDDEN_ORIGIN', 'auth.foreignOrigin');
    }
  });
}
