import type { LanguageCode } from '#shared/languages.ts';
import type { Texts } from './translator.ts';

type Loader = () => Promise<{ default: Texts }>;

const TRANSLATIONS = import.meta.glob<{ default: Texts }>('../locales/messages/*/*.json');

/** English is the shared catalogue itself, never a second copy (docs/decisions/031). */
const ENGLISH: Record<string, Loader> = {
  messages: () => import('#shared/messages/public.ts').then((module) => ({ default: module.PUBLIC_MESSAGES })),
  adminMessages: () => import('#shared/messages/admin.ts').then((module) => ({ default: module.ADMIN_MESSAGES })),
};

const FOLDERS: Record<string, string> = { messages: 'public', adminMessages: 'admin' };

/** How i18n.ts loads the messages by key of one language: the public ones, or the admin screens' own. */
export function messageTexts(language: LanguageCode, namespace: string): Loader | undefined {
  if (language === 'en') return ENGLISH[namespace];
  return TRANSLATIONS[`../locales/messages/${FOLDERS[namespace]}/${language}.json`];
}
