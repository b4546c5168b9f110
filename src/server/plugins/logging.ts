import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

const SECRET_QUERY_PARAMS = /([?&](?:token|password|code)=)[^&#]*/gi;

/** Request URLs can carry a stage-2 token: it never reaches the logs (DESIGN §5). */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[REDACTED]');
}

/**
 * Logs name the request, never its body, cookies or credentials: bodies hold passwords and
 * applicants' contact details, so nothing of them is logged at all.
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.contactInfo',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (request) => ({
        id: request.id,
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
