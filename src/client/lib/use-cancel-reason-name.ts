import { useCallback } from 'react';
import type { CancelReason } from '#shared/replies/cancel-reasons.ts';
import { useTranslation } from './i18n.ts';

/** A reason as the admin reads it: the owners' wording, else the shipped reason in the admin's language. */
export function useCancelReasonName() {
  const { t } = useTranslation('admin');
  return useCallback(
    (reason: Pick<CancelReason, 'code' | 'label' | 'english'>) =>
      reason.label ?? (reason.code ? t(`cancel.codes.${reason.code}`) : reason.english),
    [t],
  );
}
