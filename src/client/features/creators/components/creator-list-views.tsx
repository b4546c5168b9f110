import { EyeIcon, HistoryIcon } from 'lucide-react';
import { useRef } from 'react';
import { ContactLink } from '#client/components/contact-link.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { useFoldToFit } from '#client/lib/use-fold-to-fit.ts';
import type { CreatorStatus } from '#shared/creator-status.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { contactMethodText } from '../lib/creator-fields.ts';
import { formatDate } from '../lib/format.ts';
import type { BulkSelection } from '../lib/use-bulk-selection.ts';
import { CreatorAssignButton } from './creator-assign-button.tsx';
import { CreatorAssigneeBadge, CreatorDuplicateBadge, CreatorWaitingBadge } from './creator-badges.tsx';
import { CreatorContactButton } from './creator-contact-dialog.tsx';
import { CreatorRowActions } from './creator-row-actions.tsx';
import { CreatorPageCheckbox, CreatorSelectCheckbox } from './creator-select.tsx';
import { CreatorStage2LinkDates } from './creator-stage2-link-dates.tsx';
import { CreatorTagPills } from './creator-tag-pills.tsx';

export interface CreatorListViewProps {
  creators: readonly Creator[];
  onViewDetails: (creatorId: string) => void;
  onViewLog: (creatorId: string) => void;
  onChanged?: ((newStatus: CreatorStatus) => void) | undefined;
  /** Rows get checkboxes for the bulk actions when given. */
  selection?: BulkSelection | undefined;
  /** The moment waiting times are counted to, taken when the page was read. */
  now?: number;
}

function ContactCell({ creator }: { creator: Creator }) {
  const { t } = useTranslation();
  return (
    <div className="grid min-w-0 gap-0.5">
      <span className="text-xs font-medium text-muted-foreground">{contactMethodText(t, creator.contactMethod)}</span>
      <ContactLink method={creator.contactMethod} value={creator.contactInfo} />
    </div>
  );
}

const FOLDED_LAYOUTS = ['row', 'menu', 'menuOnly'] as const;

/** Product §2 on wide screens: Creator ID, Name, Contact, Date, Actions. */
export function CreatorTable({
  creators,
  onViewDetails,
  onViewLog,
  onChanged,
  selection,
  now = Date.now(),
}: CreatorListViewProps) {
  const { t, i18n } = useTranslation('admin');
  const table = useRef<HTMLTableElement>(null);
  // Too wide for its box with every action spelled out (a laptop, German or Russian): all but the first go
  // into a menu, and if that is not enough, the first too.
  const foldLevel = useFoldToFit(table, creators, 2);
  return (
    <Table ref={table}>
      <TableHeader>
        <TableRow>
          {selection && (
            <TableHead className="w-10 ps-6">
              <CreatorPageCheckbox creatorIds={creators.map((creator) => creator.creatorId)} selection={selection} />
            </TableHead>
          )}
          <TableHead className={selection ? undefined : 'ps-6'}>{t('columns.creatorId')}</TableHead>
          <TableHead>{t('columns.name')}</TableHead>
          <TableHead>{t('columns.contact')}</TableHead>
          <TableHead>{t('columns.date')}</TableHead>
          <TableHead className="pe-6">{t('columns.actions')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {creators.map((creator) => (
          <TableRow key={creator.id} data-creator-id={creator.creatorId}>
            {selection && (
              <TableCell className="w-10 ps-6">
                <CreatorSelectCheckbox creatorId={creator.creatorId} selection={selection} />
              </TableCell>
            )}
            <TableCell
              className={selection ? 'whitespace-nowrap font-mono text-xs' : 'whitespace-nowrap ps-6 font-mono text-xs'}
            >
              {creator.creatorId}
            </TableCell>
            <TableCell className="max-w-[14rem] break-words font-medium">
              <div className="grid justify-items-start gap-1">
                {creator.name}
                <CreatorDuplicateBadge creator={creator} />
                <CreatorAssigneeBadge creator={creator} />
                <CreatorTagPills creator={creator} />
              </div>
            </TableCell>
            <TableCell className="min-w-[10rem] max-w-[16rem]">
              <ContactCell creator={creator} />
            </TableCell>
            {/* The date may wrap between its words ("27 нояб." / "2026 г.") when the row needs the room. */}
            <TableCell className="text-muted-foreground">
              <div className="grid justify-items-start gap-1">
                {formatDate(creator.createdAt, i18n.resolvedLanguage)}
                <CreatorWaitingBadge creator={creator} now={now} />
                {creator.status === 'stage2_sent' && <CreatorStage2LinkDates creator={creator} now={now} />}
              </div>
            </TableCell>
            <TableCell className="pe-6">
              <div className="flex items-center gap-1">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('list.viewDetailsOf', { creatorId: creator.creatorId })}
                  title={t('list.viewDetails')}
                  onClick={() => onViewDetails(creator.creatorId)}
                >
                  <EyeIcon aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('list.viewLogOf', { creatorId: creator.creatorId })}
                  title={t('list.viewLog')}
                  onClick={() => onViewLog(creator.creatorId)}
                >
                  <HistoryIcon aria-hidden="true" />
                </Button>
                <CreatorContactButton creator={creator} />
                <CreatorRowActions
                  creator={creator}
                  onChanged={onChanged}
                  extra={<CreatorAssignButton creator={creator} variant="text" />}
                  layout={FOLDED_LAYOUTS[foldLevel] ?? 'menuOnly'}
                  className="ms-1"
                />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * Product §2 on small screens: one card per creator with 'View Details' and 'View Log'. Their names add the
 * Creator ID, as in the table, after the visible words (WCAG 2.5.3, label in name).
 */
export function CreatorCards({
  creators,
  onViewDetails,
  onViewLog,
  onChanged,
  selection,
  now = Date.now(),
}: CreatorListViewProps) {
  const { t, i18n } = useTranslation('admin');
  return (
    <ul className="grid gap-3">
      {creators.map((creator) => (
        <li
          key={creator.id}
          data-creator-id={creator.creatorId}
          className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs"
        >
          <div className="flex items-start justify-between gap-3">
            {selection && (
              <div className="pt-1">
                <CreatorSelectCheckbox creatorId={creator.creatorId} selection={selection} />
              </div>
            )}
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="break-words font-semibold">{creator.name}</p>
              <p className="font-mono text-xs text-muted-foreground">{creator.creatorId}</p>
              <CreatorDuplicateBadge creator={creator} />
              <CreatorAssigneeBadge creator={creator} />
              <CreatorTagPills creator={creator} />
            </div>
            <div className="grid shrink-0 justify-items-end gap-1">
              <p className="text-xs text-muted-foreground">{formatDate(creator.createdAt, i18n.resolvedLanguage)}</p>
              <CreatorWaitingBadge creator={creator} now={now} />
            </div>
          </div>
          <div className="text-sm">
            <ContactCell creator={creator} />
          </div>
          {/* Below the contact, full width: beside the name it would squeeze it on a phone. */}
          {creator.status === 'stage2_sent' && (
            <CreatorStage2LinkDates creator={creator} now={now} className="flex flex-wrap gap-x-3" />
          )}
          <div className="grid grid-cols-2 gap-2">
            <Button
              variant="outline"
              size="sm"
              aria-label={t('list.viewDetailsOf', { creatorId: creator.creatorId })}
              onClick={() => onViewDetails(creator.creatorId)}
            >
              <EyeIcon aria-hidden="true" />
              {t('list.viewDetails')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-label={t('list.viewLogOf', { creatorId: creator.creatorId })}
              onClick={() => onViewLog(creator.creatorId)}
            >
              <HistoryIcon aria-hidden="true" />
              {t('list.viewLog')}
            </Button>
            <CreatorContactButton creator={creator} variant="text" />
            <CreatorAssignButton creator={creator} variant="text" />
          </div>
          <CreatorRowActions creator={creator} onChanged={onChanged} className="border-t pt-3" />
        </li>
      ))}
    </ul>
  );
}
