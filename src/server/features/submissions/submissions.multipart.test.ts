import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PHOTO_TOO_LARGE } from '#shared/schemas/application.ts';
import { insertRecruiter } from '#tests/factories.ts';
import { jpeg } from '#tests/fixtures/images.ts';
import { chunked, filePart, multipartBody } from '#tests/setup/multipart.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import {
  expectNothingStored,
  RECRUITER_NAME,
  resetSubmissions,
  submit,
  validApplication,
} from './submissions.test-support.ts';

const t = setUpTestApp({ signedIn: false });

beforeAll(async () => {
  await insertRecruiter(t.database.db, { name: RECRUITER_NAME });
});
beforeEach(() => resetSubmissions(t));

const entriesOf = (fields: Record<string, string | undefined>) =>
  Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined);

describe('POST /api/submissions multipart rules', () => {
  it('refuses an unknown text field by name', async () => {
    const res = await submit(t, validApplication({ favouriteColour: 'teal' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Unknown field: favouriteColour', code: 'BAD_REQUEST' });
    await expectNothingStored(t);
  });

  it('shows only the start of a huge unknown field name', async () => {
    const res = await submit(t, validApplication({ ['x'.repeat(5000)]: 'value' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Unknown field: ${'x'.repeat(40)}…`);
    await expectNothingStored(t);
  });

  it('refuses a file in any field but confirmationPhoto', async () => {
    const photo = filePart(await jpeg());
    const unknown = await submit(t, validApplication({ selfie: photo }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown field: selfie');
    const inText = await submit(t, validApplication({ name: photo }));
    expect(inText.statusCode).toBe(400);
    expect(inText.json().message).toBe('Expected text, not a file, in field: name');
    await expectNothingStored(t);
  });

  it('refuses text sent as the photo', async () => {
    const res = await submit(t, validApplication({ confirmationPhoto: 'me.jpg' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Expected a file in field: confirmationPhoto');
    await expectNothingStored(t);
  });

  it('refuses a field sent twice', async () => {
    const res = await submit(t, [...entriesOf(validApplication() as Record<string, string>), ['name', 'Someone Else']]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Field sent more than once: name');
    await expectNothingStored(t);
  });

  it('refuses a second photo', async () => {
    const photo = filePart(await jpeg());
    const res = await submit(t, validApplication({ confirmationPhoto: [photo, photo] }));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    await expectNothingStored(t);
  });

  it('refuses a field value beyond the part size limit with 413', async () => {
    const res = await submit(t, validApplication({ additionalInfo: 'a'.repeat(30_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: 'The value of additionalInfo is too long', code: 'PAYLOAD_TOO_LARGE' });
    await expectNothingStored(t);
  });

  it('lets the schema explain a text that is only a little too long', async () => {
    const res = await submit(t, validApplication({ additionalInfo: 'a'.repeat(2001) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ additionalInfo: 'Please use at most 2000 characters' });
  });

  it('accepts the longest agency goals the schema allows, even in four-byte characters', async () => {
    const res = await submit(t, validApplication({ agencyGoals: '😀'.repeat(2500) }));
    expect(res.statusCode).toBe(201);
  });

  it('refuses a body padded with more parts than the form has', async () => {
    // Parts without a name are skipped by the parser, so only the part count stops them.
    const boundary = 'test-boundary';
    const junk = `--${boundary}\r\nContent-Type: text/plain\r\n\r\nx\r\n`.repeat(30);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${junk}--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    await expectNothingStored(t);
  });

  it('refuses a body that is not multipart', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/submissions', payload: { name: 'Jamie' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    await expectNothingStored(t);
  });

  it('refuses a photo of 5,000,001 bytes (product §5: at most 5,000,000)', async () => {
    const head = await jpeg();
    const oversized = Buffer.concat([head, Buffer.alloc(5_000_001 - head.length, 0xab)]);
    const res = await submit(t, validApplication({ confirmationPhoto: filePart(oversized) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      message: PHOTO_TOO_LARGE,
      code: 'PAYLOAD_TOO_LARGE',
      fields: { confirmationPhoto: PHOTO_TOO_LARGE },
    });
    await expectNothingStored(t);
  });

  it('stops reading a large photo at the limit and closes the connection', async () => {
    const body = await multipartBody(validApplication({ confirmationPhoto: filePart(Buffer.alloc(8_000_000, 1)) }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      headers: body.headers,
      payload: chunked(body.payload),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(PHOTO_TOO_LARGE);
    // The rest of the upload was never read, so the socket cannot be reused for another request.
    expect(res.headers.connection).toBe('close');
    await expectNothingStored(t);
  });
});
