import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { type CreatorReview, takeStep } from '../lib/review-queue.ts';
import { CreatorRowActions } from './creator-row-actions.tsx';

/** Previous and next, and where in the list this creator is ("3 of 10"). */
export function CreatorReviewNav({ review, onMove }: { review: CreatorReview; onMove: (creatorId: string) => void }) {
  const { t, i18n } = useTranslation('admin');
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  return (
    <nav className="flex items-center gap-1" aria-label={t('review.keysHint')} title={t('review.keysHint')}>
      <Button
        variant="outline"
        size="icon-sm"
        aria-label={t('review.previous')}
        disabled={!review.previous}
        onClick={() => takeStep(review.previous, onMove)}
      >
        <ChevronLeftIcon aria-hidden="true" />
      </Button>
      <span className="min-w-16 text-center text-sm tabular-nums text-muted-foreground" aria-live="polite">
        {review.position > 0
          ? t('review.position', { position: number.format(review.position), total: number.format(review.total) })
          : null}
      </span>
      <Button
        variant="outline"
        size="icon-sm"
        aria-label={t('review.next')}
        disabled={!review.next}
        onClick={() => takeStep(review.next, onMove)}
      >
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );
}

export interface CreatorReviewBarProps {
  /** The creator shown, once her details are read. */
  creator: Creator | undefined;
  review: CreatorReview;
  onMove: (creatorId: string) => void;
  /** After an action: on to the next creator of the list. */
  onActed: () => void;
}

/** Review mode's bar: her actions, as her row has them, and the way through the list. */
export function CreatorReviewBar({ creator, review, onMove, onActed }: CreatorReviewBarProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-y py-3">
      {creator ? (
        <CreatorRowActions key={creator.creatorId} creator={creator} onChanged={onActed} onDone={onActed} />
      ) : (
        <span />
      )}
      <CreatorReviewNav review={review} onMove={onMove} />
    </div>
  );
}
