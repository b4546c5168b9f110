import { useId } from 'react';
import { LABEL_TEXT, Label } from '#client/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { useAssignees } from '../api/assignees.ts';

/** Radix's select takes no empty value: "nobody" travels as this word and leaves as null. */
export const NOBODY = 'nobody';

/**
 * The admins a creator may belong to (decision 063), by name with the languages they work in, and Nobody. A
 * disabled admin is not offered, but still shown while she is theirs.
 */
export function CreatorAssigneeSelect({
  value,
  onChange,
  disabled,
}: {
  /** An admin's id, or NOBODY. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const id = useId();
  // The form's language names, in the admin's language.
  const languageNames = (languages: readonly string[]) =>
    languages
      .map((language) =>
        tc(`application.options.language.${language.toLowerCase()}` as 'application.options.language.english'),
      )
      .join(', ');
  const team = useAssignees();
  const offered = (team.data?.assignees ?? []).filter((admin) => !admin.isDisabled || admin.id === value);
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id} className={LABEL_TEXT}>
        {t('assign.assignee')}
      </Label>
      <Select value={value} onValueChange={onChange} disabled={disabled || team.isPending}>
        <SelectTrigger id={id}>
          <SelectValue placeholder={t('assign.loading')} />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NOBODY}>{t('assign.nobody')}</SelectItem>
          {offered.map((admin) => (
            <SelectItem
              key={admin.id}
              value={admin.id}
              {...(admin.languages.length > 0
                ? { hint: t('assign.languagesHint', { languages: languageNames(admin.languages) }) }
                : {})}
            >
              {admin.username}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {team.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t('assign.loadFailed')}
        </p>
      )}
    </div>
  );
}
