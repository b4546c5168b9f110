import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { jpeg } from '#tests/fixtures/images.ts';
import { filePart, multipartBody } from '#tests/setup/multipart.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { linkedCreator, validStage2 } from './stage2.test-support.ts';

let written = '';
// The whole app with its real logger settings, the log captured.
const logStream = new Writable({
  write(chunk, _encoding, done) {
    written += chunk;
    done();
  },
});
const t = setUpTestApp({ config: { logLevel: 'info' }, logStream });
const { headers } = t;

describe('stage-2 request logs (architecture §5)', () => {
  it('name the creator and the outcome, never the token', async () => {
    const { app } = t;
    const creator = await linkedCreator(t, headers);
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
    // The refusals' lines name the route's template, which holds no token, never the path that does.
    expect(written).toMatch(/"route":"\/api\/stage2\/:\w+","status":400/);
    expect(written).toContain('Stage 2 submitted');
    expect(written).not.toContain(creator.token);
  });
});
