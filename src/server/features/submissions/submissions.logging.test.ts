import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecruiter } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { RECRUITER_NAME, submit, validApplication } from './submissions.test-support.ts';

let written = '';
// The whole app with its real logger settings, every level captured.
const logStream = new Writable({
  write(chunk, _encoding, done) {
    written += chunk;
    done();
  },
});
const t = setUpTestApp({ signedIn: false, config: { logLevel: 'trace' }, logStream });

const APPLICANT = {
  name: 'Ottilie Vandersloot',
  contactInfo: 'ottilie.vandersloot@mailbox.example',
  instagram: '@ottilie_vandersloot_official',
};

beforeAll(async () => {
  await insertRecruiter(t.database.db, { name: RECRUITER_NAME, email: 'dana@agency.test' });
  // A real insert failure: the database refuses this applicant's row, as a check it was given says so.
  await t.database.db.execute(
    sql.raw(`ALTER TABLE creators ADD CONSTRAINT creators_refused_check CHECK (name <> '${APPLICANT.name}')`),
  );
});

describe('a failed insert in the logs (architecture §5)', () => {
  it('is logged with its code and constraint, never the statement parameters or the row values', async () => {
    const res = await submit(t, validApplication({ ...APPLICANT, contactMethod: 'Email' }));
    expect(res.statusCode).toBe(500);

    const lines = written
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown> & { err?: Record<string, unknown> });
    const failure = lines.find((line) => line.msg === 'request failed');
    expect(failure?.level).toBe(50);
    const err = JSON.stringify(failure?.err);
    expect(err).toContain('23514');
    expect(err).toContain('creators_refused_check');
    expect(err).toContain('violates check constraint');
    for (const value of [APPLICANT.name, 'Vandersloot', 'ottilie', 'mailbox.example', 'jamie', 'More subscribers']) {
      expect(written).not.toContain(value);
    }
  });
});
