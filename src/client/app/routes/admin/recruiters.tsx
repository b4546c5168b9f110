import { LoaderCircleIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'wouter';
import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';
import { CreatorActivityDialog } from '#client/features/creators/components/creator-activity-dialog.tsx';
import { CreatorBulkBar } from '#client/features/creators/components/creator-bulk-bar.tsx';
import { CreatorDetailsDialog } from '#client/features/creators/components/creator-details-dialog.tsx';
import { CreatorRowActions } from '#client/features/creators/components/creator-row-actions.tsx';
import { CreatorPageCheckbox, CreatorSelectCheckbox } from '#client/features/creators/components/creator-select.tsx';
import { useBulkSelection } from '#client/features/creators/lib/use-bulk-selection.ts';
import type { ListingsFilter } from '#client/features/recruiters/api/query-keys.ts';
import { renderRecruiterEmail } from '#client/features/recruiters/components/recruiter-email-of.tsx';
import { RecruiterList } from '#client/features/recruiters/components/recruiter-list.tsx';
import { RecruiterListings } from '#client/features/recruiters/components/recruiter-listings.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { FIRST_PAGE, type PagePosition, readPagePosition, writePagePosition } from '#client/lib/page-position.ts';
import { isCreatorStatus } from '#shared/creator-status.ts';
import type { Creator } from '#shared/replies/creators.ts';

const BASE_PATH = '/admin/recruiters';

const listingsHref = (recruiter: { id: string }) => `${BASE_PATH}?${new URLSearchParams({ recruiter: recruiter.id })}`;

/** Which creator dialog is showing; kept while it closes so its exit animation still has a Creator ID. */
interface CreatorDialogState {
  kind: 'details' | 'activity';
  creatorId: string;
  isOpen: boolean;
}

function RecruitersLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-muted-foreground">
      <LoaderCircleIcon className="size-5 animate-spin text-primary" aria-hidden="true" />
      {t('common.loading')}
    </div>
  );
}

/**
 * A recruiter's listings (product §2) with the creators feature's row actions and dialogs; composed here because
 * client features never import each other (architecture §9.1). A status change keeps the admin on this list, which
 * refreshes with the new status.
 */
function RecruiterListingsScreen({
  recruiterId,
  status,
  onStatusChange,
  position,
  onPositionChange,
}: {
  recruiterId: string;
  status: ListingsFilter;
  onStatusChange: (status: ListingsFilter) => void;
  position: PagePosition;
  /** `replace` swaps the address entry instead of adding one (a page that cannot be shown). */
  onPositionChange: (position: PagePosition, options?: { replace?: boolean }) => void;
}) {
  const [dialog, setDialog] = useState<CreatorDialogState | null>(null);
  const selection = useBulkSelection();
  const open = (kind: CreatorDialogState['kind']) => (creator: Creator) =>
    setDialog({ kind, creatorId: creator.creatorId, isOpen: true });
  const onOpenChange = (isOpen: boolean) => setDialog((current) => (current ? { ...current, isOpen } : null));
  return (
    <>
      <RecruiterListings
        recruiterId={recruiterId}
        status={status}
        onStatusChange={(next) => {
          // Another filter is another list: what was selected in this one no longer applies.
          selection.clear();
          onStatusChange(next);
        }}
        position={position}
        onPositionChange={onPositionChange}
        backHref={BASE_PATH}
        renderSelect={(creator) => <CreatorSelectCheckbox creatorId={creator.creatorId} selection={selection} />}
        renderSelectPage={(creators) => (
          <CreatorPageCheckbox creatorIds={creators.map((creator) => creator.creatorId)} selection={selection} />
        )}
        renderBulkBar={(list) => (
          <CreatorBulkBar
            selection={selection}
            filter={{ recruiterId, ...(status === 'all' ? {} : { status }) }}
            total={list.total}
            totalIsExact={list.totalIsExact}
          />
        )}
        // 'contents': the action buttons wrap together with the view buttons instead of as one block; a table
        // too wide for them folds all but the first into a menu.
        renderRowActions={(creator, { foldLevel }) => (
          <CreatorRowActions
            creator={creator}
            layout={foldLevel === 0 ? 'contents' : foldLevel === 1 ? 'menu' : 'menuOnly'}
          />
        )}
        onViewDetails={open('details')}
        onViewLog={open('activity')}
      />
      {dialog?.kind === 'details' && (
        <CreatorDetailsDialog
          creatorId={dialog.creatorId}
          open={dialog.isOpen}
          onOpenChange={onOpenChange}
          renderRecruiterEmail={renderRecruiterEmail}
        />
      )}
      {dialog?.kind === 'activity' && (
        <CreatorActivityDialog creatorId={dialog.creatorId} open={dialog.isOpen} onOpenChange={onOpenChange} />
      )}
    </>
  );
}

/**
 * Recruiter management (product §2 /admin/recruiters). A recruiter's listings live at ?recruiter=<id>
 * (and &status=<status>, and the page: &cursor=&p= or &page=last), so a reload or a shared link keeps the view.
 */
export function AdminRecruitersRoute() {
  // The router loads the namespace with this screen's chunk; should it still be missing, useTranslation
  // fetches it and reports ready once it is in.
  const { t, ready } = useTranslation('recruiters');
  const [params, setParams] = useSearchParams();
  const recruiterId = params.get('recruiter');
  const statusParam = params.get('status');
  const status: ListingsFilter = isCreatorStatus(statusParam) ? statusParam : 'all';
  const position = readPagePosition(params);

  /** Another filter is another list: it starts at its first page. */
  function setStatus(next: ListingsFilter) {
    setParams(
      (previous) => {
        const updated = writePagePosition(previous, FIRST_PAGE);
        if (next === 'all') updated.delete('status');
        else updated.set('status', next);
        return updated;
      },
      { replace: true },
    );
  }

  /** Each page is an entry in the history, so Back returns to the page before. */
  function setPosition(next: PagePosition, options?: { replace?: boolean }) {
    setParams((previous) => writePagePosition(previous, next), options);
  }

  let content: ReactNode;
  if (!ready) content = <RecruitersLoading />;
  else if (recruiterId)
    content = (
      <RecruiterListingsScreen
        key={recruiterId}
        recruiterId={recruiterId}
        status={status}
        onStatusChange={setStatus}
        position={position}
        onPositionChange={setPosition}
      />
    );
  else content = <RecruiterList listingsHref={listingsHref} />;

  return <AdminLayout title={ready ? t('title') : ''}>{content}</AdminLayout>;
}
