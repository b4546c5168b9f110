import { BookmarkIcon, UsersIcon } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { savedViewPath } from '#shared/saved-views.ts';
import { sameQuery, useSavedViews } from '../api/saved-views.ts';

/**
 * The sidebar's saved views (decision 063): yours, then the team's shared ones, each with how many creators it
 * shows now ("1,000+" past the count's cap). Nothing shows until a view is saved.
 */
export function SavedViewsNav({ onNavigate }: { onNavigate?: (() => void) | undefined }) {
  const { t, i18n } = useTranslation('admin');
  const views = useSavedViews();
  const [location] = useLocation();
  const search = useSearch();
  const list = views.data?.views ?? [];
  if (list.length === 0) return null;
  const here = Object.fromEntries(new URLSearchParams(search));
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <>
      <p className="mt-4 mb-1 px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
        {t('views.heading')}
      </p>
      {list.map((view) => {
        const href = savedViewPath(view.list, view.query);
        const isActive = location === href.split('?')[0] && sameQuery(here, view.query);
        const Icon = view.shared ? UsersIcon : BookmarkIcon;
        const count = `${number.format(view.count)}${view.countIsExact ? '' : '+'}`;
        return (
          <Link
            key={view.id}
            href={href}
            aria-current={isActive ? 'page' : undefined}
            onClick={onNavigate}
            title={view.mine ? undefined : t('views.sharedBy', { name: view.ownerName })}
            className={cn(
              'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              isActive
                ? 'bg-secondary text-secondary-foreground'
                : 'text-muted-foreground hover:bg-muted hover:text-foreground',
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 flex-1 truncate">{view.name}</span>
            <span className="shrink-0 text-xs tabular-nums" aria-hidden="true">
              {count}
            </span>
            <span className="sr-only">{t('views.countLabel', { count: view.count })}</span>
          </Link>
        );
      })}
    </>
  );
}
