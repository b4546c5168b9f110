import { DownloadIcon, ExternalLinkIcon, ImageIcon } from 'lucide-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { StatusPill } from '#client/components/ui/status-pill.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { Creator, CreatorDetail, Stage2Data } from '#shared/replies/creators.ts';
import { useCreatorDetail } from '../api/get-creator-detail.ts';
import { creatorDataExportUrl } from '../api/run-bulk-action.ts';
import { type FieldTexts, stage1Entries, stage2Entries } from '../lib/creator-fields.ts';
import { type CreatorReviewQueue, reviewOf, useFollowQueue, useReviewKeys } from '../lib/review-queue.ts';
import { CreatorAssigneeLine } from './creator-assignee-line.tsx';
import { CreatorCancelReasonFields } from './creator-cancel-reason-fields.tsx';
import { CreatorConsentLine } from './creator-consent-line.tsx';
import { contactLinksOf } from './creator-contact-links.tsx';
import { CreatorCopyButton } from './creator-copy-button.tsx';
import { CreatorDialogError, CreatorDialogLoading } from './creator-dialog-states.tsx';
import { CreatorDuplicatesSection } from './creator-duplicates-section.tsx';
import { CreatorField, CreatorFieldList } from './creator-field-list.tsx';
import { CreatorImageViewer, type ViewerImage, type ViewerState } from './creator-image-viewer.tsx';
import { CreatorMessagesSection } from './creator-messages-section.tsx';
import { CreatorNotesSection } from './creator-notes-section.tsx';
import { CreatorPageLink } from './creator-page-link.tsx';
import { CreatorReviewBar } from './creator-review-nav.tsx';
import { CreatorStage2LinkDates } from './creator-stage2-link-dates.tsx';
import { CreatorTagsLine } from './creator-tags-line.tsx';

/**
 * Draws `line` with the e-mail of the recruiter an application names. The recruiter list belongs to the
 * recruiters feature, so the route screen that shows the dialog supplies the lookup (architecture §9.1).
 */
export type RecruiterEmailSlot = (
  recruiter: { recruiterId: string | null; name: string; isEnabled: boolean },
  line: (email: string | null) => ReactNode,
) => ReactNode;

export interface CreatorDetailsDialogProps {
  /** The public Creator ID (RC-…). */
  creatorId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  renderRecruiterEmail: RecruiterEmailSlot;
  /**
   * Review mode: the list it was opened from. The dialog then offers the creator's actions (as her row does)
   * and previous/next (buttons, ←/→), and an action taken here moves on to the next creator of that list.
   */
  queue?: CreatorReviewQueue | undefined;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-3">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{title}</h3>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed px-3 py-6 text-center text-sm text-muted-foreground">{children}</p>
  );
}

/** Only http(s) addresses become links; anything else (which the server never stores) stays text. */
function isWebUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function RecruiterLine({ creator, email }: { creator: Creator; email: string | null }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex items-start gap-2 rounded-lg border px-3 py-2.5">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="text-xs font-medium text-muted-foreground sm:text-sm">{t('fields.recruiter')}</p>
        <p className="break-words text-sm font-medium">{creator.recruiter}</p>
        {email && <p className="break-all text-sm text-muted-foreground">{email}</p>}
      </div>
      <CreatorCopyButton
        value={email ? `${creator.recruiter} <${email}>` : creator.recruiter}
        label={t('fields.recruiter')}
      />
    </div>
  );
}

interface DetailsBodyProps {
  detail: CreatorDetail;
  isOpen: boolean;
  onClose: () => void;
  renderRecruiterEmail: RecruiterEmailSlot;
}

function DetailsBody({ detail, isOpen, onClose, renderRecruiterEmail }: DetailsBodyProps) {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const [viewer, setViewer] = useState<ViewerState | null>(null);
  const { creator } = detail;
  const stage2: Stage2Data | null = detail.stage2Data;
  const texts: FieldTexts = { t, tc, locale: i18n.resolvedLanguage };

  const show = (image: ViewerImage) => setViewer({ images: [image], index: 0, isGallery: false });
  const galleryImages: ViewerImage[] = (stage2?.imageUrls ?? []).map((url, index) => ({
    url,
    title: t('details.imageTitle', { number: index + 1 }),
    fileName: `${creator.creatorId}-image-${index + 1}`,
  }));
  const hasRollickInfo = Boolean(creator.rollickCreatorHubId || creator.rollickListingUrl);

  return (
    <>
      {detail.duplicates.length > 0 && (
        <Section title={t('duplicates.title')}>
          <CreatorDuplicatesSection creatorId={creator.creatorId} duplicates={detail.duplicates} onNavigate={onClose} />
        </Section>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section title={t('details.stage1')}>
          <CreatorFieldList entries={stage1Entries(creator, texts)} links={contactLinksOf(creator)} />
        </Section>
        {/* The second column: Stage 2, then the application and Rollick blocks, beside the longer Stage 1 list. */}
        <div className="grid content-start gap-6">
          <Section title={t('details.stage2')}>
            {stage2 ? (
              <>
                <CreatorFieldList entries={stage2Entries(stage2, texts)} />
                {(stage2.revenueScreenshotUrl || galleryImages.length > 0) && (
                  <div className="flex flex-wrap gap-2">
                    {stage2.revenueScreenshotUrl && (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() =>
                          show({
                            url: stage2.revenueScreenshotUrl ?? '',
                            title: t('details.screenshotTitle'),
                            fileName: `${creator.creatorId}-revenue-screenshot`,
                          })
                        }
                      >
                        <ImageIcon aria-hidden="true" />
                        {t('details.viewScreenshot')}
                      </Button>
                    )}
                    {galleryImages.map((image, index) => (
                      <Button
                        key={image.url}
                        variant="outline"
                        size="sm"
                        onClick={() => setViewer({ images: galleryImages, index, isGallery: true })}
                      >
                        <ImageIcon aria-hidden="true" />
                        {t('details.viewImage', { number: index + 1 })}
                      </Button>
                    ))}
                  </div>
                )}
              </>
            ) : (
              <Empty>{t('details.noStage2')}</Empty>
            )}
          </Section>
          <Section title={t('details.application')}>
            {renderRecruiterEmail(
              { recruiterId: creator.recruiterId, name: creator.recruiter, isEnabled: isOpen },
              (email) => (
                <RecruiterLine creator={creator} email={email} />
              ),
            )}
            {creator.confirmationPhotoUrl ? (
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    show({
                      url: creator.confirmationPhotoUrl ?? '',
                      title: t('details.photoTitle'),
                      fileName: `${creator.creatorId}-photo`,
                    })
                  }
                >
                  <ImageIcon aria-hidden="true" />
                  {t('details.viewPhoto')}
                </Button>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">{t('details.noPhoto')}</p>
            )}
            <CreatorPageLink creatorId={creator.creatorId} />
            <CreatorConsentLine creator={creator} />
            <CreatorAssigneeLine creator={creator} />
            <CreatorTagsLine creator={creator} />
          </Section>
          <Section title={t('contact.title')}>
            <CreatorMessagesSection creator={creator} messages={detail.messages} />
          </Section>
          <Section title={t('notes.title')}>
            <CreatorNotesSection creatorId={creator.creatorId} activityLog={detail.activityLog} />
          </Section>
          {creator.status === 'cancelled' && (
            <Section title={t('cancel.shown')}>
              <CreatorCancelReasonFields creator={creator} />
            </Section>
          )}
          {hasRollickInfo && (
            <Section title={t('details.rollick')}>
              <dl className="divide-y rounded-lg border">
                {creator.rollickCreatorHubId && (
                  <CreatorField label={t('fields.hubId')} value={creator.rollickCreatorHubId} />
                )}
                {creator.rollickListingUrl && (
                  <CreatorField label={t('fields.listingUrl')} value={creator.rollickListingUrl}>
                    {isWebUrl(creator.rollickListingUrl) ? (
                      <a
                        href={creator.rollickListingUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1 break-all text-primary underline-offset-4 hover:underline"
                      >
                        {creator.rollickListingUrl}
                        <ExternalLinkIcon className="size-3.5 shrink-0" aria-hidden="true" />
                      </a>
                    ) : (
                      creator.rollickListingUrl
                    )}
                  </CreatorField>
                )}
              </dl>
            </Section>
          )}
        </div>
      </div>
      <CreatorImageViewer state={viewer} onStateChange={setViewer} />
    </>
  );
}

/**
 * Product §2 'Creator Details: {creatorId}': Stage 1 and Stage 2 columns, Application Details (recruiter with
 * e-mail, verification photo) and Rollick Information; above them any possible duplicates, and staff notes
 * beside them (docs/decisions/025). Loads when opened.
 */
export function CreatorDetailsDialog({
  creatorId,
  open,
  onOpenChange,
  renderRecruiterEmail,
  queue,
}: CreatorDetailsDialogProps) {
  const { t, i18n } = useTranslation('admin');
  const detail = useCreatorDetail(creatorId, { enabled: open });
  const creator = detail.data?.creator;
  const submitted = creator
    ? new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(creator.createdAt),
      )
    : null;
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  const review = queue ? reviewOf(queue, creatorId) : null;
  useFollowQueue(open ? queue : undefined, creatorId, close);
  const contentRef = useRef<HTMLDivElement>(null);
  useReviewKeys(contentRef, open ? review : null, queue?.onMove);
  // An action here moves on at once; the list's refresh then confirms she left it.
  const moveOn = review && queue ? () => (review.afterAction ? queue.onMove(review.afterAction) : close()) : undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent ref={contentRef} className="max-w-5xl gap-6 p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">{t('details.title', { creatorId })}</DialogTitle>
          <DialogDescription className="flex flex-wrap items-center gap-2">
            {creator && submitted ? (
              <>
                <StatusPill status={creator.status} />
                <span>{t('details.submitted', { date: submitted })}</span>
                <CreatorStage2LinkDates creator={creator} withTime className="grid gap-0.5 sm:flex sm:gap-2" />
                {/* A data-access request answered in one file (docs/decisions/027); the browser saves the stream. */}
                <a
                  href={creatorDataExportUrl(creator.creatorId)}
                  download
                  title={t('details.downloadDataHint')}
                  className={buttonVariants({ variant: 'outline', size: 'sm', className: 'ms-auto' })}
                >
                  <DownloadIcon aria-hidden="true" />
                  {t('details.downloadData')}
                </a>
              </>
            ) : (
              t('details.description')
            )}
          </DialogDescription>
        </DialogHeader>
        {queue && review && moveOn && (
          <CreatorReviewBar
            creator={creator?.creatorId === creatorId ? creator : undefined}
            review={review}
            onMove={queue.onMove}
            onActed={moveOn}
          />
        )}
        {detail.data ? (
          <DetailsBody
            key={detail.data.creator.creatorId}
            detail={detail.data}
            isOpen={open}
            onClose={close}
            renderRecruiterEmail={renderRecruiterEmail}
          />
        ) : detail.isError ? (
          <CreatorDialogError error={detail.error} onRetry={() => detail.refetch()} />
        ) : (
          <CreatorDialogLoading />
        )}
      </DialogContent>
    </Dialog>
  );
}
