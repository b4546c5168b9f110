import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, loadNamespace } from './i18n.ts';

describe('changing language while a screen loads its texts', () => {
  it('has the screen’s texts in the new language once the switch is done', async () => {
    await initI18n('en');
    // The switch starts first; the form's texts come into use while it is loading the new language.
    const switching = changeLanguage('fr');
    const loading = loadNamespace('application');
    await Promise.all([switching, loading]);
    expect(i18n.language).toBe('fr');
    expect(i18n.getFixedT('fr')('application.actions.submit')).toBe('Envoyer ma candidature');
  });
});
