import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertRecruiter } from '#tests/factories.ts';
import { pixelBombPng } from '#tests/fixtures/images.ts';
import { filePart } from '#tests/setup/multipart.ts';
import { setUpTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { TOO_MANY_SUBMISSIONS } from './submissions.service.ts';
import {
  RECRUITER_NAME,
  resetSubmissions,
  storedCounts,
  submit,
  validApplication,
} from './submissions.test-support.ts';

const t = setUpTestApp({ config: { submissionsPerIpPerHour: 2 }, signedIn: false });
const proxied = setUpTestApp({ config: { submissionsPerIpPerHour: 2, trustProxy: true }, signedIn: false });
beforeAll(() => Promise.all([t, proxied].map((app) => insertRecruiter(app.database.db, { name: RECRUITER_NAME }))));
beforeEach(() => Promise.all([resetSubmissions(t), resetSubmissions(proxied)]));

const submitFrom = (app: TestApp, ip: string, headers: Record<string, string> = {}) =>
  submit(app, validApplication(), { ip, headers });

describe('POST /api/submissions rate limit (per address, per hour)', () => {
  it('refuses the submission after the limit with 429, and stores nothing for it', async () => {
    expect((await submitFrom(t, '198.51.100.1')).statusCode).toBe(201);
    expect((await submitFrom(t, '198.51.100.1')).statusCode).toBe(201);
    const before = await storedCounts(t);

    const res = await submitFrom(t, '198.51.100.1');

    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ message: TOO_MANY_SUBMISSIONS, code: 'RATE_LIMITED' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await storedCounts(t)).toEqual(before);
    expect(before).toEqual({ creators: 2, activity: 2, files: 0 });
  });

  it('counts every address of one IPv6 /64 as one client', async () => {
    expect((await submitFrom(t, '2001:db8:5:5::1')).statusCode).toBe(201);
    expect((await submitFrom(t, '2001:db8:5:5:1:2:3:4')).statusCode).toBe(201);
    const res = await submitFrom(t, '2001:db8:5:5:ffff::9');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await submitFrom(t, '2001:db8:5:6::1')).statusCode).toBe(201);
  });

  it('checks the limit before looking at the photo', async () => {
    await submitFrom(t, '198.51.100.2');
    await submitFrom(t, '198.51.100.2');
    const res = await submit(t, validApplication({ confirmationPhoto: filePart(pixelBombPng()) }), {
      ip: '198.51.100.2',
    });
    expect(res.statusCode).toBe(429);
  });

  it('does not count refused applications', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await submit(t, validApplication({ name: 'J' }), { ip: '198.51.100.3' })).statusCode).toBe(400);
    }
    expect((await submitFrom(t, '198.51.100.3')).statusCode).toBe(201);
    expect((await submitFrom(t, '198.51.100.3')).statusCode).toBe(201);
  });

  it('counts honeypot hits like accepted applications', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await submit(t, validApplication({ website: 'spam' }), { ip: '198.51.100.4' });
      expect(res.statusCode).toBe(201);
    }
    expect((await submitFrom(t, '198.51.100.4')).statusCode).toBe(429);
    expect((await storedCounts(t)).creators).toBe(0);
  });

  it('keeps each address to its own count', async () => {
    await submitFrom(t, '198.51.100.5');
    await submitFrom(t, '198.51.100.5');
    expect((await submitFrom(t, '198.51.100.6')).statusCode).toBe(201);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    for (const forwarded of ['192.0.2.1', '192.0.2.2']) {
      expect((await submitFrom(t, '10.0.0.1', { 'x-forwarded-for': forwarded })).statusCode).toBe(201);
    }
    expect((await submitFrom(t, '10.0.0.1', { 'x-forwarded-for': '192.0.2.3' })).statusCode).toBe(429);
  });

  it('counts by the forwarded client address behind a trusted proxy', async () => {
    for (const forwarded of ['192.0.2.1', '192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      expect((await submitFrom(proxied, '10.0.0.1', { 'x-forwarded-for': forwarded })).statusCode).toBe(201);
    }
    expect((await submitFrom(proxied, '10.0.0.1', { 'x-forwarded-for': '192.0.2.1' })).statusCode).toBe(429);
  });
});
