import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv4 } from 'node:net';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Config } from '../config.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an incoming id may be: short and printable, with none of the characters that would need quoting in a
 * log line or a header (nginx's `$request_id` is 32 hex digits, a UUID 36 characters, a trace header a little more).
 */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:@+/=;-]{1,128}$/;

/** Probes and scrapes, every few seconds from the platform: their lines would bury the ones people read. */
const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/** IPv4 peers arrive as `::ffff:10.0.0.5` on a dual-stack socket. */
function plainAddress(address: string): string {
  const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
  return isIPv4(mapped) ? mapped : address;
}

/** TRUST_PROXY's address list (addresses, CIDRs, `loopback`) as a test of the connecting peer. */
function trustedPeers(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [network = '', prefix] = entry.split('/');
    const type = isIPv4(network) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(network, type);
    else list.addSubnet(network, Number(prefix), type);
  }
  return (address) => {
    const plain = plainAddress(address);
    return list.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  };
}

/**
 * Fastify's `genReqId`: the `X-Request-Id` a trusted proxy sent (TRUST_PROXY names the peers whose forwarded
 * headers count), so one id follows a request from the load balancer's log into ours; otherwise a new one.
 * A client talking to us directly cannot choose the id its request is logged under.
 */
export function requestIdGenerator(trustProxy: Config['trustProxy']): (request: IncomingMessage) => string {
  const isTrusted =
    trustProxy === false || trustProxy === 0
      ? () => false
      : trustProxy === true || typeof trustProxy === 'number'
        ? () => true
        : trustedPeers(trustProxy);
  return (request) => {
    const sent = request.headers[REQUEST_ID_HEADER];
    const address = request.socket.remoteAddress;
    if (typeof sent === 'string' && ACCEPTABLE_ID.test(sent) && address && isTrusted(address)) return sent;
    return randomUUID();
  };
}

/**
 * Fastify's own lines about each request (in, out, and a 404 that names the raw URL with its query string) give
 * way to the one line below, and its error line to the app's error handler. Its lines about what only it sees
 * (a reply stream that broke, a serializer that threw, a request refused while closing) stay.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(): void {}
  override routeNotFound(): void {}
  override defaultErrorLog(): void {}
}

/** Fastify's `logController`: request lines are the app's, labelled `requestId` as error bodies name it. */
export const requestLogController = (): LogController => new OneLinePerRequest({ requestIdLogLabel: 'requestId' });

/** The fields of a request's one line: what was asked, of which route, and how it went. Never a query string. */
export function requestFields(request: FastifyRequest, status: number, reply: FastifyReply) {
  const route = request.routeOptions.url;
  return {
    method: request.method,
    // The template (`/api/admin/creators/:id`): a path can hold a stage-2 token, a template cannot.
    route: route ?? null,
    status,
    ms: Math.round(reply.elapsedTime),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Its line is written: the error handler logs a failure with the request's fields, in place of the usual line. */
    isLogged: boolean;
  }
}

/** Logs a request that failed on a fault in the server, once, as its request line. */
export function logFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  level: 'warn' | 'error',
  status: number,
  error: unknown,
  message: string,
): void {
  request.isLogged = true;
  request.log[level]({ ...requestFields(request, status, reply), err: error }, message);
}

/**
 * Every reply names its request's id (`X-Request-Id`, as error bodies do in `requestId`), and each request gets
 * at most one log line, when it is answered: all of them, those answered 400 or above (the default), or none
 * (`LOG_REQUESTS`). Fastify's own two lines per request (in, out) are turned off where the app is built.
 */
export function registerRequestLog(app: FastifyInstance, mode: Config['logRequests']): void {
  app.decorateRequest('isLogged', false);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  if (mode === 'off') return;
  app.addHook('onResponse', (request, reply, done) => {
    logRequest(request, reply, mode);
    done();
  });
}

/** The request's line, unless its mode, its route or an earlier line says otherwise. */
export function logRequest(request: FastifyRequest, reply: FastifyReply, mode: Config['logRequests']): void {
  const status = reply.statusCode;
  // The cheap tests first: `routeOptions` is built afresh on each read, and most replies are not logged.
  if (mode === 'off' || request.isLogged || (mode === 'errors' && status < 400)) return;
  if (QUIET_ROUTES.has(request.routeOptions.url ?? '')) return;
  request.isLogged = true;
  request.log[status >= 500 ? 'warn' : 'info'](requestFields(request, status, reply), 'request');
}
