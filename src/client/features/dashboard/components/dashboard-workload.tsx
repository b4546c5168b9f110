import { Link } from 'wouter';
import { useAdminSession } from '#client/components/layouts/admin-layout.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import type { AssigneeWorkload } from '#shared/replies/assignees.ts';
import { useWorkload } from '../api/get-workload.ts';

/** Each number leads to exactly those creators, in the list that holds them. */
function CountLink({ href, count, isAlarming = false }: { href: string; count: number; isAlarming?: boolean }) {
  const { i18n } = useTranslation();
  const text = new Intl.NumberFormat(i18n.resolvedLanguage).format(count);
  if (count === 0) return <span className="text-muted-foreground tabular-nums">{text}</span>;
  return (
    <Link
      href={href}
      className={cn(
        'font-medium tabular-nums text-primary underline-offset-4 hover:underline',
        isAlarming && 'text-red-700',
      )}
    >
      {text}
    </Link>
  );
}

/**
 * Who holds what (decision 063): each admin's creators still in play, the pending ones with how many are due or
 * overdue for a first answer, the signed-in admin first as "You". Admins with nothing are left out, but a
 * disabled admin who still holds creators is listed, marked, so their creators can be handed on.
 */
export function DashboardWorkload() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const session = useAdminSession();
  const workload = useWorkload();
  const inPlay = (row: AssigneeWorkload) =>
    row.counts.stage2_sent + row.counts.stage2_submitted + row.counts.listed + row.counts.matched;
  const rows = (workload.data?.workload ?? [])
    .filter((row) => row.username === session?.username || row.counts.pending + inPlay(row) > 0)
    .sort((a, b) => Number(b.username === session?.username) - Number(a.username === session?.username));
  if (workload.isError || rows.length === 0) return null;
  const list = (status: string, row: AssigneeWorkload, extra = '') =>
    `/admin/creators/${status}?assignee=${row.username === session?.username ? 'me' : row.adminId}${extra}`;
  return (
    <section aria-labelledby="workload-title" className="grid gap-3">
      <h2 id="workload-title" className="text-base font-semibold tracking-tight">
        {t('workload.title')}
      </h2>
      <div className="overflow-hidden rounded-xl border bg-card shadow-xs">
        <Table aria-labelledby="workload-title">
          <TableHeader>
            <TableRow>
              <TableHead className="ps-4">{t('assign.assignee')}</TableHead>
              <TableHead align="end">{tc('status.pending')}</TableHead>
              <TableHead align="end">{t('sla.due')}</TableHead>
              <TableHead align="end">{t('sla.overdue')}</TableHead>
              <TableHead align="end" className="pe-4">
                {tc('status.listed')}
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.adminId}>
                <TableCell className="max-w-[10rem] ps-4 font-medium break-words">
                  {row.username === session?.username ? t('workload.you', { name: row.username }) : row.username}
                  {row.isDisabled && (
                    <span className="block text-xs font-normal text-red-700">{t('workload.disabled')}</span>
                  )}
                </TableCell>
                <TableCell className="text-end">
                  <CountLink href={list('pending', row)} count={row.counts.pending} />
                </TableCell>
                <TableCell className="text-end">
                  <CountLink href={list('pending', row, '&sla=due&sort=oldest')} count={row.due} />
                </TableCell>
                <TableCell className="text-end">
                  <CountLink href={list('pending', row, '&sla=overdue&sort=oldest')} count={row.overdue} isAlarming />
                </TableCell>
                <TableCell className="pe-4 text-end">
                  <CountLink href={list('listed', row)} count={row.counts.listed} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
