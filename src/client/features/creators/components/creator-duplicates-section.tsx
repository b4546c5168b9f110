import { MergeIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { useCan } from '#client/components/layouts/admin-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { StatusPill } from '#client/components/ui/status-pill.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { DuplicateReason, PossibleDuplicate } from '#shared/replies/creators.ts';
import { CreatorMergeDialog } from './creator-merge-dialog.tsx';

const REASON_TEXTS = {
  contact: 'duplicates.reasonContact',
  photo: 'duplicates.reasonPhoto',
} as const satisfies Record<DuplicateReason, string>;

/**
 * The other creators who may be this person (docs/decisions/025), each linking to their status page searched
 * for their Creator ID, where their details and log open as anyone's do; an owner may merge the two
 * (decision 062). When this record is the one removed, the details close (`onNavigate`).
 */
export function CreatorDuplicatesSection({
  creatorId,
  duplicates,
  onNavigate,
}: {
  creatorId: string;
  duplicates: PossibleDuplicate[];
  onNavigate: () => void;
}) {
  const { t } = useTranslation('admin');
  const mayMerge = useCan('mergeCreators');
  const [merging, setMerging] = useState<string | null>(null);
  if (duplicates.length === 0) return null;
  return (
    <ul className="grid gap-2" aria-label={t('duplicates.title')}>
      {duplicates.map((duplicate) => (
        <li
          key={duplicate.creatorId}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-orange-200 bg-orange-50/60 px-3 py-2"
        >
          <div className="grid min-w-0 gap-0.5">
            <Link
              href={`/admin/creators/${duplicate.status}?q=${encodeURIComponent(duplicate.creatorId)}`}
              onClick={onNavigate}
              className="break-words font-medium text-primary underline-offset-4 hover:underline"
            >
              {duplicate.name} · <span className="font-mono text-xs">{duplicate.creatorId}</span>
            </Link>
            <span className="text-xs text-muted-foreground">
              {duplicate.reasons.map((reason) => t(REASON_TEXTS[reason])).join(' · ')}
            </span>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <StatusPill status={duplicate.status} />
            {mayMerge && (
              <Button
                variant="outline"
                size="sm"
                aria-label={t('merge.actionFor', { creatorId: duplicate.creatorId })}
                onClick={() => setMerging(duplicate.creatorId)}
              >
                <MergeIcon aria-hidden="true" />
                {t('merge.action')}
              </Button>
            )}
          </div>
        </li>
      ))}
      {merging && (
        <CreatorMergeDialog
          open
          onOpenChange={(open) => !open && setMerging(null)}
          creatorId={creatorId}
          duplicateId={merging}
          onMerged={(kept) => kept !== creatorId && onNavigate()}
        />
      )}
    </ul>
  );
}
