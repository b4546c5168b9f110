import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino, { type LoggerOptions } from 'pino';
import { type PrettyOptions, prettyFactory } from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import { type Config, testConfig } from '../config.ts';
import { type LogTarget, loggerOptions, redactUrl, usesPrettyLogs } from './logging.ts';

describe('request logs', () => {
  it('redact secrets in query strings', () => {
    expect(redactUrl('/api/stage2/RC-1?token=abc123&x=1')).toBe('/api/stage2/RC-1?token=[REDACTED]&x=1');
    expect(redactUrl('/a?password=p')).toBe('/a?password=[REDACTED]');
    expect(redactUrl('/plain')).toBe('/plain');
  });

  it('never hold cookies, tokens or bodies', async () => {
    let written = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written += chunk;
        done();
      },
    });
    const options = loggerOptions(testConfig({ logLevel: 'info' }));
    const app = Fastify({ logger: { ...(options as object), stream } });
    app.post('/api/stage2/:id', async (request) => {
      request.log.info({ body: request.body }, 'handled');
      return { ok: true };
    });
    await app.inject({
      method: 'POST',
      url: '/api/stage2/RC-1?token=SECRET_TOKEN',
      headers: { cookie: 'rollick_session=SECRET_COOKIE', authorization: 'Bearer SECRET_AUTH' },
      payload: { password: 'SECRET_PASSWORD', contactInfo: 'SECRET_CONTACT@example.com' },
    });
    await app.close();
    expect(written).toContain('/api/stage2/RC-1?token=[REDACTED]');
    for (const secret of ['SECRET_TOKEN', 'SECRET_COOKIE', 'SECRET_AUTH', 'SECRET_PASSWORD', 'SECRET_CONTACT']) {
      expect(written).not.toContain(secret);
    }
  });
});

describe('log format', () => {
  const developer: LogTarget = { terminal: true, prettyInstalled: () => true };
  const collector: LogTarget = { terminal: false, prettyInstalled: () => true };
  const productionInstall: LogTarget = { terminal: true, prettyInstalled: () => false };
  const config = (nodeEnv: Config['nodeEnv'], logFormat: Config['logFormat']) =>
    testConfig({ nodeEnv, logFormat, logLevel: 'info' });

  it('is readable for a developer at a terminal, JSON when the output is collected or in production', () => {
    expect(usesPrettyLogs(config('development', 'auto'), developer)).toBe(true);
    expect(usesPrettyLogs(config('development', 'auto'), collector)).toBe(false);
    expect(usesPrettyLogs(config('production', 'auto'), developer)).toBe(false);
    expect(usesPrettyLogs(config('development', 'auto'), productionInstall)).toBe(false);
  });

  it('follows LOG_FORMAT when it is set, and says what is missing for readable lines', () => {
    expect(usesPrettyLogs(config('development', 'json'), developer)).toBe(false);
    expect(usesPrettyLogs(config('production', 'pretty'), collector)).toBe(true);
    expect(() => usesPrettyLogs(config('production', 'pretty'), productionInstall)).toThrow(/pino-pretty/);
  });

  it('writes readable lines through pino-pretty with the options it is given, still without secrets', async () => {
    const options = loggerOptions(config('production', 'pretty')) as LoggerOptions;
    const transport = options.transport as { target: string; options: PrettyOptions };
    expect(transport.target).toBe('pino-pretty');
    let json = '';
    const collected = new Writable({
      write(chunk, _encoding, done) {
        json += chunk;
        done();
      },
    });
    const { transport: _inThread, ...inline } = options;
    pino(inline, collected).info({ admin: { password: 'SECRET_PASSWORD' } }, 'server listening');
    // The formatter the transport thread runs, with the options it is given, here where it can be read.
    const written = prettyFactory({ ...transport.options, colorize: false })(json);
    expect(written).toMatch(/INFO.*server listening/);
    expect(written).not.toMatch(/^\{/);
    expect(written).not.toContain('SECRET_PASSWORD');
  });
});
