import { type CreatorStatus, statusLabel } from '#shared/creator-status.ts';
import type { LanguageCode } from '#shared/languages.ts';
import type { TFunction } from './translator.ts';

/**
 * How a status reads wherever one creator's status is shown: its pill, the status page's title, the empty
 * list, the status-changed toast and the server's messages that name one. English keeps the spec's own form,
 * the status with underscores as spaces ('stage2 sent', product §2); that form means nothing in other
 * languages, which show the translated name the menu uses. The menu, the count cards and the listings filter
 * name statuses by that translated name in every language (product §2: 'Stage 2 Sent').
 */
export function statusName(t: TFunction, language: LanguageCode, status: CreatorStatus): string {
  return language === 'en' ? statusLabel(status) : t(`status.${status}`);
}
