import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, draftToValues, readDraft, sanitiseDraft, saveDraft } from './application-draft.ts';
import { DRAFT_STORAGE_KEY, EMPTY_APPLICATION } from './form-values.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('application draft', () => {
  it('keeps the answers and the step, never the photo', () => {
    const photo = new File(['x'], 'me.jpg', { type: 'image/jpeg' });
    saveDraft(3, { ...EMPTY_APPLICATION, name: 'Ana Lima', agencyGoals: 'Grow', confirmationPhoto: photo });
    const stored = localStorage.getItem(DRAFT_STORAGE_KEY) ?? '';
    expect(stored).not.toContain('me.jpg');
    expect(readDraft()).toEqual({ step: 3, values: { ...withoutPhoto(), name: 'Ana Lima', agencyGoals: 'Grow' } });
  });

  it('leaves nothing behind for an empty form, and clears on request', () => {
    saveDraft(2, { ...EMPTY_APPLICATION, name: 'Ana' });
    saveDraft(2, EMPTY_APPLICATION);
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
    saveDraft(1, { ...EMPTY_APPLICATION, name: 'Ana' });
    clearDraft();
    expect(readDraft()).toBeNull();
  });

  it('drops unknown keys, non-text values, oversized values and an impossible step', () => {
    const draft = sanitiseDraft({
      version: 1,
      step: 9,
      values: { name: 'Ana', gender: 42, recruiter: 'x'.repeat(5001), isAdmin: 'yes', agencyGoals: 'Grow' },
    });
    expect(draft).toEqual({ step: 1, values: { ...withoutPhoto(), name: 'Ana', agencyGoals: 'Grow' } });
    expect(Object.keys(draft?.values ?? {})).not.toContain('isAdmin');
  });

  it('ignores anything that is not a draft', () => {
    for (const raw of [null, 'text', [], { version: 2, values: { name: 'Ana' } }, { version: 1, values: {} }]) {
      expect(sanitiseDraft(raw)).toBeNull();
    }
    localStorage.setItem(DRAFT_STORAGE_KEY, '{not json');
    expect(readDraft()).toBeNull();
  });

  it('survives storage that throws', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    });
    expect(() => saveDraft(1, { ...EMPTY_APPLICATION, name: 'Ana' })).not.toThrow();
    expect(readDraft()).toBeNull();
    expect(() => clearDraft()).not.toThrow();
  });

  it('never keeps the consent box: she agrees when she sends, and starts unticked after a reload', () => {
    saveDraft(5, { ...EMPTY_APPLICATION, name: 'Ana Lima', recruiter: 'Maria', consent: true });
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).not.toContain('consent');
    expect(draftToValues(readDraft())).toMatchObject({ name: 'Ana Lima', recruiter: 'Maria', consent: false });
  });

  it('starts the form from the draft with an empty photo', () => {
    expect(draftToValues(null)).toEqual(EMPTY_APPLICATION);
    expect(draftToValues({ step: 2, values: { ...withoutPhoto(), name: 'Ana' } })).toEqual({
      ...EMPTY_APPLICATION,
      name: 'Ana',
    });
  });
});

function withoutPhoto() {
  const { confirmationPhoto: _photo, consent: _consent, ...answers } = EMPTY_APPLICATION;
  return answers;
}
