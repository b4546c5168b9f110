import { useId } from 'react';
import { LABEL_TEXT, Label } from '#client/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { CREATOR_STATUSES, isCreatorStatus } from '#shared/creator-status.ts';
import type { ListingsFilter } from '../api/query-keys.ts';

/** Product §2: All, then every status in product §4 order. */
export function RecruiterListingsFilter({
  value,
  onChange,
}: {
  value: ListingsFilter;
  onChange: (value: ListingsFilter) => void;
}) {
  const { t } = useTranslation('recruiters');
  const { t: tCommon } = useTranslation();
  const id = useId();
  return (
    <div className="flex w-full items-center gap-2 sm:w-auto">
      <Label htmlFor={id} className={cn(LABEL_TEXT, 'shrink-0 text-muted-foreground')}>
        {t('listings.filter')}
      </Label>
      <Select value={value} onValueChange={(next) => onChange(isCreatorStatus(next) ? next : 'all')}>
        <SelectTrigger id={id} className="flex-1 sm:w-48 sm:flex-none">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">{t('listings.all')}</SelectItem>
          {CREATOR_STATUSES.map((status) => (
            <SelectItem key={status} value={status}>
              {tCommon(`status.${status}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
