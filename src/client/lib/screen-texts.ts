import type { LanguageCode } from '#shared/languages.ts';
import type { Texts } from './translator.ts';

/**
 * The texts no page needs for its first render, listed in a module of their own that i18n.ts fetches the first
 * time one of them is asked for: the screens' namespaces and parts, and the messages by key. The runtime chunk
 * every page loads lists only the public texts, which a non-prerendered page renders with.
 */
type Loader = () => Promise<{ default: Texts }>;

const SCREENS = import.meta.glob<{ default: Texts }>(
  '../locales/{admin,login,account,recruiters,templates,import,stage2,me,application}/*.json',
);
const MESSAGES = import.meta.glob<{ default: Texts }>('../locales/messages/*/*.json');

/** English messages are the shared catalogue itself, never a second copy (docs/decisions/031). */
const ENGLISH_MESSAGES: Record<string, Loader> = {
  messages: () => import('#shared/messages/public.ts').then((module) => ({ default: module.PUBLIC_MESSAGES })),
  adminMessages: () => import('#shared/messages/admin.ts').then((module) => ({ default: module.ADMIN_MESSAGES })),
};

const MESSAGE_FOLDERS: Record<string, string> = { messages: 'public', adminMessages: 'admin' };

/** How i18n.ts loads one language's texts of a screen's namespace or part, or of the messages by key. */
export function screenTexts(language: LanguageCode, bundle: string): Loader | undefined {
  const folder = MESSAGE_FOLDERS[bundle];
  if (!folder) return SCREENS[`../locales/${bundle}/${language}.json`];
  if (language === 'en') return ENGLISH_MESSAGES[bundle];
  return MESSAGES[`../locales/messages/${folder}/${language}.json`];
}
