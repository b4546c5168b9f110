import type adminEn from '../locales/admin/en.json';
import type en from '../locales/en.json';
import type recruitersEn from '../locales/recruiters/en.json';
import type stage2En from '../locales/stage2/en.json';

/**
 * English is the source of truth for keys: typing the resources from en.json makes t('no.such.key') a type
 * error, and locales.test.ts keeps the other five languages in step with it.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      admin: typeof adminEn;
      recruiters: typeof recruitersEn;
      stage2: typeof stage2En;
    };
    returnNull: false;
  }
}
