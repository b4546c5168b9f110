import { InboxIcon } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { StatusPill } from '#client/components/ui/status-pill.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { contactMethodText, formatDate } from '../lib/format.ts';

const SKELETON_ROWS = ['a', 'b', 'c'];

/** A creator's row on her status page, found by her Creator ID, where her actions and details are. */
function pageOf(creator: Pick<Creator, 'status' | 'creatorId'>): string {
  return `/admin/creators/${creator.status}?q=${encodeURIComponent(creator.creatorId)}`;
}

/** Product §2: the five newest creators, or 'No creators found'. */
export function DashboardRecentSubmissions({ creators }: { creators: readonly Creator[] | undefined }) {
  const { t, i18n } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const [, navigate] = useLocation();
  return (
    <section aria-labelledby="recent-submissions" className="rounded-xl border bg-card shadow-xs">
      <h2 id="recent-submissions" className="border-b px-4 py-3 text-base font-semibold tracking-tight sm:px-6">
        {ta('dashboard.recentTitle')}
      </h2>
      {creators?.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-4 py-12 text-center text-muted-foreground">
          <InboxIcon className="size-8" aria-hidden="true" />
          <p>{ta('dashboard.empty')}</p>
        </div>
      ) : (
        <Table aria-labelledby="recent-submissions" aria-busy={creators === undefined}>
          <TableHeader>
            <TableRow>
              <TableHead className="sm:ps-6">{ta('columns.creatorId')}</TableHead>
              <TableHead>{ta('columns.name')}</TableHead>
              <TableHead>{ta('columns.contactMethod')}</TableHead>
              <TableHead>{ta('columns.status')}</TableHead>
              <TableHead className="sm:pe-6">{ta('columns.date')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {creators
              ? creators.map((creator) => (
                  <TableRow
                    key={creator.id}
                    className="cursor-pointer"
                    // The whole row opens the creator; the link in it is what keyboards and screen readers use.
                    onClick={(event) => {
                      if (!(event.target instanceof Element && event.target.closest('a'))) navigate(pageOf(creator));
                    }}
                  >
                    <TableCell className="whitespace-nowrap font-mono text-xs sm:ps-6">
                      <Link
                        href={pageOf(creator)}
                        className="rounded-sm text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                        aria-label={ta('dashboard.openCreator', { name: creator.name, creatorId: creator.creatorId })}
                      >
                        {creator.creatorId}
                      </Link>
                    </TableCell>
                    <TableCell className="max-w-[16rem] truncate font-medium" title={creator.name}>
                      {creator.name}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{contactMethodText(t, creator.contactMethod)}</TableCell>
                    <TableCell>
                      <StatusPill status={creator.status} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-muted-foreground sm:pe-6">
                      {formatDate(creator.createdAt, i18n.resolvedLanguage)}
                    </TableCell>
                  </TableRow>
                ))
              : SKELETON_ROWS.map((row) => (
                  <TableRow key={row} aria-hidden="true">
                    {[1, 2, 3, 4, 5].map((cell) => (
                      <TableCell key={cell}>
                        <span className="block h-4 w-20 animate-pulse rounded bg-muted" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
