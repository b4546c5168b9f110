import { beforeEach, describe, expect, it } from 'vitest';
import { FUNNEL_PATH } from '#shared/funnel.ts';
import { funnelEventSchema } from '#shared/schemas/insights.ts';
import { type FunnelDeps, reportFunnelStep, resetPageVisit } from './funnel-beacon.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

let sent: { url: string; body: unknown }[];
let deps: FunnelDeps;

beforeEach(() => {
  resetPageVisit();
  sent = [];
  deps = {
    storage: memoryStorage(),
    search: '',
    language: 'de',
    send: (url, body) => sent.push({ url, body: JSON.parse(body) }),
    randomBytes: (length) => new Uint8Array(length).fill(7),
  };
});

describe('reportFunnelStep', () => {
  it('sends the shape the server accepts: a random visit id, the language and the step, nothing else', () => {
    reportFunnelStep('landing', deps);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe(FUNNEL_PATH);
    expect(Object.keys(sent[0]?.body as object).sort()).toEqual(['language', 'step', 'visit']);
    expect(funnelEventSchema.safeParse(sent[0]?.body).success).toBe(true);
    expect(sent[0]?.body).toMatchObject({ language: 'de', step: 'landing' });
  });

  it('sends each step once per tab, under one visit id', () => {
    reportFunnelStep('landing', deps);
    reportFunnelStep('step1', deps);
    reportFunnelStep('landing', deps);
    expect(sent.map((event) => (event.body as { step: string }).step)).toEqual(['landing', 'step1']);
    const visits = new Set(sent.map((event) => (event.body as { visit: string }).visit));
    expect(visits.size).toBe(1);
  });

  it('keeps the recruiter link of the first page for the whole visit, and drops one that is no id', () => {
    deps.search = '?ref=3f0e4a52-8c1b-4a53-9d1e-2b7c6a1f0e99';
    reportFunnelStep('landing', deps);
    deps.search = '';
    reportFunnelStep('step1', deps);
    expect(sent.map((event) => (event.body as { ref?: string }).ref)).toEqual([
      '3f0e4a52-8c1b-4a53-9d1e-2b7c6a1f0e99',
      '3f0e4a52-8c1b-4a53-9d1e-2b7c6a1f0e99',
    ]);

    resetPageVisit();
    const other = { ...deps, storage: memoryStorage(), search: '?ref=<script>' };
    reportFunnelStep('landing', other);
    expect(sent.at(-1)?.body).not.toHaveProperty('ref');
  });

  it('reports a language it does not know as English, and keeps counting without storage', () => {
    const noStorage = { ...deps, storage: null, language: 'it-IT' };
    reportFunnelStep('landing', noStorage);
    reportFunnelStep('landing', noStorage);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ language: 'en' });
  });

  it('never throws when sending fails', () => {
    deps.send = () => {
      throw new Error('offline');
    };
    expect(() => reportFunnelStep('submitted', deps)).not.toThrow();
  });
});
