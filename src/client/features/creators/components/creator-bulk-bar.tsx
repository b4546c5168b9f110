import {
  ChevronDownIcon,
  MessageCircleIcon,
  SendIcon,
  TagIcon,
  Trash2Icon,
  UserRoundPlusIcon,
  XIcon,
} from 'lucide-react';
import { useState } from 'react';
import { usePermissions } from '#client/components/layouts/admin-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { useStatusName } from '#client/lib/use-status-name.ts';
import type { BulkTargetStatus } from '#shared/creator-actions.ts';
import type { BulkResult } from '#shared/replies/creators.ts';
import type { BulkRequest, CreatorFilter } from '#shared/schemas/bulk.ts';
import { isBulkJob, useRunBulkAction } from '../api/run-bulk-action.ts';
import { toastActionFailure } from '../lib/action-feedback.ts';
import { bulkOfferFor } from '../lib/bulk-actions.ts';
import { watchBulkJob } from '../lib/bulk-job-store.ts';
import type { BulkSelection } from '../lib/use-bulk-selection.ts';
import { type AssignTarget, CreatorAssignDialog } from './creator-assign-dialog.tsx';
import { CreatorBulkConfirmDialog } from './creator-bulk-confirm-dialog.tsx';
import { CreatorBulkContactDialog } from './creator-bulk-contact-dialog.tsx';
import { CreatorBulkResultDialog } from './creator-bulk-result-dialog.tsx';
import { CreatorTagsDialog, type TagsTarget } from './creator-tags-dialog.tsx';

type PendingAction = { action: 'status'; status: BulkTargetStatus } | { action: 'stage2' } | { action: 'delete' };

export interface CreatorBulkBarProps {
  selection: BulkSelection;
  /** The list's filter: what "all matching" means, and (its status) which actions can apply. */
  filter: CreatorFilter;
  /** How many creators the list holds, and whether that number is exact (a search stops counting). */
  total: number;
  totalIsExact: boolean;
}

/**
 * Bulk actions on the selected creators (docs/decisions/027): change status, send Stage 2 links, delete.
 * Only actions the list's status can take are offered (on a mixed list, all of them); the server still
 * judges each creator and the summary says which were left unchanged and why.
 */
export function CreatorBulkBar({ selection, filter, total, totalIsExact }: CreatorBulkBarProps) {
  const { t, i18n } = useTranslation('admin');
  const statusName = useStatusName();
  const may = usePermissions();
  const bulk = useRunBulkAction();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [result, setResult] = useState<BulkResult | null>(null);
  const [isContacting, setContacting] = useState(false);
  const [assigning, setAssigning] = useState<AssignTarget | null>(null);
  const [tagging, setTagging] = useState<TagsTarget | null>(null);
  const from = filter.status;
  const count = selection.isAllMatching ? total : selection.ids.size;
  if (count === 0 && result === null) return null;

  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  const countText = `${number.format(count)}${selection.isAllMatching && !totalIsExact ? '+' : ''}`;
  const { targets, canSendStage2, canDelete: canDeleteHere } = bulkOfferFor(from, may);
  // The rest of the list, on pages not yet seen: the server resolves "all matching" when the action runs.
  const showAllMatching = !selection.isAllMatching && total > selection.ids.size;

  async function apply(request: BulkRequest) {
    try {
      const outcome = await bulk.mutateAsync(request);
      selection.clear();
      // Still running after a few seconds: the watcher around every admin page follows it to its summary.
      if (isBulkJob(outcome)) watchBulkJob({ jobId: outcome.jobId, action: outcome.action, total: outcome.total });
      else setResult(outcome);
    } catch (error) {
      toastActionFailure(t, error, { failed: t('bulk.failedToast') });
    } finally {
      setPending(null);
    }
  }

  const targetsOf = selection.isAllMatching ? { matching: filter } : { creatorIds: [...selection.ids] };

  return (
    <>
      {count > 0 && (
        // Stays under the page's sticky top bar while the list scrolls, so the selection's actions stay in reach.
        <section
          aria-label={t('bulk.actionsLabel')}
          className="sticky top-18 z-10 flex flex-wrap items-center gap-2 rounded-xl border bg-card px-4 py-3 shadow-md"
        >
          <p className="me-2 text-sm font-medium" aria-live="polite">
            {selection.isAllMatching
              ? t('bulk.allMatchingSelected', { amount: countText })
              : t('bulk.selected', { amount: countText })}
          </p>
          {showAllMatching && (
            <Button variant="link" size="sm" onClick={selection.selectAllMatching}>
              {t('bulk.selectAllMatching', { amount: `${number.format(total)}${totalIsExact ? '' : '+'}` })}
            </Button>
          )}
          <div className="ms-auto flex flex-wrap items-center gap-2">
            {targets.length > 0 && (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button size="sm" variant="outline" disabled={bulk.isPending}>
                    {t('bulk.changeStatus')}
                    <ChevronDownIcon aria-hidden="true" />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  {targets.map((status) => (
                    <DropdownMenuItem key={status} onSelect={() => setPending({ action: 'status', status })}>
                      {t('bulk.moveTo', { status: statusName(status) })}
                    </DropdownMenuItem>
                  ))}
                </DropdownMenuContent>
              </DropdownMenu>
            )}
            {canSendStage2 && (
              <Button
                size="sm"
                variant="outline"
                disabled={bulk.isPending}
                onClick={() => setPending({ action: 'stage2' })}
              >
                <SendIcon aria-hidden="true" />
                {t('bulk.sendStage2')}
              </Button>
            )}
            {canDeleteHere && (
              <Button
                size="sm"
                variant="danger"
                disabled={bulk.isPending}
                onClick={() => setPending({ action: 'delete' })}
              >
                <Trash2Icon aria-hidden="true" />
                {t('bulk.delete')}
              </Button>
            )}
            {!selection.isAllMatching && (
              <Button size="sm" variant="outline" disabled={bulk.isPending} onClick={() => setContacting(true)}>
                <MessageCircleIcon aria-hidden="true" />
                {t('contact.bulk.action')}
              </Button>
            )}
            {!selection.isAllMatching && (
              <Button
                size="sm"
                variant="outline"
                disabled={bulk.isPending}
                onClick={() => setAssigning({ kind: 'many', creatorIds: [...selection.ids] })}
              >
                <UserRoundPlusIcon aria-hidden="true" />
                {t('assign.action')}
              </Button>
            )}
            {!selection.isAllMatching && (
              <Button
                size="sm"
                variant="outline"
                disabled={bulk.isPending}
                onClick={() => setTagging({ kind: 'many', creatorIds: [...selection.ids] })}
              >
                <TagIcon aria-hidden="true" />
                {t('tags.bulkAction')}
              </Button>
            )}
            <Button size="sm" variant="ghost" disabled={bulk.isPending} onClick={selection.clear}>
              <XIcon aria-hidden="true" />
              {t('bulk.clear')}
            </Button>
          </div>
        </section>
      )}
      <CreatorBulkConfirmDialog
        request={pending && { ...pending, ...targetsOf }}
        countText={countText}
        isPending={bulk.isPending}
        onCancel={() => setPending(null)}
        onConfirm={(request) => void apply(request)}
      />
      <CreatorBulkResultDialog result={result} onClose={() => setResult(null)} />
      <CreatorAssignDialog target={assigning} onOpenChange={(open) => !open && setAssigning(null)} />
      <CreatorTagsDialog target={tagging} onOpenChange={(open) => !open && setTagging(null)} />
      {isContacting && (
        <CreatorBulkContactDialog creatorIds={[...selection.ids]} open={isContacting} onOpenChange={setContacting} />
      )}
    </>
  );
}
