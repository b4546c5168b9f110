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

/**
 * A script or a stylesheet, by what the reply says it is (not by its address: a missing `/assets/x.js` is
 * answered with a page). Never a document, so the document policies below mean nothing to it.
 */
const SCRIPT_OR_STYLE_TYPE = /^(text|application)\/(javascript|css)\b/i;

/** Sets a header unless the route chose its own (a stricter CSP on a download, `no-referrer` on stage 2). */
function setDefault(reply: FastifyReply, name: string, value: string): void {
  if (!reply.hasHeader(name)) reply.header(name, value);
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

type Header = readonly [name: string, value: string];

/** What every reply carries, scripts and stylesheets included. */
const EVERY_REPLY: readonly Header[] = [
  ['x-content-type-options', 'nosniff'],
  ['cross-origin-resource-policy', 'same-origin'],
];
const HTTPS_ONLY: Header = ['strict-transport-security', 'max-age=31536000; includeSubDomains'];
/** The policies that mean something for a document (and for an error or JSON body a browser might open as one). */
const DOCUMENT_POLICIES: readonly Header[] = [
  ['content-security-policy', CONTENT_SECURITY_POLICY],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['cross-origin-opener-policy', 'same-origin'],
  ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
];

declare module 'fastify' {
  interface FastifyReply {
    /** The route set the whole of `pageSecurityHeaders` itself: the onSend hook has nothing left to add. */
    hasSecurityHeaders: boolean;
  }
}

/**
 * Exactly what `setSecurityHeaders` gives a page outside the API, in the same order: a route that sends a page
 * many times a second sets these once per reply from a list made at start-up and marks the reply with
 * `hasSecurityHeaders`, instead of having each one looked up and set again as the reply leaves.
 */
export function pageSecurityHeaders(isHttps: boolean): readonly Header[] {
  return [...EVERY_REPLY, ...(isHttps ? [HTTPS_ONLY] : []), ...DOCUMENT_POLICIES];
}

/**
 * architecture §5: the headers every reply carries, whatever its status or whoever answered it (a route, the
 * static files, the error handler, the not-found handler, Fastify's own refusals). Called as the reply leaves.
 */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (reply.hasSecurityHeaders) return;
  for (const [name, value] of EVERY_REPLY) setDefault(reply, name, value);
  if (request.protocol === 'https') setDefault(reply, HTTPS_ONLY[0], HTTPS_ONLY[1]);
  // API replies hold personal data: never kept by any cache (architecture §5), refusals included.
  if (isApiPath(request.url)) setDefault(reply, 'cache-control', 'no-store');
  // Every byte of a header is paid again on each script of a phone's first visit (docs/performance.md).
  if (SCRIPT_OR_STYLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return;
  for (const [name, value] of DOCUMENT_POLICIES) setDefault(reply, name, value);
}

export function registerSecurity(app: FastifyInstance, config: Config): void {
  app.decorateReply('hasSecurityHeaders', false);
  // Callback hooks, not async ones: each async hook costs every request a promise and a turn of the queue.
  app.addHook('onRequest', (request, _reply, done) => {
    if (
      STATE_CHANGING.has(request.method) &&
      request.url.startsWith('/api/admin') &&
      !isSameOriginRequest(request, config)
    ) {
      done(new AppError('FORBIDDEN_ORIGIN', 'auth.foreignOrigin'));
      return;
    }
    done();
  });
  // onSend runs for every reply sent through Fastify, errors and plugins' replies included; the framework's
  // refusals before routing go through `frameworkErrors` (app.ts), which calls the same function.
  app.addHook('onSend', (request, reply, payload, done) => {
    setSecurityHeaders(request, reply);
    done(null, payload);
  });
}
