import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { BulkSelection } from '../lib/use-bulk-selection.ts';

/** One row's checkbox; while "all matching" is selected every row is, and only Clear undoes it. */
export function CreatorSelectCheckbox({ creatorId, selection }: { creatorId: string; selection: BulkSelection }) {
  const { t } = useTranslation('admin');
  return (
    <Checkbox
      aria-label={t('bulk.select', { creatorId })}
      checked={selection.isSelected(creatorId)}
      disabled={selection.isAllMatching}
      onCheckedChange={(checked) => selection.toggle(creatorId, checked === true)}
    />
  );
}

/** The header checkbox: the rows of this page, all or none; "some" shows as the mixed state. */
export function CreatorPageCheckbox({
  creatorIds,
  selection,
}: {
  creatorIds: readonly string[];
  selection: BulkSelection;
}) {
  const { t } = useTranslation('admin');
  const selectedHere = creatorIds.filter((creatorId) => selection.isSelected(creatorId)).length;
  const isAll = creatorIds.length > 0 && selectedHere === creatorIds.length;
  return (
    <Checkbox
      aria-label={t('bulk.selectPage')}
      checked={isAll ? true : selectedHere > 0 ? 'indeterminate' : false}
      disabled={selection.isAllMatching || creatorIds.length === 0}
      onCheckedChange={() => selection.setMany(creatorIds, !isAll)}
    />
  );
}
