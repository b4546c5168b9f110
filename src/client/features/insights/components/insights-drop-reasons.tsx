import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { useCancelReasonName, useCancelReasons } from '#client/lib/cancel-reasons.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import type { Insights } from '#shared/replies/insights.ts';
import { formatShare } from '../lib/format.ts';
import { BarCell, InsightsSection } from './insights-parts.tsx';

type DropRow = Insights['dropReasons'][number];

interface Group {
  key: string;
  name: string;
  total: number;
  /** The reason given most in the group, and how often. */
  top: { reasonId: string | null; count: number };
}

/** The rows summed per group, each with the reason it gives most (ties: the one listed first by the server). */
function groupsOf(rows: DropRow[], keyOf: (row: DropRow) => string, nameOf: (row: DropRow) => string): Group[] {
  const groups = new Map<string, { name: string; total: number; byReason: Map<string | null, number> }>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key) ?? { name: nameOf(row), total: 0, byReason: new Map() };
    group.total += row.count;
    group.byReason.set(row.reasonId, (group.byReason.get(row.reasonId) ?? 0) + row.count);
    groups.set(key, group);
  }
  return [...groups].map(([key, group]) => {
    const [reasonId, count] = [...group.byReason].reduce((best, next) => (next[1] > best[1] ? next : best));
    return { key, name: group.name, total: group.total, top: { reasonId, count } };
  });
}

/**
 * Why the range's applicants who are cancelled now were cancelled (decision 063): every reason with its share, then
 * each recruiter's and each language's cancellations with the reason they give most.
 */
export function InsightsDropReasons({
  rows,
  recruiterName,
}: {
  rows: DropRow[];
  recruiterName: (row: { recruiterId: string | null; recruiterName: string | null }) => string;
}) {
  const { t, i18n } = useTranslation('admin');
  const reasons = useCancelReasons();
  const nameOfReason = useCancelReasonName();
  const language = i18n.resolvedLanguage;
  const numbers = new Intl.NumberFormat(language);
  const reasonName = (id: string | null) => {
    const reason = reasons.data?.reasons.find((entry) => entry.id === id);
    return reason ? nameOfReason(reason) : id === null ? t('cancel.none') : '…';
  };
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const byReason = groupsOf(
    rows,
    (row) => row.reasonId ?? 'none',
    (row) => reasonName(row.reasonId),
  ).sort((a, b) => b.total - a.total);
  const top = Math.max(0, ...byReason.map((group) => group.total));
  const groupTables = [
    {
      id: 'insights-drops-by-recruiter',
      heading: t('insights.conversion.recruiter'),
      groups: groupsOf(rows, (row) => row.recruiterId ?? 'none', recruiterName),
    },
    {
      id: 'insights-drops-by-language',
      heading: t('insights.conversion.language'),
      groups: groupsOf(
        rows,
        (row) => row.language,
        (row) => row.language,
      ),
    },
  ];

  return (
    <InsightsSection
      id="insights-drops"
      title={t('insights.drops.title')}
      description={t('insights.drops.description')}
    >
      {total === 0 ? (
        <p className="text-sm text-muted-foreground">{t('insights.drops.empty')}</p>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <Table aria-labelledby="insights-drops">
            <TableHeader>
              <TableRow>
                <TableHead>{t('cancel.reason')}</TableHead>
                <TableHead className="w-1/2">{t('insights.drops.cancelled')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {byReason.map((group) => (
                <TableRow key={group.key}>
                  <TableCell className="font-medium break-words">{group.name}</TableCell>
                  <TableCell>
                    <BarCell
                      label={`${numbers.format(group.total)} (${formatShare(language, group.total, total)})`}
                      value={group.total}
                      max={top}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[repeat(2,minmax(0,1fr))]">
            {groupTables.map(({ id, heading, groups }) => (
              <Table key={id} aria-label={t('insights.drops.by', { group: heading })}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{heading}</TableHead>
                    <TableHead align="end">{t('insights.drops.cancelled')}</TableHead>
                    <TableHead>{t('insights.drops.mostOften')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {groups
                    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))
                    .map((group) => (
                      <TableRow key={group.key}>
                        <TableCell className="font-medium break-words">{group.name}</TableCell>
                        <TableCell className="text-end tabular-nums">{numbers.format(group.total)}</TableCell>
                        <TableCell className="break-words">
                          {t('insights.drops.reasonCount', {
                            reason: reasonName(group.top.reasonId),
                            count: group.top.count,
                          })}
                        </TableCell>
                      </TableRow>
                    ))}
                </TableBody>
              </Table>
            ))}
          </div>
        </div>
      )}
    </InsightsSection>
  );
}
