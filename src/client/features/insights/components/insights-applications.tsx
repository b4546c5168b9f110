import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { Insights } from '#shared/replies/insights.ts';
import { InsightsSection } from './insights-parts.tsx';

const CHART_HEIGHT = 120;

/**
 * Applications per day as columns (SVG, hidden from assistive technology) over the same figures as a table,
 * which a screen reader reads and anyone can open.
 */
export function InsightsApplications({ days }: { days: Insights['applicationsPerDay'] }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage;
  const numbers = new Intl.NumberFormat(language);
  const dates = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dayLabel = (day: string) => dates.format(new Date(`${day}T00:00:00Z`));
  const total = days.reduce((sum, day) => sum + day.applications, 0);
  const top = Math.max(1, ...days.map((day) => day.applications));
  const width = Math.max(1, days.length) * 10;
  return (
    <InsightsSection
      id="insights-applications"
      title={t('insights.applications.title')}
      description={t('insights.applications.description', { total: numbers.format(total) })}
    >
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        className="h-32 w-full text-primary"
      >
        <line x1="0" x2={width} y1={CHART_HEIGHT - 0.5} y2={CHART_HEIGHT - 0.5} className="stroke-border" />
        {days.map((day, index) => {
          const height = (day.applications / top) * (CHART_HEIGHT - 4);
          return (
            <rect
              key={day.day}
              x={index * 10 + 1.5}
              y={CHART_HEIGHT - height}
              width={7}
              height={height}
              rx={1}
              className="fill-current"
            >
              <title>{`${dayLabel(day.day)}: ${numbers.format(day.applications)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-muted-foreground">
        <span>{days[0] ? dayLabel(days[0].day) : ''}</span>
        <span>{days.at(-1) ? dayLabel(days.at(-1)?.day ?? '') : ''}</span>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-primary">{t('insights.applications.showTable')}</summary>
        <div className="mt-2">
          <Table aria-labelledby="insights-applications">
            <TableHeader>
              <TableRow>
                <TableHead>{t('insights.applications.day')}</TableHead>
                <TableHead align="end">{t('insights.applications.count')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {days.map((day) => (
                <TableRow key={day.day}>
                  <TableCell>
                    <time dateTime={day.day}>{dayLabel(day.day)}</time>
                  </TableCell>
                  <TableCell className="text-end tabular-nums">{numbers.format(day.applications)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </details>
    </InsightsSection>
  );
}
