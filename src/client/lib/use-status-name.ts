import { useCallback } from 'react';
import type { CreatorStatus } from '#shared/creator-status.ts';
import { useTranslation } from './i18n.ts';
import { statusName } from './status-name.ts';

/** statusName in the interface language, re-rendering when it changes. */
export function useStatusName(): (status: CreatorStatus) => string {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return useCallback((status: CreatorStatus) => statusName(t, language, status), [t, language]);
}
