import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  adminSecurityEvents,
  admins,
  creators,
  recruiters,
  stage2Submissions,
} from '#server/db/schema.ts';
import { TEXT_DIRECTION_MESSAGE } from '#shared/schemas/fields.ts';
import { insertRecruiter } from '#tests/factories.ts';
import { routesOf } from '#tests/setup/route-table.ts';
import { postLogin, setUpTestApp, TEST_ORIGIN } from '#tests/setup/test-app.ts';
import { linkedCreator, postForm, validStage2 } from '../features/stage2/stage2.test-support.ts';
import { RECRUITER_NAME, submit, validApplication } from '../features/submissions/submissions.test-support.ts';

/**
 * Control characters in any text a client sends are a 400 that names the field, and nothing is stored
 * (issue: a NUL reached PostgreSQL and answered 500). Generated from the route table, so routes added
 * later are covered too; names also refuse text-direction controls.
 */

const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085'];

const t = setUpTestApp();
const { headers } = t;

beforeAll(async () => {
  await insertRecruiter(t.database.db, { name: RECRUITER_NAME });
});

async function rowCounts() {
  const tables = { admins, adminSecurityEvents, creators, recruiters, stage2Submissions, activityLog };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await t.database.db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

const apiRoutes = () => routesOf(t.app).filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');

describe('every /api route', () => {
  it('answers 400 naming the parameter for a control character in a path parameter', async () => {
    const withParams = apiRoutes().filter((route) => route.url.includes(':'));
    expect(withParams.length).toBeGreaterThan(10);
    const before = await rowCounts();
    for (const route of withParams) {
      const url = route.url.replace(/:(\w+)/g, 'RC-2345%006789');
      const res = await t.app.inject({ method: route.method as 'GET', url, headers });
      const label = `${route.method} ${route.url}`;
      expect(res.statusCode, label).toBe(400);
      expect(res.json().code, label).toBe('VALIDATION_FAILED');
      expect(Object.values(res.json().fields), label).toContain('Please remove control characters');
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('answers 400 naming the field for a control character in a query parameter or a JSON field', async () => {
    const before = await rowCounts();
    for (const route of apiRoutes()) {
      const url = route.url.replace(/:(\w+)/g, 'RC-23456789');
      for (const control of CONTROLS) {
        const label = `${route.method} ${route.url} U+${control.codePointAt(0)?.toString(16)}`;
        const query = await t.app.inject({
          method: route.method as 'GET',
          url: `${url}?q=${encodeURIComponent(`a${control}b`)}`,
          headers,
        });
        expect(query.statusCode, label).toBe(400);
        expect(query.json().fields, label).toEqual({ q: 'Please remove control characters' });
        if (route.method === 'GET') continue;
        const body = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers,
          payload: { name: `Evil${control}Name`, username: `x${control}`, password: 'p' },
        });
        // Multipart routes refuse a JSON body before reading it; every JSON route names the field.
        if (body.statusCode === 415) continue;
        expect(body.statusCode, label).toBe(400);
        expect(Object.values(body.json().fields ?? {}), label).toContain('Please remove control characters');
      }
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe('the named text fields', () => {
  it('refuse NUL in the login username with 400, not a 500, before any lookup', async () => {
    const res = await postLogin(t, { username: 'alice\u0000', password: 'whatever password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ username: 'Please remove control characters' });
  });

  it('refuse NUL and bidi overrides in a recruiter name, and a NUL in the admin search', async () => {
    const before = await rowCounts();
    for (const name of ['Ann\u0000', 'Ann\u202Eevil', 'Ann\u2066x\u2069', 'Ann\nBeth']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/recruiters', headers, payload: { name } });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().fields.name).toMatch(/control characters/);
    }
    const bidi = await t.app.inject({
      method: 'POST',
      url: '/api/admin/recruiters',
      headers,
      payload: { name: 'Ann\u202Egnp.exe' },
    });
    expect(bidi.json().fields.name).toBe(TEXT_DIRECTION_MESSAGE);
    const search = await t.app.inject({ method: 'GET', url: '/api/admin/creators/status/pending?q=%00', headers });
    expect(search.statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuse control characters in every application text field and bidi overrides in the name', async () => {
    const before = await rowCounts();
    const fields = ['name', 'contactInfo', 'agencyGoals', 'instagram', 'additionalInfo', 'recruiter', 'country'];
    for (const field of fields) {
      const res = await submit(t, validApplication({ [field]: `text\u0000more` }), {
        ip: `198.51.100.${fields.indexOf(field) + 1}`,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field], field).toBe('Please remove control characters');
    }
    const spoofed = await submit(t, validApplication({ name: 'Jamie \u202EareviR' }), { ip: '198.51.100.99' });
    expect(spoofed.statusCode).toBe(400);
    expect(spoofed.json().fields.name).toBe(TEXT_DIRECTION_MESSAGE);
    // Long answers keep their line breaks.
    const multiline = await submit(t, validApplication({ agencyGoals: 'Line one\nLine two\tend' }), {
      ip: '198.51.100.98',
    });
    expect(multiline.statusCode).toBe(201);
    const after = await rowCounts();
    expect(after.creators).toBe((before.creators ?? 0) + 1);
  });

  it('refuse control characters in stage-2 text fields, and store nothing', async () => {
    const creator = await linkedCreator(t, headers);
    const before = await rowCounts();
    for (const field of ['agencyPitch', 'country', 'age', 'compensationType']) {
      const res = await postForm(t, creator, validStage2({ [field]: `x\u0000y` }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field], field).toBe('Please remove control characters');
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe('unknown JSON fields', () => {
  it('are refused with 400 naming them, on every JSON body the admin API takes', async () => {
    const before = await rowCounts();
    const calls = [
      { method: 'POST', url: '/api/admin/login', payload: { username: 'alice', password: 'x', isAdmin: true } },
      { method: 'POST', url: '/api/admin/recruiters', payload: { name: 'Zed', email: null, extra: 1 } },
      {
        method: 'POST',
        url: '/api/admin/admins',
        payload: { username: 'z', password: 'a long password!', role: 'owner', x: 1 },
      },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: { ...headers, origin: TEST_ORIGIN } });
      expect(res.statusCode, call.url).toBe(400);
      expect(res.json().message, call.url).toMatch(/^Unknown field "/);
      expect(Object.values(res.json().fields), call.url).toContain('This field is not accepted');
    }
    expect(await rowCounts()).toEqual(before);
  });
});
