import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '#server/config.ts';
import { createUploadSlots } from '#server/lib/upload-slots.ts';
import { registerErrorHandling } from '#server/plugins/errors.ts';
import { loggerOptions } from '#server/plugins/logging.ts';
import { registerMultipart } from '#server/plugins/multipart.ts';
import { jpeg } from '../../../../tests/fixtures/images.ts';
import { filePart, multipartBody } from '../../../../tests/setup/multipart.ts';
import { buildTestApp, signIn, type TestApp } from '../../../../tests/setup/test-app.ts';
import { stage2Routes } from './stage2.routes.ts';
import { linkedCreator, validStage2 } from './stage2.test-support.ts';

let t: TestApp;
let headers: { cookie: string; origin: string };

beforeAll(async () => {
  t = await buildTestApp();
  headers = await signIn(t);
});
afterAll(() => t.close());

describe('stage-2 request logs (DESIGN §5)', () => {
  it('name the creator and the outcome, never the token', async () => {
    let written = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written += chunk;
        done();
      },
    });
    // The real routes and logger settings on the test app's database, with the log captured.
    const app = Fastify({ logger: { ...(loggerOptions(testConfig({ logLevel: 'info' })) as object), stream } });
    app.decorate('deps', { config: t.config, database: t.database, store: t.store, limiter: t.limiter });
    app.decorate('uploads', createUploadSlots());
    registerErrorHandling(app);
    await registerMultipart(app);
    await app.register(stage2Routes, { prefix: '/api/stage2' });
    const creator = await linkedCreator(t, headers);
    try {
      const url = `/api/stage2/${creator.creatorId}?token=${creator.token}`;
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
      const bad = await multipartBody(validStage2({ country: '' }));
      expect((await app.inject({ method: 'POST', url, payload: bad.payload, headers: bad.headers })).statusCode).toBe(
        400,
      );
      const good = await multipartBody(validStage2({ imageFiles: [filePart(await jpeg())] }));
      expect((await app.inject({ method: 'POST', url, payload: good.payload, headers: good.headers })).statusCode).toBe(
        200,
      );
      expect((await app.inject({ method: 'GET', url: `${url}x` })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
    expect(written).toContain('token=[REDACTED]');
    expect(written).toContain('Stage 2 submitted');
    expect(written).not.toContain(creator.token);
  });
});
