import { useCallback } from 'react';
import { useTranslation } from '#client/lib/i18n.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';

/**
 * A status as the board's columns name it: the menu's name in every language ('Stage 2 Sent'), as the menu and
 * the count cards do, since a column stands for the status itself rather than one creator's.
 */
export function useColumnName(): (status: CreatorStatus) => string {
  const { t } = useTranslation();
  return useCallback((status: CreatorStatus) => t(`status.${status}`), [t]);
}
