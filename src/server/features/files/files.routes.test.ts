import { describe, expect, it } from 'vitest';
import { jpeg, png } from '#tests/fixtures/images.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
const { headers } = t;

const getFile = (key: string, withSession = true) =>
  t.app.inject({ method: 'GET', url: `/api/admin/files/${key}`, headers: withSession ? headers : {} });

describe('GET /api/admin/files/:key', () => {
  it('streams the stored bytes with their type and headers that keep them inert and uncached', async () => {
    const bytes = await jpeg();
    const { key } = await t.store.put(bytes, { extension: 'jpg' });
    const res = await getFile(key);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(bytes.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
      'content-disposition': 'inline',
    });
  });

  it('serves PNGs as PNGs', async () => {
    const { key } = await t.store.put(await png(), { extension: 'png' });
    expect((await getFile(key)).headers['content-type']).toBe('image/png');
  });

  it('answers 404 JSON for an unknown or malformed key', async () => {
    for (const key of [`${'0'.repeat(32)}.jpg`, 'nope', '..%2F..%2Fpackage.json', `${'a'.repeat(32)}.svg`]) {
      const res = await getFile(key);
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toMatchObject({ message: 'File not found', code: 'NOT_FOUND' });
    }
  });

  it('is for signed-in admins only', async () => {
    const { key } = await t.store.put(await jpeg(), { extension: 'jpg' });
    const res = await getFile(key, false);
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('JFIF');
  });
});
