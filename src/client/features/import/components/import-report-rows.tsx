import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { useMessageText } from '#client/lib/messages.ts';
import { IMPORT_COLUMNS } from '#shared/creator-import.ts';
import type { MessageKey, MessageParams } from '#shared/messages/message.ts';
import type { ImportRow } from '#shared/replies/creator-import.ts';

/** Rows shown at a time: a file of thousands stays quick to draw. */
const PAGE = 50;

const HEADER_OF: Readonly<Record<string, string>> = Object.fromEntries(
  IMPORT_COLUMNS.map((column) => [column.field, column.header]),
);

const OUTCOME_CLASSES: Record<ImportRow['outcome'], string> = {
  create: 'bg-green-100 text-green-800 ring-green-600/20',
  invalid: 'bg-red-100 text-red-800 ring-red-600/20',
  duplicate: 'bg-yellow-100 text-yellow-800 ring-yellow-600/20',
};

/** Why a row is not new: each field's message in the admin's language, under the file's own column name. */
function Reasons({ row }: { row: ImportRow }) {
  const { t } = useTranslation('import');
  const show = useMessageText({ loadIfMissing: false });
  if (row.outcome === 'duplicate' && row.duplicateOf) {
    const { creatorId, row: earlier } = row.duplicateOf;
    return (
      <p className="text-sm">
        {creatorId ? t('report.duplicateOfCreator', { creatorId }) : t('report.duplicateOfRow', { row: earlier })}
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {row.errors.map((error) => (
        <li key={error.field}>
          <span className="font-medium">{HEADER_OF[error.field] ?? error.field}:</span>{' '}
          {show({
            key: error.messageKey as MessageKey,
            english: error.message,
            ...(error.messageParams ? { params: error.messageParams as MessageParams } : {}),
          })}
        </li>
      ))}
    </ul>
  );
}

/** The dry run's rows, a page at a time, with what each becomes and why. */
export function ImportReportRows({ rows }: { rows: readonly ImportRow[] }) {
  const { t } = useTranslation('import');
  const [shown, setShown] = useState(PAGE);
  const visible = rows.slice(0, shown);
  return (
    <div className="flex flex-col gap-3">
      <Table aria-label={t('report.tableLabel')} className="table-fixed">
        <TableHeader>
          <TableRow>
            {/* On a phone the row's number goes under the name: a column of its own leaves the names no room. */}
            <TableHead className="hidden w-20 sm:table-cell">{t('report.row')}</TableHead>
            <TableHead>{t('report.creator')}</TableHead>
            <TableHead className="w-1/2 sm:w-[45%]">{t('report.result')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {visible.map((row) => (
            <TableRow key={row.row}>
              <TableCell className="hidden align-top tabular-nums sm:table-cell">{row.row}</TableCell>
              <TableCell className="align-top">
                <p className="text-xs text-muted-foreground sm:hidden">{t('report.rowNumber', { row: row.row })}</p>
                <p className="font-medium break-words">{row.name || '—'}</p>
                <p className="text-sm break-all text-muted-foreground">{row.contactInfo}</p>
              </TableCell>
              <TableCell className="flex flex-col items-start gap-1 align-top whitespace-normal">
                <span
                  className={cn(
                    'rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
                    OUTCOME_CLASSES[row.outcome],
                  )}
                >
                  {t(`report.outcomes.${row.outcome}`)}
                </span>
                <Reasons row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.length > shown && (
        <Button variant="outline" className="self-center" onClick={() => setShown(shown + PAGE)}>
          {t('report.more', { count: Math.min(PAGE, rows.length - shown) })}
        </Button>
      )}
    </div>
  );
}
