import { ListIcon, RefreshCwIcon, Trash2Icon, UserPlusIcon, UsersIcon } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useCan } from '#client/components/layouts/admin-layout.tsx';
import { RowFold, RowMenu } from '#client/components/row-menu.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { useAdminRecruiters } from '#client/lib/admin-recruiters.ts';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { useFoldToFit } from '#client/lib/use-fold-to-fit.ts';
import type { AdminRecruiter } from '#shared/replies/recruiters.ts';
import { RecruiterCreateDialog } from './recruiter-create-dialog.tsx';
import { RecruiterDeleteDialog } from './recruiter-delete-dialog.tsx';
import { RecruiterEmailCell } from './recruiter-email-cell.tsx';
import { RecruiterLinkButton } from './recruiter-link-dialog.tsx';
import { ListSkeleton, Panel, PanelMessage } from './recruiter-panel.tsx';

export interface RecruiterListProps {
  /** The address of a recruiter's listings view. */
  listingsHref: (recruiter: AdminRecruiter) => string;
}

function ApplicationsCount({ count }: { count: number }) {
  const { t } = useTranslation('recruiters');
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap tabular-nums',
        count === 0 ? 'bg-muted text-muted-foreground' : 'bg-secondary text-secondary-foreground',
      )}
    >
      {t('list.applications', { count })}
    </span>
  );
}

function RowActions({
  recruiter,
  listingsHref,
  onDelete,
  isFolded = false,
  className,
}: {
  recruiter: AdminRecruiter;
  listingsHref: string;
  onDelete: () => void;
  /** The table is too wide for its box: the link and delete buttons go into a "More actions" menu. */
  isFolded?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('recruiters');
  const mayManage = useCan('manageRecruiters');
  const row = useRef<HTMLDivElement>(null);
  const others = (
    <>
      <RecruiterLinkButton recruiter={recruiter} />
      {mayManage && (
        <Button
          variant="danger"
          size="sm"
          onClick={onDelete}
          aria-label={t('list.deleteNamed', { name: recruiter.name })}
        >
          <Trash2Icon aria-hidden="true" />
          {t('list.delete')}
        </Button>
      )}
    </>
  );
  return (
    <div ref={row} className={className}>
      <Link
        href={listingsHref}
        className={buttonVariants({ variant: 'outline', size: 'sm', className: 'flex-1 sm:flex-none' })}
      >
        <ListIcon aria-hidden="true" />
        {t('list.viewListings')}
      </Link>
      <RowFold isFolded={isFolded}>{others}</RowFold>
      {isFolded && <RowMenu label={t('list.moreFor', { name: recruiter.name })} title={t('list.more')} row={row} />}
    </div>
  );
}

function EmptyState() {
  const { t } = useTranslation('recruiters');
  const mayManage = useCan('manageRecruiters');
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <UsersIcon className="size-6" aria-hidden="true" />
      </div>
      <h3 className="text-base font-semibold">{t('list.emptyTitle')}</h3>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">{t('list.emptyDescription')}</p>
      {mayManage && (
        <div className="mt-6">
          <RecruiterCreateDialog
            trigger={
              <Button variant="outline">
                <UserPlusIcon aria-hidden="true" />
                {t('create.open')}
              </Button>
            }
          />
        </div>
      )}
    </div>
  );
}

/** Product §2 Recruiter Management: a table on wider screens, one card per recruiter on phones. */
function RecruiterRows({
  recruiters,
  listingsHref,
  onDelete,
}: {
  recruiters: AdminRecruiter[];
  listingsHref: RecruiterListProps['listingsHref'];
  onDelete: (recruiter: AdminRecruiter) => void;
}) {
  const { t } = useTranslation('recruiters');
  const table = useRef<HTMLTableElement>(null);
  const isFolded = useFoldToFit(table, recruiters) > 0;
  return (
    <>
      <div className="hidden md:block">
        <Table ref={table}>
          <TableHeader>
            <TableRow>
              <TableHead className="ps-6">{t('list.columns.name')}</TableHead>
              <TableHead>{t('list.columns.email')}</TableHead>
              <TableHead>{t('list.columns.applications')}</TableHead>
              <TableHead align="end" className="pe-6">
                {t('list.columns.actions')}
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {recruiters.map((recruiter) => (
              <TableRow key={recruiter.id}>
                <th scope="row" className="max-w-64 px-4 py-3 ps-6 text-start font-medium break-words">
                  {recruiter.name}
                </th>
                {/* Takes the room the other columns leave; a long address is cut short, in full on hover. */}
                <TableCell className="w-full max-w-0 min-w-40">
                  <RecruiterEmailCell recruiter={recruiter} />
                </TableCell>
                <TableCell>
                  <ApplicationsCount count={recruiter.applicationsCount} />
                </TableCell>
                <TableCell className="pe-6">
                  <RowActions
                    recruiter={recruiter}
                    listingsHref={listingsHref(recruiter)}
                    onDelete={() => onDelete(recruiter)}
                    isFolded={isFolded}
                    className="flex justify-end gap-2 whitespace-nowrap"
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y md:hidden">
        {recruiters.map((recruiter) => (
          <li key={recruiter.id} className="grid grid-cols-1 gap-3 p-4">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-medium break-words">{recruiter.name}</p>
              <ApplicationsCount count={recruiter.applicationsCount} />
            </div>
            <RecruiterEmailCell recruiter={recruiter} />
            <RowActions
              recruiter={recruiter}
              listingsHref={listingsHref(recruiter)}
              onDelete={() => onDelete(recruiter)}
              className="flex flex-wrap gap-2"
            />
          </li>
        ))}
      </ul>
    </>
  );
}

export function RecruiterList({ listingsHref }: RecruiterListProps) {
  const { t } = useTranslation('recruiters');
  const recruiters = useAdminRecruiters();
  const [deleting, setDeleting] = useState<AdminRecruiter | null>(null);
  // Managing recruiters is an owner's (decision 021): reviewers see the list and the listings only.
  const mayManage = useCan('manageRecruiters');
  const count = recruiters.data?.length ?? 0;

  let body: ReactNode;
  if (recruiters.isPending) body = <ListSkeleton label={t('list.loading')} />;
  else if (recruiters.isError)
    body = (
      <PanelMessage tone="error" message={t('list.loadFailed')}>
        <Button variant="outline" size="sm" onClick={() => void recruiters.refetch()} disabled={recruiters.isFetching}>
          <RefreshCwIcon aria-hidden="true" />
          {t('common.retry')}
        </Button>
      </PanelMessage>
    );
  else if (count === 0) body = <EmptyState />;
  else body = <RecruiterRows recruiters={recruiters.data} listingsHref={listingsHref} onDelete={setDeleting} />;

  return (
    <Panel
      heading={
        <>
          {t('list.heading')}
          {count > 0 && (
            <span className="ms-2 align-middle text-sm font-normal text-muted-foreground tabular-nums">({count})</span>
          )}
        </>
      }
      description={t('list.description')}
      actions={mayManage && (count > 0 || recruiters.isError) ? <RecruiterCreateDialog /> : undefined}
    >
      {body}
      <RecruiterDeleteDialog
        recruiter={deleting}
        isLast={count === 1}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </Panel>
  );
}
