import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog } from '#server/db/schema.ts';
import { NOTE_MAX_LENGTH } from '#shared/limits.ts';
import { CONTROL_CHARACTERS_MESSAGE, tooLong } from '#shared/schemas/fields.ts';
import { NOTE_ACTION, NOTE_MESSAGES } from '#shared/schemas/note.ts';
import { insertCreator } from '#tests/factories.ts';
import { setUpTestApp, TEST_ADMIN, TEST_ORIGIN } from '#tests/setup/test-app.ts';

const t = setUpTestApp();
const owner = t.headers;
const REVIEWER = { username: 'rita', password: 'reviewer horse battery' };
const reviewer = t.signedInAs({ ...REVIEWER, role: 'reviewer' });

const postNote = (creatorId: string, payload: unknown, headers: Record<string, string> = owner) =>
  t.app.inject({ method: 'POST', url: `/api/admin/creators/${creatorId}/notes`, headers, payload: payload as object });

const notesOf = (id: string) => t.database.db.select().from(activityLog).where(eq(activityLog.creatorId, id));

describe('POST /api/admin/creators/:creatorId/notes', () => {
  it('adds a trimmed note to the activity log with who wrote it and when', async () => {
    const creator = await insertCreator(t.database.db);
    const res = await postNote(creator.creatorId, { text: '  Called on Telegram, interested  ' });
    expect(res.statusCode, res.body).toBe(201);
    const { entry } = res.json();
    expect(entry).toMatchObject({
      action: NOTE_ACTION,
      performedBy: TEST_ADMIN.username,
      additionalInfo: { text: 'Called on Telegram, interested' },
    });
    expect(Date.parse(entry.timestamp)).not.toBeNaN();

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/creators/${creator.creatorId}`,
      headers: owner,
    });
    expect(detail.json().activityLog.at(-1)).toEqual(entry);
  });

  it('lets a reviewer write notes too, under their own name', async () => {
    const creator = await insertCreator(t.database.db);
    const res = await postNote(creator.creatorId, { text: 'Sent a voice message' }, reviewer);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().entry.performedBy).toBe(REVIEWER.username);
  });

  it('answers 401 without a session and 403 from a foreign origin, writing nothing', async () => {
    const creator = await insertCreator(t.database.db);
    const anonymous = await postNote(creator.creatorId, { text: 'x' }, { origin: TEST_ORIGIN });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await postNote(creator.creatorId, { text: 'x' }, { ...owner, origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect((await notesOf(creator.id)).filter((row) => row.action === NOTE_ACTION)).toEqual([]);
  });

  it(`accepts ${NOTE_MAX_LENGTH} characters and refuses one more`, async () => {
    const creator = await insertCreator(t.database.db);
    expect((await postNote(creator.creatorId, { text: 'a'.repeat(NOTE_MAX_LENGTH) })).statusCode).toBe(201);
    const tooLongNote = await postNote(creator.creatorId, { text: 'a'.repeat(NOTE_MAX_LENGTH + 1) });
    expect(tooLongNote.statusCode).toBe(400);
    expect(tooLongNote.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: tooLong(NOTE_MAX_LENGTH),
      fields: { text: tooLong(NOTE_MAX_LENGTH) },
    });
    expect((await notesOf(creator.id)).filter((row) => row.action === NOTE_ACTION)).toHaveLength(1);
  });

  it('refuses a blank or missing note, control characters and unknown fields with a clear message', async () => {
    const creator = await insertCreator(t.database.db);
    for (const payload of [{ text: '   ' }, {}, { text: 42 }]) {
      const res = await postNote(creator.creatorId, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(NOTE_MESSAGES.text);
    }
    const control = await postNote(creator.creatorId, { text: 'bell\u0007' });
    expect(control.json()).toMatchObject({ message: CONTROL_CHARACTERS_MESSAGE });
    expect((await postNote(creator.creatorId, { text: 'ok', extra: 1 })).statusCode).toBe(400);
    // Line breaks are part of a note, not control characters to refuse.
    expect((await postNote(creator.creatorId, { text: 'first line\nsecond line' })).statusCode).toBe(201);
  });

  it('reads a request without a body as an empty note', async () => {
    const creator = await insertCreator(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/creators/${creator.creatorId}/notes`,
      headers: owner,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: NOTE_MESSAGES.text, fields: { text: NOTE_MESSAGES.text } });
  });

  it('answers 404 for an unknown or malformed creator', async () => {
    expect((await postNote('RC-23456789', { text: 'hello' })).statusCode).toBe(404);
    expect((await postNote('not-an-id', { text: 'hello' })).statusCode).toBe(404);
  });
});
