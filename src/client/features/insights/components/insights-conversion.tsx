import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { MILESTONES, type MilestoneCounts } from '#shared/schemas/insights.ts';
import { formatShare } from '../lib/format.ts';
import { BarCell, InsightsSection } from './insights-parts.tsx';

/**
 * How far the range's applicants got (applied → listed → matched → finalized), one row per group; each later
 * milestone shows its count, its share of the group's applications and a bar of that share.
 */
export function InsightsConversion<Row extends MilestoneCounts>({
  id,
  title,
  groupHeading,
  rows,
  keyOf,
  nameOf,
}: {
  id: string;
  title: string;
  groupHeading: string;
  rows: Row[];
  keyOf: (row: Row) => string;
  nameOf: (row: Row) => string;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage;
  const numbers = new Intl.NumberFormat(language);
  return (
    <InsightsSection id={id} title={title} description={t('insights.conversion.description')}>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('insights.conversion.empty')}</p>
      ) : (
        <Table aria-labelledby={id}>
          <TableHeader>
            <TableRow>
              <TableHead>{groupHeading}</TableHead>
              {MILESTONES.map((milestone) => (
                <TableHead key={milestone}>{t(`insights.conversion.${milestone}`)}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={keyOf(row)}>
                <TableCell className="font-medium">{nameOf(row)}</TableCell>
                {MILESTONES.map((milestone) => (
                  <TableCell key={milestone}>
                    {milestone === 'applied' ? (
                      <span className="tabular-nums">{numbers.format(row.applied)}</span>
                    ) : (
                      <BarCell
                        label={`${numbers.format(row[milestone])} (${formatShare(language, row[milestone], row.applied)})`}
                        value={row[milestone]}
                        max={row.applied}
                      />
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </InsightsSection>
  );
}
