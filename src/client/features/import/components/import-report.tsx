import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#client/components/ui/radio-group.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { ImportDuplicateChoice } from '#shared/creator-import.ts';
import type { ImportReport } from '#shared/replies/creator-import.ts';
import { ImportReportRows } from './import-report-rows.tsx';

function Count({ value, tone }: { value: string; tone: string }) {
  return <p className={`rounded-lg border px-3 py-2 text-sm font-medium ${tone}`}>{value}</p>;
}

/**
 * The dry run's answer (decision 061): how many rows become creators, are invalid or duplicate, which columns
 * are ignored, each row and why, the owner's choice about duplicates, and the button that imports.
 */
export function ImportReportView({
  report,
  onImport,
  onCancel,
}: {
  report: ImportReport;
  onImport: (duplicates: ImportDuplicateChoice) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('import');
  const [withDuplicates, setWithDuplicates] = useState(false);
  const problems = report.items.filter((item) => item.outcome !== 'create');
  const [filter, setFilter] = useState<'problems' | 'all'>(problems.length > 0 ? 'problems' : 'all');
  const toCreate = report.valid - report.duplicates + (withDuplicates ? report.duplicates : 0);
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h3 className="text-base font-semibold">{t('report.heading')}</h3>
        <p className="text-sm break-all text-muted-foreground">{t('report.file', { name: report.fileName })}</p>
      </div>
      <div className="grid gap-2 sm:grid-cols-3">
        <Count value={t('report.toCreate', { count: report.valid - report.duplicates })} tone="border-green-600/30" />
        <Count value={t('report.invalid', { count: report.invalid })} tone="border-red-600/30" />
        <Count value={t('report.duplicates', { count: report.duplicates })} tone="border-yellow-600/30" />
      </div>
      {report.columns.ignored.length > 0 && (
        <p className="rounded-lg bg-muted p-3 text-sm break-words">
          {t('report.ignoredColumns', { columns: report.columns.ignored.join(', ') })}
        </p>
      )}
      {report.invalid > 0 && <p className="text-sm text-muted-foreground">{t('report.invalidNote')}</p>}
      {report.duplicates > 0 && (
        <div className="flex items-start gap-3">
          <Checkbox
            id="import-duplicates"
            checked={withDuplicates}
            onCheckedChange={(checked) => setWithDuplicates(checked === true)}
          />
          <Label htmlFor="import-duplicates" className="leading-snug">
            {t('report.includeDuplicates', { count: report.duplicates })}
          </Label>
        </div>
      )}
      <div className="flex flex-col gap-3">
        <RadioGroup
          aria-label={t('report.show')}
          value={filter}
          onValueChange={(value) => setFilter(value === 'all' ? 'all' : 'problems')}
          className="flex flex-wrap gap-x-6 gap-y-2"
        >
          <div className="flex items-center gap-2">
            <RadioGroupItem id="import-show-problems" value="problems" />
            <Label htmlFor="import-show-problems">{t('report.problems', { count: problems.length })}</Label>
          </div>
          <div className="flex items-center gap-2">
            <RadioGroupItem id="import-show-all" value="all" />
            <Label htmlFor="import-show-all">{t('report.all', { count: report.items.length })}</Label>
          </div>
        </RadioGroup>
        {filter === 'problems' && problems.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('report.noProblems')}</p>
        ) : (
          <ImportReportRows key={filter} rows={filter === 'all' ? report.items : problems} />
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('tryAnother')}
        </Button>
        <Button disabled={toCreate === 0} onClick={() => onImport(withDuplicates ? 'import' : 'skip')}>
          {toCreate === 0 ? t('report.nothing') : t('report.import', { count: toCreate })}
        </Button>
      </div>
    </div>
  );
}
