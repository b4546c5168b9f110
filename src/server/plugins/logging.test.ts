import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { loggerOptions, redactUrl } from './logging.ts';

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
