import { useTranslation } from '#client/lib/i18n.ts';
import type { Creator } from '#shared/replies/creators.ts';

/**
 * When she agreed to the privacy notice and to which version of it (docs/decisions/048), in the admin's language;
 * "not asked" for applications made while consent was off, or before it was asked.
 */
export function CreatorConsentLine({ creator }: { creator: Pick<Creator, 'consentAt' | 'privacyNoticeVersion'> }) {
  const { t, i18n } = useTranslation('admin');
  const { consentAt, privacyNoticeVersion } = creator;
  const text = consentAt
    ? t('details.consentGiven', {
        date: new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(consentAt),
        ),
        version: privacyNoticeVersion ?? '—',
      })
    : t('details.consentNotAsked');
  return (
    <p className="text-sm break-words text-muted-foreground" data-testid="creator-consent">
      {text}
    </p>
  );
}
