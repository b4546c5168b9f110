import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { Insights } from '#shared/replies/insights.ts';
import { formatShare } from '../lib/format.ts';
import { BarCell, InsightsSection } from './insights-parts.tsx';

/** The form's funnel: visits per step, each bar against the landing page's visits, and the drop-off. */
export function InsightsFunnel({ funnel }: { funnel: Insights['funnel'] }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage;
  const numbers = new Intl.NumberFormat(language);
  const top = Math.max(0, ...funnel.map((row) => row.visits));
  return (
    <InsightsSection
      id="insights-funnel"
      title={t('insights.funnel.title')}
      description={t('insights.funnel.description')}
    >
      <Table aria-labelledby="insights-funnel">
        <TableHeader>
          <TableRow>
            <TableHead>{t('insights.funnel.step')}</TableHead>
            <TableHead className="w-1/2">{t('insights.funnel.visits')}</TableHead>
            <TableHead align="end">{t('insights.funnel.dropOff')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {funnel.map((row) => (
            <TableRow key={row.step}>
              <TableCell className="font-medium">{t(`insights.funnel.steps.${row.step}`)}</TableCell>
              <TableCell>
                <BarCell label={numbers.format(row.visits)} value={row.visits} max={top} />
              </TableCell>
              <TableCell className="text-end tabular-nums">
                {row.dropOff === null ? '–' : formatShare(language, row.dropOff, 1)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </InsightsSection>
  );
}

/** Visits through each recruiter's link and how many of them applied. */
export function InsightsRecruiterLinks({ rows }: { rows: Insights['funnelByRecruiter'] }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage;
  const numbers = new Intl.NumberFormat(language);
  const top = Math.max(0, ...rows.map((row) => row.landed));
  return (
    <InsightsSection
      id="insights-links"
      title={t('insights.links.title')}
      description={t('insights.links.description')}
    >
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('insights.noVisits')}</p>
      ) : (
        <Table aria-labelledby="insights-links">
          <TableHeader>
            <TableRow>
              <TableHead>{t('insights.links.recruiter')}</TableHead>
              <TableHead className="w-1/3">{t('insights.links.visits')}</TableHead>
              <TableHead align="end">{t('insights.links.submitted')}</TableHead>
              <TableHead align="end">{t('insights.links.conversion')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.recruiterId ?? 'none'}>
                <TableCell className="font-medium">
                  {row.recruiterId === null
                    ? t('insights.links.noLink')
                    : (row.recruiterName ?? t('insights.removedRecruiter'))}
                </TableCell>
                <TableCell>
                  <BarCell label={numbers.format(row.landed)} value={row.landed} max={top} />
                </TableCell>
                <TableCell className="text-end tabular-nums">{numbers.format(row.submitted)}</TableCell>
                <TableCell className="text-end tabular-nums">
                  {formatShare(language, row.submitted, row.landed)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </InsightsSection>
  );
}
