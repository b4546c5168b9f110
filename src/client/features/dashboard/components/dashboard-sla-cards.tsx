import { AlarmClockIcon, ChevronRightIcon, HourglassIcon, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import type { SlaCounts } from '#shared/replies/creators.ts';
import type { SlaFilter } from '#shared/schemas/creator.ts';

const LOOKS = {
  due: { icon: HourglassIcon, tint: 'bg-amber-100 text-amber-700', title: 'sla.due', hint: 'sla.dueHint' },
  overdue: { icon: AlarmClockIcon, tint: 'bg-red-100 text-red-700', title: 'sla.overdue', hint: 'sla.overdueHint' },
} as const satisfies Record<SlaFilter, { icon: LucideIcon; tint: string; title: string; hint: string }>;

/**
 * The 24–48 hour promise (docs/decisions/025): how many pending creators nobody has answered are due or
 * overdue, each leading to exactly those creators, longest waiting first.
 */
export function DashboardSlaCards({ sla }: { sla: SlaCounts | undefined }) {
  const { t, i18n } = useTranslation('admin');
  const numberFormat = new Intl.NumberFormat(i18n.resolvedLanguage);
  return (
    <section aria-labelledby="sla-title" className="grid gap-3">
      <h2 id="sla-title" className="text-base font-semibold tracking-tight">
        {t('sla.title')}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4" aria-busy={sla === undefined}>
        {(['due', 'overdue'] as const).map((level) => {
          const { icon: Icon, tint, title, hint } = LOOKS[level];
          const count = sla?.[level];
          const isAlarming = level === 'overdue' && (count ?? 0) > 0;
          return (
            <li key={level}>
              <Link
                href={`/admin/creators/pending?sort=oldest&sla=${level}`}
                className={cn(
                  'group flex h-full items-center justify-between gap-3 rounded-xl border bg-card p-4 shadow-xs transition-all',
                  'hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-md',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  isAlarming && 'border-red-300',
                )}
              >
                <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', tint)}>
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="text-sm font-medium">{t(title)}</span>
                  <span className="text-xs text-muted-foreground">{t(hint)}</span>
                </span>
                {count === undefined ? (
                  <span className="h-8 w-12 animate-pulse rounded-md bg-muted" aria-hidden="true" />
                ) : (
                  <span className="text-3xl font-bold tabular-nums tracking-tight">{numberFormat.format(count)}</span>
                )}
                <ChevronRightIcon
                  className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 rtl:rotate-180"
                  aria-hidden="true"
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
