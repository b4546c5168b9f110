import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  changedReads,
  READ_UNDER_EVERY_ROOT,
  runMutation,
  seededClient,
  stubServer,
} from '#client/lib/query-keys.test-support.ts';
import type { MessageTemplate } from '#shared/replies/message-templates.ts';
import { removeTranslationMutation, resetTemplateMutation, saveTemplateMutation } from './change-message-template.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PATH = '/api/admin/message-templates/listed/de';
const SAVED: MessageTemplate = {
  purpose: 'listed',
  language: 'de',
  source: 'custom',
  subject: 'Gelistet',
  body: 'Hallo {name}',
  updatedBy: 'olga',
  updatedAt: '2026-11-28T10:00:00.000Z',
};

describe('template changes refresh the templates alone', () => {
  it('saving a wording', async () => {
    const fetch = stubServer({ [`PUT ${PATH}`]: SAVED });
    const client = seededClient(READ_UNDER_EVERY_ROOT);
    await runMutation(client, saveTemplateMutation, {
      purpose: 'listed',
      language: 'de',
      wording: { subject: 'Gelistet', body: 'Hallo {name}' },
    });
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ subject: 'Gelistet', body: 'Hallo {name}' });
    expect(changedReads(client, READ_UNDER_EVERY_ROOT)).toEqual({ stale: ['messageTemplates'], removed: [] });
  });

  it('removing a translation', async () => {
    const fetch = stubServer({ [`PUT ${PATH}`]: { ...SAVED, source: 'english', subject: null, body: null } });
    const client = seededClient(READ_UNDER_EVERY_ROOT);
    await runMutation(client, removeTranslationMutation, { purpose: 'listed', language: 'de' });
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ useEnglish: true });
    expect(changedReads(client, READ_UNDER_EVERY_ROOT)).toEqual({ stale: ['messageTemplates'], removed: [] });
  });

  it('resetting to the shipped text', async () => {
    stubServer({ [`DELETE ${PATH}`]: { ...SAVED, source: 'default', updatedBy: null, updatedAt: null } });
    const client = seededClient(READ_UNDER_EVERY_ROOT);
    await runMutation(client, resetTemplateMutation, { purpose: 'listed', language: 'de' });
    expect(changedReads(client, READ_UNDER_EVERY_ROOT)).toEqual({ stale: ['messageTemplates'], removed: [] });
  });
});
