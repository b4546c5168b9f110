import { scrollBehavior } from '#client/lib/scroll.ts';

/** Room kept below a step's heading for its description and first question. */
const QUESTION_ROOM_PX = 240;

/**
 * Where the page scrolls when a step is shown: to the top (product §2) when the step's heading and its first
 * question are then in view, as on a phone once the header is compact; otherwise (a long notice, large text)
 * to just above the heading, so the question is never left below the fold (decision 050).
 */
export function stepScrollTop(headingTop: number, viewportHeight: number): number {
  return headingTop + QUESTION_ROOM_PX <= viewportHeight ? 0 : Math.max(0, headingTop - 16);
}

export function scrollToStep(heading: HTMLElement | null): void {
  const headingTop = heading ? heading.getBoundingClientRect().top + window.scrollY : 0;
  window.scrollTo({ top: stepScrollTop(headingTop, window.innerHeight), behavior: scrollBehavior() });
}
