import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CancelReason } from '#shared/replies/cancel-reasons.ts';
import { apiGet } from './api-client.ts';
import { useTranslation } from './i18n.ts';
import { queryRoots } from './query-keys.ts';

/**
 * The cancel reasons (decision 063), read by three features: a cancellation asks one, the owners' lists screen keeps
 * them, the insights count them. GET /api/admin/cancel-reasons lists the removed ones too (old cancellations name them).
 */
export const cancelReasonsQueryOptions = queryOptions({
  queryKey: queryRoots.cancelReasons,
  queryFn: ({ signal }) => apiGet<{ reasons: CancelReason[] }>('/api/admin/cancel-reasons', { signal }),
  // Owners change them rarely, and their screen invalidates this key when they do.
  staleTime: 5 * 60_000,
});

export const useCancelReasons = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...cancelReasonsQueryOptions, enabled });

/** A reason as the admin reads it: the owners' wording, else the shipped reason in the admin's language. */
export function useCancelReasonName() {
  const { t } = useTranslation('admin');
  return useCallback(
    (reason: Pick<CancelReason, 'code' | 'label' | 'english'>) =>
      reason.label ?? (reason.code ? t(`cancel.codes.${reason.code}`) : reason.english),
    [t],
  );
}
