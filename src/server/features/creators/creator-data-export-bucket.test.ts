import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStore, type S3FileStore } from '#server/lib/s3-file-store.ts';
import { insertCreator } from '#tests/factories.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { startTestS3, type TestS3 } from '#tests/setup/test-s3.ts';
import { unzip } from '#tests/setup/unzip.ts';

let s3: TestS3;
let store: S3FileStore;

beforeAll(async () => {
  s3 = await startTestS3();
  store = createS3FileStore(s3.settings);
});
afterAll(async () => {
  store.close();
  await s3.close();
});
// Its hooks run after the bucket's start and close before it.
const t = setUpTestApp({ lateOptions: () => ({ store }) });
const { headers } = t;

describe('GET /api/admin/creators/:creatorId/export.zip with uploads in a bucket', () => {
  it('reads the files through the object store', async () => {
    const photo = await jpeg();
    const { key } = await store.put(photo, { extension: 'jpg' });
    const creator = await insertCreator(t.database.db, { photoKey: key });

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/creators/${creator.creatorId}/export.zip`,
      headers,
    });

    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    expect(entries.get('files/verification-photo.jpg')).toEqual(photo);
    const json = JSON.parse(entries.get('creator.json')?.toString('utf8') ?? 'null');
    expect(json.files).toEqual([{ path: 'files/verification-photo.jpg', kind: 'verificationPhoto', key }]);
  });
});
