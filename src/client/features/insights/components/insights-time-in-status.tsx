import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { Insights } from '#shared/replies/insights.ts';
import { formatDuration } from '../lib/format.ts';
import { BarCell, InsightsSection } from './insights-parts.tsx';

/** The median stay in each status, for the moves out of it made in the range. */
export function InsightsTimeInStatus({ rows }: { rows: Insights['timeInStatus'] }) {
  const { t: tc } = useTranslation();
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage;
  const numbers = new Intl.NumberFormat(language);
  const top = Math.max(0, ...rows.map((row) => row.medianSeconds ?? 0));
  return (
    <InsightsSection id="insights-time" title={t('insights.time.title')} description={t('insights.time.description')}>
      <Table aria-labelledby="insights-time">
        <TableHeader>
          <TableRow>
            <TableHead>{t('insights.time.status')}</TableHead>
            <TableHead className="w-1/2">{t('insights.time.median')}</TableHead>
            <TableHead align="end">{t('insights.time.changes')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.status}>
              <TableCell className="font-medium">{tc(`status.${row.status}`)}</TableCell>
              <TableCell>
                {row.medianSeconds === null ? (
                  <span className="text-muted-foreground">{t('insights.time.none')}</span>
                ) : (
                  <BarCell label={formatDuration(language, row.medianSeconds)} value={row.medianSeconds} max={top} />
                )}
              </TableCell>
              <TableCell className="text-end tabular-nums">{numbers.format(row.changes)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </InsightsSection>
  );
}
