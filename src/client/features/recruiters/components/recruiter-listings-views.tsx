import { EyeIcon, HistoryIcon } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { ContactLink } from '#client/components/contact-link.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { StatusPill } from '#client/components/ui/status-pill.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { useFoldToFit } from '#client/lib/use-fold-to-fit.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { contactMethodText, formatListingDate } from '../lib/format.ts';

/**
 * What the listings need from other features (the creator row actions and dialogs); the route supplies them,
 * since client features never import each other (architecture §9.1).
 */
export interface ListingsCreatorSlots {
  /**
   * `foldLevel`: the table is too wide for its box, so the actions should fold into a menu: 1 all but the
   * first, 2 all of them.
   */
  renderRowActions?: (creator: Creator, options: { foldLevel: number }) => ReactNode;
  onViewDetails?: (creator: Creator) => void;
  onViewLog?: (creator: Creator) => void;
  /** A row's checkbox and the page's, for the bulk actions. */
  renderSelect?: (creator: Creator) => ReactNode;
  renderSelectPage?: (creators: readonly Creator[]) => ReactNode;
  /** The bulk action bar, given the list's size. */
  renderBulkBar?: (list: { total: number; totalIsExact: boolean }) => ReactNode;
}

function ViewButtons({
  creator,
  slots,
  isCompact,
}: {
  creator: Creator;
  slots: ListingsCreatorSlots;
  isCompact: boolean;
}) {
  const { t } = useTranslation('recruiters');
  const { onViewDetails, onViewLog } = slots;
  const { creatorId } = creator;
  // In the table the buttons are icons, on cards they are spelled out (product §2); either way their names add
  // the Creator ID after the words, since every listing has the same buttons (WCAG 2.5.3, label in name).
  return (
    <>
      {onViewDetails && (
        <Button
          variant={isCompact ? 'ghost' : 'outline'}
          size={isCompact ? 'icon-sm' : 'sm'}
          onClick={() => onViewDetails(creator)}
          aria-label={t('listings.viewDetailsOf', { creatorId })}
          title={isCompact ? t('listings.viewDetails') : undefined}
        >
          <EyeIcon aria-hidden="true" />
          {!isCompact && t('listings.viewDetails')}
        </Button>
      )}
      {onViewLog && (
        <Button
          variant={isCompact ? 'ghost' : 'outline'}
          size={isCompact ? 'icon-sm' : 'sm'}
          onClick={() => onViewLog(creator)}
          aria-label={t('listings.viewLogOf', { creatorId })}
          title={isCompact ? t('listings.viewLog') : undefined}
        >
          <HistoryIcon aria-hidden="true" />
          {!isCompact && t('listings.viewLog')}
        </Button>
      )}
    </>
  );
}

export function ListingsTable({ listings, slots }: { listings: Creator[]; slots: ListingsCreatorSlots }) {
  const { t, i18n } = useTranslation('recruiters');
  const { t: tCommon } = useTranslation();
  const table = useRef<HTMLTableElement>(null);
  const foldLevel = useFoldToFit(table, listings, 2);
  return (
    <div className="hidden xl:block">
      <Table ref={table}>
        <TableHeader>
          <TableRow>
            {slots.renderSelectPage && (
              <TableHead className="w-8 ps-4 pe-0">{slots.renderSelectPage(listings)}</TableHead>
            )}
            <TableHead className={slots.renderSelectPage ? undefined : 'ps-6'}>{t('listings.columns.name')}</TableHead>
            <TableHead>{t('listings.columns.contact')}</TableHead>
            <TableHead>{t('listings.columns.status')}</TableHead>
            <TableHead>{t('listings.columns.date')}</TableHead>
            <TableHead className="pe-6">{t('listings.columns.actions')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {listings.map((creator) => (
            <TableRow key={creator.id} data-creator-id={creator.creatorId}>
              {slots.renderSelect && <TableCell className="w-8 ps-4 pe-0">{slots.renderSelect(creator)}</TableCell>}
              {/* The name with its Creator ID beneath: one column fewer keeps a row's buttons on one line. */}
              <th
                scope="row"
                className={cn('max-w-48 px-4 py-3 text-start font-medium break-words', !slots.renderSelect && 'ps-6')}
              >
                {creator.name}
                <span className="mt-0.5 block font-mono text-xs font-normal whitespace-nowrap text-muted-foreground">
                  {creator.creatorId}
                </span>
              </th>
              <TableCell className="max-w-56 min-w-36">
                <span className="block text-xs text-muted-foreground">
                  {contactMethodText(tCommon, creator.contactMethod)}
                </span>
                <ContactLink method={creator.contactMethod} value={creator.contactInfo} className="block" />
              </TableCell>
              <TableCell>
                <StatusPill status={creator.status} />
              </TableCell>
              <TableCell className="text-muted-foreground">
                {formatListingDate(creator.createdAt, i18n.resolvedLanguage)}
              </TableCell>
              <TableCell className="pe-6">
                <div className="flex flex-nowrap items-center gap-2 whitespace-nowrap">
                  <ViewButtons creator={creator} slots={slots} isCompact />
                  {slots.renderRowActions?.(creator, { foldLevel })}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Below the extra-large breakpoint (six columns and the actions need the room) each listing is a card, with the view buttons spelled out (product §2). */
export function ListingsCards({ listings, slots }: { listings: Creator[]; slots: ListingsCreatorSlots }) {
  const { t, i18n } = useTranslation('recruiters');
  const { t: tCommon } = useTranslation();
  return (
    <ul className="divide-y xl:hidden">
      {listings.map((creator) => (
        <li key={creator.id} data-creator-id={creator.creatorId} className="grid grid-cols-1 gap-3 p-4 sm:px-6">
          {/* The status goes under the name when both do not fit on one line (a long status in French). */}
          <div className="flex flex-wrap items-start justify-between gap-3">
            {slots.renderSelect && <div className="pt-1">{slots.renderSelect(creator)}</div>}
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{creator.name}</p>
              <p className="font-mono text-xs text-muted-foreground">{creator.creatorId}</p>
            </div>
            <StatusPill status={creator.status} className="shrink-0" />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('listings.columns.contact')}</dt>
            <dd className="min-w-0">
              <span className="text-muted-foreground">{contactMethodText(tCommon, creator.contactMethod)}: </span>
              <ContactLink method={creator.contactMethod} value={creator.contactInfo} />
            </dd>
            <dt className="text-muted-foreground">{t('listings.columns.date')}</dt>
            <dd>{formatListingDate(creator.createdAt, i18n.resolvedLanguage)}</dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            <ViewButtons creator={creator} slots={slots} isCompact={false} />
            {slots.renderRowActions?.(creator, { foldLevel: 0 })}
          </div>
        </li>
      ))}
    </ul>
  );
}
