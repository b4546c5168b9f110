import {
  BadgeCheckIcon,
  BanIcon,
  ChevronRightIcon,
  ClockIcon,
  FileCheckIcon,
  HandshakeIcon,
  type LucideIcon,
  SendIcon,
  StoreIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { CREATOR_STATUSES, type CreatorStatus } from '#shared/creator-status.ts';
import type { StatusCounts } from '#shared/replies/creators.ts';

/** The icon tints follow the status pill colours of product §4. */
const CARD_LOOKS = {
  pending: { icon: ClockIcon, tint: 'bg-yellow-100 text-yellow-700' },
  stage2_sent: { icon: SendIcon, tint: 'bg-blue-100 text-blue-700' },
  stage2_submitted: { icon: FileCheckIcon, tint: 'bg-green-100 text-green-700' },
  listed: { icon: StoreIcon, tint: 'bg-purple-100 text-purple-700' },
  matched: { icon: HandshakeIcon, tint: 'bg-indigo-100 text-indigo-700' },
  finalized: { icon: BadgeCheckIcon, tint: 'bg-teal-100 text-teal-700' },
  cancelled: { icon: BanIcon, tint: 'bg-red-100 text-red-700' },
} as const satisfies Record<CreatorStatus, { icon: LucideIcon; tint: string }>;

const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-7';

/** Product §2: seven count cards, each leading to its status page. */
export function DashboardStatusCards({ counts }: { counts: StatusCounts | undefined }) {
  const { t, i18n } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const numberFormat = new Intl.NumberFormat(i18n.resolvedLanguage);
  return (
    <ul className={GRID} aria-label={ta('dashboard.countsLabel')} aria-busy={counts === undefined}>
      {CREATOR_STATUSES.map((status) => {
        const { icon: Icon, tint } = CARD_LOOKS[status];
        const count = counts?.[status];
        return (
          <li key={status}>
            <Link
              href={`/admin/creators/${status}`}
              className={cn(
                'group flex h-full flex-col justify-between gap-3 rounded-xl border bg-card p-4 shadow-xs transition-all',
                'hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-md',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              )}
            >
              <span className="flex items-start justify-between gap-2">
                <span className="text-sm font-medium text-muted-foreground">{t(`status.${status}`)}</span>
                <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg', tint)}>
                  <Icon className="size-4" aria-hidden="true" />
                </span>
              </span>
              <span className="flex items-end justify-between gap-2">
                {count === undefined ? (
                  <span className="h-8 w-12 animate-pulse rounded-md bg-muted" aria-hidden="true" />
                ) : (
                  <span className="text-3xl font-bold tabular-nums tracking-tight">{numberFormat.format(count)}</span>
                )}
                <ChevronRightIcon
                  className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 rtl:rotate-180"
                  aria-hidden="true"
                />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
