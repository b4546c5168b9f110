import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { safeError } from '../lib/safe-error.ts';

/** Where the logs go; `terminal` tells whether a person reads them as they come. */
export interface LogTarget {
  terminal: boolean;
  /** Whether the readable format's package (a development dependency) is installed. */
  prettyInstalled: () => boolean;
}

function isInstalled(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

const defaultTarget: LogTarget = {
  terminal: Boolean(process.stdout.isTTY),
  prettyInstalled: () => isInstalled('pino-pretty'),
};

/**
 * Readable, coloured lines for a developer at a terminal; one JSON object per line everywhere else,
 * for whatever collects the logs. `LOG_FORMAT=pretty` asks for readable lines anywhere, and says so
 * at start-up when the package that writes them was not installed (production installs omit it).
 */
export function usesPrettyLogs(config: Config, target: LogTarget = defaultTarget): boolean {
  if (config.logFormat === 'json') return false;
  if (config.logFormat === 'pretty') {
    if (!target.prettyInstalled()) {
      throw new Error(
        'LOG_FORMAT=pretty needs the pino-pretty package: run `npm install` with development dependencies',
      );
    }
    return true;
  }
  return config.nodeEnv === 'development' && target.terminal && target.prettyInstalled();
}

const SECRET_QUERY_PARAMS = /([?&](?:token|password|code)=)[^&#]*/gi;

/** Request URLs can carry a stage-2 token: it never reaches the logs (architecture §5). */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[REDACTED]');
}

/**
 * Logs name the request, never its body, cookies or credentials: bodies hold passwords and
 * applicants' contact details, so nothing of them is logged at all; nor are the values a failed
 * statement carries.
 */
export function loggerOptions(config: Config, target: LogTarget = defaultTarget): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(usesPrettyLogs(config, target)
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: false },
          },
        }
      : {}),
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
      // A failed statement's error holds its row; only what names the failure is logged (lib/safe-error.ts).
      err: (error: unknown) => safeError(error),
      req: (request) => ({
        id: request.id,
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
