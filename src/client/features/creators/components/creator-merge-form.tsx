import { LoaderCircleIcon, MergeIcon, TriangleAlertIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { DialogClose, DialogFooter } from '#client/components/ui/dialog.tsx';
import { RadioGroup, RadioGroupItem } from '#client/components/ui/radio-group.tsx';
import { StatusPill } from '#client/components/ui/status-pill.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { useMessageText } from '#client/lib/messages.ts';
import { type MergeField, mergeRefusal } from '#shared/creator-merge.ts';
import type { CreatorDetail } from '#shared/replies/creators.ts';
import type { FieldTexts } from '../lib/creator-fields.ts';
import { type Column, choicesToSend, columnsChosen, mergeValues } from '../lib/merge-rows.ts';
import { CreatorMergeFields } from './creator-merge-fields.tsx';

export interface MergeSubmit {
  into: string;
  from: string;
  fields: ReturnType<typeof choicesToSend>;
}

const other = (column: Column): Column => (column === 'a' ? 'b' : 'a');

/** The record that stays by default: the opened one, unless only its duplicate may stay (it is further along). */
function defaultKept(a: CreatorDetail, b: CreatorDetail): Column {
  return mergeRefusal(a.creator, b.creator) && !mergeRefusal(b.creator, a.creator) ? 'b' : 'a';
}

/**
 * What the merge will do, chosen and stated before it is done (decision 062): which record stays, every field of
 * both side by side with the newer value chosen ("newest wins", said above them), what moves and what is removed,
 * and that it cannot be undone. A pair the server would refuse says why, and cannot be sent.
 */
export function CreatorMergeForm({
  records,
  isPending,
  onSubmit,
}: {
  records: Record<Column, CreatorDetail>;
  isPending: boolean;
  onSubmit: (request: MergeSubmit) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const shownMessage = useMessageText();
  const texts: FieldTexts = { t, tc, locale: i18n.resolvedLanguage };
  const [kept, setKept] = useState<Column>(() => defaultKept(records.a, records.b));
  const [picked, setPicked] = useState<Partial<Record<MergeField, Column>>>({});
  const values = { a: mergeValues(records.a, texts), b: mergeValues(records.b, texts) };
  const columns = columnsChosen(
    { a: { detail: records.a, values: values.a }, b: { detail: records.b, values: values.b } },
    kept,
    picked,
  );
  const ids = { a: records.a.creator.creatorId, b: records.b.creator.creatorId };
  const into = records[kept].creator;
  const from = records[other(kept)].creator;
  const refusal = useMemo(() => mergeRefusal(into, from), [into, from]);

  return (
    <>
      <div className="grid gap-2">
        <p id="merge-kept-label" className="text-sm font-semibold">
          {t('merge.keptTitle')}
        </p>
        <RadioGroup
          aria-labelledby="merge-kept-label"
          value={kept}
          onValueChange={(column) => setKept(column as Column)}
          disabled={isPending}
          className="grid gap-2 sm:grid-cols-2"
        >
          {(['a', 'b'] as const).map((column) => (
            <label
              key={column}
              htmlFor={`merge-kept-${column}`}
              className={cn(
                'flex min-w-0 cursor-pointer items-start gap-2 rounded-md border px-3 py-2 text-sm',
                kept === column ? 'border-primary bg-primary/5' : 'border-border',
              )}
            >
              <RadioGroupItem id={`merge-kept-${column}`} value={column} className="mt-0.5" />
              <span className="grid min-w-0 gap-1">
                <span className="font-medium [overflow-wrap:anywhere]">
                  {t('merge.keep', { name: records[column].creator.name, creatorId: ids[column] })}
                </span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <StatusPill status={records[column].creator.status} />
                  {t('merge.applied', {
                    date: new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' }).format(
                      new Date(records[column].creator.createdAt),
                    ),
                  })}
                </span>
              </span>
            </label>
          ))}
        </RadioGroup>
        <p className="text-xs text-muted-foreground">{t('merge.statusStays')}</p>
      </div>
      <p className="rounded-md bg-muted px-3 py-2 text-sm">{t('merge.newestWins')}</p>
      <CreatorMergeFields
        ids={ids}
        values={values}
        columns={columns}
        onPick={(field, column) => setPicked((current) => ({ ...current, [field]: column }))}
        disabled={isPending}
      />
      {refusal ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {shownMessage(refusal)}
        </p>
      ) : (
        <div className="grid gap-1 rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          <p className="font-medium">{t('merge.summary', { from: from.creatorId, into: into.creatorId })}</p>
          <p>{t('merge.cannotUndo')}</p>
        </div>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={isPending}>
            {t('actions.cancelDialog')}
          </Button>
        </DialogClose>
        <Button
          variant="destructive"
          disabled={isPending || refusal !== null}
          onClick={() => onSubmit({ into: into.creatorId, from: from.creatorId, fields: choicesToSend(kept, columns) })}
        >
          {isPending ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <MergeIcon aria-hidden="true" />
          )}
          {t('merge.confirm')}
        </Button>
      </DialogFooter>
    </>
  );
}
