import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PageMove } from '#client/lib/page-position.ts';
import type { Creator } from '#shared/replies/creators.ts';

/** The list the details dialog was opened from, to work through without leaving it (review mode). */
export interface CreatorReviewQueue {
  /** The Creator IDs of the list as it is shown now (the current page), in its order. */
  creatorIds: readonly string[];
  /** Shows another creator of the list in the dialog. */
  onMove: (creatorId: string) => void;
  /**
   * Past the page's first or last creator: turns the page and shows its last or first creator. Absent at the
   * list's ends.
   */
  onPreviousPage?: (() => void) | undefined;
  onNextPage?: (() => void) | undefined;
  /** A page is being turned: the creator shown leaving the list is no reason to move. */
  isTurningPage?: boolean;
}

/** A step through the list: a creator of the page, or the page before or after. */
export type ReviewStep = { creatorId: string } | { page: () => void };

export interface CreatorReview {
  position: number;
  total: number;
  previous: ReviewStep | null;
  next: ReviewStep | null;
  /** After an action here: the next creator of the list, else the one before, else none left. */
  afterAction: string | null;
}

/** Where the creator stands in the list; position 0 when she is not (or no longer) in it. */
export function reviewOf(queue: CreatorReviewQueue, creatorId: string): CreatorReview {
  const ids = queue.creatorIds;
  const index = ids.indexOf(creatorId);
  const at = (i: number) => (index >= 0 ? (ids[i] ?? null) : null);
  const step = (i: number, page: (() => void) | undefined): ReviewStep | null => {
    const creatorId = at(i);
    if (creatorId) return { creatorId };
    return index >= 0 && page ? { page } : null;
  };
  return {
    position: index + 1,
    total: ids.length,
    previous: step(index - 1, queue.onPreviousPage),
    next: step(index + 1, queue.onNextPage),
    afterAction: at(index + 1) ?? at(index - 1),
  };
}

/** Takes a step: shows that creator, or turns the page. */
export function takeStep(step: ReviewStep | null, onMove: (creatorId: string) => void) {
  if (!step) return;
  if ('creatorId' in step) onMove(step.creatorId);
  else step.page();
}

/**
 * When the creator shown leaves the list (an action here that the list's refresh confirms, a deletion, or
 * another admin's change), the one now in her place is the next to work on; with none left, `onEmpty`.
 */
export function useFollowQueue(queue: CreatorReviewQueue | undefined, creatorId: string, onEmpty: () => void) {
  const lastIndex = useRef(-1);
  const index = queue ? queue.creatorIds.indexOf(creatorId) : -1;
  const ids = queue?.creatorIds;
  const onMove = queue?.onMove;
  const isTurningPage = queue?.isTurningPage === true;
  useEffect(() => {
    if (!ids || !onMove) return;
    if (isTurningPage) {
      lastIndex.current = -1;
      return;
    }
    if (index >= 0) {
      lastIndex.current = index;
      return;
    }
    if (lastIndex.current < 0) return;
    const next = ids[Math.min(lastIndex.current, ids.length - 1)];
    lastIndex.current = -1;
    if (next) onMove(next);
    else onEmpty();
  }, [ids, index, onMove, onEmpty, isTurningPage]);
}

/** Typing in a field (the note, a listing URL) keeps its arrow keys. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/**
 * ←/→ move through the list while the dialog is open, unless typing or while another dialog (a confirmation,
 * the link) is open over it. Heard on the document, as focus falls back to the page when the button pressed
 * last is disabled (Next, at the end of the list).
 */
export function useReviewKeys(
  contentRef: RefObject<HTMLElement | null>,
  review: CreatorReview | null,
  onMove: ((creatorId: string) => void) | undefined,
) {
  const latest = useRef({ review, onMove });
  latest.current = { review, onMove };
  const isActive = review !== null && onMove !== undefined;
  useEffect(() => {
    if (!isActive) return;
    function onKeyDown(event: globalThis.KeyboardEvent) {
      const { review: current, onMove: move } = latest.current;
      if (!current || !move || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (isTyping(event.target) || event.defaultPrevented) return;
      const content = contentRef.current;
      const target = event.target instanceof Node ? event.target : null;
      const isOurs = content?.contains(target) || target === document.body || target === document.documentElement;
      if (!isOurs || document.querySelectorAll('[role="dialog"], [role="alertdialog"]').length > 1) return;
      const to = event.key === 'ArrowLeft' ? current.previous : event.key === 'ArrowRight' ? current.next : null;
      if (!to) return;
      event.preventDefault();
      takeStep(to, move);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isActive, contentRef]);
}

/**
 * The queue a status page hands its details dialog: the rows shown, and, past the page's edges, the page
 * before or after (the list's own paging, so the address and Back follow), whose last or first creator is
 * shown once the page is read.
 */
export function useStatusPageQueue(input: {
  items: readonly Creator[] | undefined;
  hasPrevious: boolean;
  hasNext: boolean;
  /** The page shown is the one asked for, read in full. */
  isSettled: boolean;
  movePage: (to: PageMove) => void;
  show: (creatorId: string) => void;
}): CreatorReviewQueue | undefined {
  const { items, hasPrevious, hasNext, isSettled, movePage, show } = input;
  const creatorIds = useMemo(() => (items ?? []).map((creator) => creator.creatorId), [items]);
  const [turning, setTurning] = useState<'first' | 'last' | null>(null);
  const turn = useCallback(
    (to: 'previous' | 'next') => {
      setTurning(to === 'next' ? 'first' : 'last');
      movePage(to);
    },
    [movePage],
  );
  useEffect(() => {
    if (!turning || !items || !isSettled) return;
    const creator = turning === 'first' ? items[0] : items.at(-1);
    setTurning(null);
    if (creator) show(creator.creatorId);
  }, [turning, items, isSettled, show]);
  if (!items) return undefined;
  return {
    creatorIds,
    onMove: show,
    onPreviousPage: hasPrevious ? () => turn('previous') : undefined,
    onNextPage: hasNext ? () => turn('next') : undefined,
    isTurningPage: turning !== null,
  };
}
