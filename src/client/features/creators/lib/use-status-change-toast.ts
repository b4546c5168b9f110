import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import { useStatusName } from '#client/lib/use-status-name.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';

/** Product §4: "Status updated" naming the new status, after any button that moves a creator. */
export function useStatusChangeToast(): (status: CreatorStatus) => void {
  const { t } = useTranslation('admin');
  const statusName = useStatusName();
  return (status) =>
    toast({ title: t('toast.statusUpdated'), description: t('toast.statusChanged', { status: statusName(status) }) });
}
