import { useId } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { ASSIGNEE_ME, ASSIGNEE_NONE } from '#shared/assignees.ts';
import { useAssignees } from '../api/assignees.ts';

/** Radix's select takes no empty value: "everyone's" travels as this word and leaves the address without a filter. */
const EVERYONE = 'all';

/** Whose creators the list shows (decision 063): everyone's, mine, nobody's, or one admin's, disabled ones too. */
export function CreatorAssigneeFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (assignee: string | undefined) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const team = useAssignees();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm text-muted-foreground">
        {t('assign.filter')}
      </label>
      <Select value={value ?? EVERYONE} onValueChange={(next) => onChange(next === EVERYONE ? undefined : next)}>
        <SelectTrigger id={id} className="w-auto min-w-32 max-w-64">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={EVERYONE}>{t('assign.anyone')}</SelectItem>
          <SelectItem value={ASSIGNEE_ME}>{t('assign.mine')}</SelectItem>
          <SelectItem value={ASSIGNEE_NONE}>{t('assign.nobodys')}</SelectItem>
          {(team.data?.assignees ?? []).map((admin) => (
            <SelectItem key={admin.id} value={admin.id}>
              {admin.username}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
