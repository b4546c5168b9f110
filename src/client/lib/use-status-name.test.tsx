import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StatusPill } from '#client/components/ui/status-pill.tsx';
import { CREATOR_STATUSES } from '#shared/creator-status.ts';
import { LANGUAGE_CODES } from '#shared/languages.ts';
import de from '../locales/de.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import pt from '../locales/pt.json';
import ru from '../locales/ru.json';
import { changeLanguage, initI18n } from './i18n.ts';
import { statusName } from './status-name.ts';
import { createTranslator, type TFunction } from './translator.ts';

const TEXTS = { en, es, pt, de, ru, fr };

function tIn(language: keyof typeof TEXTS): TFunction {
  const translator = createTranslator();
  translator.add(language, 'translation', TEXTS[language]);
  return translator.fixed(language, 'translation');
}

describe('statusName', () => {
  it('keeps the spec’s English form, underscores as spaces', () => {
    const t = tIn('en');
    expect(CREATOR_STATUSES.map((status) => statusName(t, 'en', status))).toEqual([
      'pending',
      'stage2 sent',
      'stage2 submitted',
      'listed',
      'matched',
      'finalized',
      'cancelled',
    ]);
  });

  it.each(LANGUAGE_CODES.filter((code) => code !== 'en'))('uses the translated names in %s', (language) => {
    const t = tIn(language);
    for (const status of CREATOR_STATUSES) {
      const name = statusName(t, language, status);
      expect(name).toBe(TEXTS[language].status[status]);
      expect(name).not.toBe(status.replaceAll('_', ' '));
    }
  });

  it('is what the status pill shows, following the interface language', async () => {
    await initI18n('en');
    expect(renderToStaticMarkup(<StatusPill status="stage2_sent" />)).toContain('>stage2 sent</span>');
    await changeLanguage('ru');
    expect(renderToStaticMarkup(<StatusPill status="stage2_sent" />)).toContain('>Этап 2 отправлен</span>');
    await changeLanguage('es');
    expect(renderToStaticMarkup(<StatusPill status="cancelled" />)).toContain('>Cancelado</span>');
  });
});
