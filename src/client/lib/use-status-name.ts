import { useCallback } from 'react';
import { type CreatorStatus, statusLabel } from '#shared/creator-status.ts';
import type { LanguageCode } from '#shared/languages.ts';
import { type TFunction, useTranslation } from './i18n.ts';

/**
 * How a status reads wherever one creator's status is shown: its pill, the status page's title, the empty
 * list and the status-changed toast. English keeps the spec's own form, the status with underscores as
 * spaces ('stage2 sent', product §2); that form means nothing in other languages, which show the translated
 * name the menu uses. The menu, the count cards and the listings filter name statuses by that translated
 * name in every language (product §2: 'Stage 2 Sent').
 */
export function statusName(t: TFunction, language: LanguageCode, status: CreatorStatus): string {
  return language === 'en' ? statusLabel(status) : t(`status.${status}`);
}

/** statusName in the interface language, re-rendering when it changes. */
export function useStatusName(): (status: CreatorStatus) => string {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return useCallback((status: CreatorStatus) => statusName(t, language, status), [t, language]);
}
