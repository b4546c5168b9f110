import { useCancelReasonName, useCancelReasons } from '#client/lib/cancel-reasons.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { CreatorField } from './creator-field-list.tsx';

/** Why a cancelled creator was cancelled, and the note given with it (decision 063), in the admin's language. */
export function CreatorCancelReasonFields({
  creator,
}: {
  creator: Pick<Creator, 'status' | 'cancelReasonId' | 'cancelNote'>;
}) {
  const { t } = useTranslation('admin');
  const reasons = useCancelReasons({ enabled: creator.status === 'cancelled' });
  const nameOf = useCancelReasonName();
  if (creator.status !== 'cancelled') return null;
  const reason = reasons.data?.reasons.find((entry) => entry.id === creator.cancelReasonId);
  const text = reason ? nameOf(reason) : creator.cancelReasonId ? '…' : t('cancel.none');
  return (
    <dl className="divide-y rounded-lg border" data-testid="creator-cancel-reason">
      <CreatorField label={t('cancel.shown')} value={text} />
      {creator.cancelNote && <CreatorField label={t('cancel.note')} value={creator.cancelNote} isLong />}
    </dl>
  );
}
