import { afterEach, describe, expect, it } from 'vitest';
import loginRu from '../locales/login/ru.json';
import ru from '../locales/ru.json';
import { i18n, initI18n, loadNamespace, PAGE_TEXTS_ID, takePageTexts } from './i18n.ts';

/**
 * A page rendered ahead of time carries its texts in a data block (scripts/prerender.mjs, decision 059): the
 * start-up takes them as loaded, so hydration waits for no text chunk. The block here holds the Russian texts
 * with one title changed, so a text fetched from the chunk would show as the original.
 */
const CARRIED_TITLE = 'Вход для сотрудников (из страницы)';

function carry(bundles: Record<string, unknown>) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PAGE_TEXTS_ID;
  block.textContent = JSON.stringify(bundles).replace(/</g, '\\u003c');
  document.body.append(block);
}

afterEach(() => {
  document.getElementById(PAGE_TEXTS_ID)?.remove();
});

describe('texts carried by a page rendered ahead of time', () => {
  it('are taken as loaded: starting in the language and opening the sign-in fetch neither again', async () => {
    carry({ translation: ru, login: { ...loginRu, login: { ...loginRu.login, title: CARRIED_TITLE } } });
    takePageTexts('ru');
    // Read once, the block is gone: nothing else parses it, and a later start-up does not take it twice.
    expect(document.getElementById(PAGE_TEXTS_ID)).toBeNull();

    await initI18n('ru');
    await loadNamespace('login');
    expect(i18n.language).toBe('ru');
    expect(i18n.getFixedT('ru', 'admin')('login.title')).toBe(CARRIED_TITLE);
    expect(i18n.t('brand.agencyNetwork')).toBe(ru.brand.agencyNetwork);
  });

  it('a page without them changes nothing', () => {
    expect(() => takePageTexts('de')).not.toThrow();
    expect(i18n.getFixedT('de', 'admin')('login.title')).toBe('login.title');
  });
});
