import { RadioGroup, RadioGroupItem } from '#client/components/ui/radio-group.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { MERGE_FIELDS, type MergeField } from '#shared/creator-merge.ts';
import { type Column, type MergeValue, mergeFieldLabel } from '../lib/merge-rows.ts';

export interface MergeFieldsProps {
  ids: Record<Column, string>;
  values: Record<Column, Record<MergeField, MergeValue>>;
  columns: Record<MergeField, Column>;
  onPick: (field: MergeField, column: Column) => void;
  disabled: boolean;
}

function Option({
  field,
  column,
  creatorId,
  value,
  isChosen,
}: {
  field: MergeField;
  column: Column;
  creatorId: string;
  value: MergeValue;
  isChosen: boolean;
}) {
  const { t } = useTranslation('admin');
  const id = `merge-${field}-${column}`;
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex min-w-0 cursor-pointer items-start gap-2 rounded-md border px-2.5 py-2 text-sm',
        isChosen ? 'border-primary bg-primary/5' : 'border-border',
      )}
    >
      <RadioGroupItem id={id} value={column} className="mt-0.5" />
      <span className="grid min-w-0 gap-1">
        <span className="font-mono text-[0.7rem] text-muted-foreground">{creatorId}</span>
        {value.imageUrl && (
          <img src={value.imageUrl} alt={t('merge.selfieOf', { creatorId })} className="size-16 rounded object-cover" />
        )}
        <span className={cn('whitespace-pre-line [overflow-wrap:anywhere]', !value.text && 'text-muted-foreground')}>
          {value.text ?? t('merge.empty')}
        </span>
      </span>
    </label>
  );
}

/** Nothing to choose: both hold the same text (a selfie is a picture each, never the same). */
const isSame = (a: MergeValue, b: MergeValue) => !a.imageUrl && !b.imageUrl && a.text === b.text;

/**
 * Both records field by field, one choice per row (decision 062); a field both hold alike is said once. On a
 * phone a row is its label over the two values; on a laptop the label sits beside them.
 */
export function CreatorMergeFields({ ids, values, columns, onPick, disabled }: MergeFieldsProps) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-3">
      {MERGE_FIELDS.map((field) => {
        const label = mergeFieldLabel({ t }, field);
        const labelId = `merge-${field}-label`;
        return (
          <div key={field} className="grid gap-1.5 md:grid-cols-[11rem_1fr] md:items-start md:gap-3">
            <p id={labelId} className="text-xs font-medium text-muted-foreground md:pt-2 md:text-sm">
              {label}
            </p>
            {isSame(values.a[field], values.b[field]) ? (
              <p className="rounded-md border border-dashed px-2.5 py-2 text-sm">
                <span className="text-muted-foreground">{t('merge.same')} </span>
                <span className="whitespace-pre-line [overflow-wrap:anywhere]">
                  {values.a[field].text ?? t('merge.empty')}
                </span>
              </p>
            ) : (
              <RadioGroup
                aria-labelledby={labelId}
                value={columns[field]}
                onValueChange={(column) => onPick(field, column as Column)}
                disabled={disabled}
                className="grid grid-cols-2 gap-2"
              >
                {(['a', 'b'] as const).map((column) => (
                  <Option
                    key={column}
                    field={field}
                    column={column}
                    creatorId={ids[column]}
                    value={values[column][field]}
                    isChosen={columns[field] === column}
                  />
                ))}
              </RadioGroup>
            )}
          </div>
        );
      })}
    </div>
  );
}
