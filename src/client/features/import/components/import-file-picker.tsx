import { FileUpIcon } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { IMPORT_COLUMNS } from '#shared/creator-import.ts';
import { IMPORT_MAX_BYTES } from '#shared/limits.ts';

const REQUIRED = IMPORT_COLUMNS.filter((column) => column.isRequired).map((column) => column.header);

/** A spreadsheet's CSV by its name or type; browsers and systems disagree on the type of a `.csv`. */
const isCsv = (file: File) => /\.csv$/i.test(file.name) || /csv/i.test(file.type);

/** Where the owner drops or chooses the CSV; anything else is turned away here, with what to do instead. */
export function ImportFilePicker({ onFile }: { onFile: (file: File) => void }) {
  const { t } = useTranslation('import');
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [isOver, setIsOver] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  function take(file: File | undefined) {
    if (!file) return;
    if (!isCsv(file)) {
      setRefused(file.name);
      return;
    }
    setRefused(null);
    onFile(file);
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <div className="flex flex-col gap-3">
      <section
        aria-label={t('pick.drop')}
        onDragOver={(event) => {
          event.preventDefault();
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center sm:p-10',
          isOver ? 'border-primary bg-primary/5' : 'border-input',
        )}
      >
        <FileUpIcon className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{t('pick.drop')}</p>
        <p className="text-sm text-muted-foreground">{t('pick.or')}</p>
        <Button type="button" onClick={() => input.current?.click()} aria-describedby={hintId}>
          {t('pick.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            take(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <p id={hintId} className="max-w-prose text-sm text-muted-foreground">
          {t('pick.limit', { max: IMPORT_MAX_BYTES / 1_000_000, columns: REQUIRED.join(', ') })}
        </p>
      </section>
      {refused && (
        <p role="alert" className="text-sm text-destructive">
          {t('pick.wrongType', { name: refused })}
        </p>
      )}
    </div>
  );
}
