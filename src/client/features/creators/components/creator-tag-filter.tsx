import { useId } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { useTags } from '#client/lib/tags.ts';

/** Radix's select takes no empty value: "any tag" travels as this word and leaves the address without a filter. */
const ANY = 'any';

/** The creators carrying one tag (decision 063); offered only once owners have defined some. */
export function CreatorTagFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (tag: string | undefined) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const tags = useTags();
  const list = tags.data?.tags ?? [];
  if (list.length === 0 && value === undefined) return null;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm text-muted-foreground">
        {t('tags.filter')}
      </label>
      <Select value={value ?? ANY} onValueChange={(next) => onChange(next === ANY ? undefined : next)}>
        <SelectTrigger id={id} className="w-auto min-w-28 max-w-56">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{t('tags.any')}</SelectItem>
          {list.map((tag) => (
            <SelectItem key={tag.id} value={tag.id}>
              {tag.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
