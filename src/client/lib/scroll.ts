/** The sticky header's height plus a little air: content above this line is hidden behind it. */
export const HEADER_OFFSET_PX = 80;

export function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Smooth unless the reader asked the system for less motion. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}

/** Scrolls an element into view only when part of it is hidden (behind the sticky header or below the fold). */
export function bringIntoView(element: Element, block: ScrollLogicalPosition) {
  const { top, bottom } = element.getBoundingClientRect();
  if (top < HEADER_OFFSET_PX || bottom > window.innerHeight) {
    element.scrollIntoView({ behavior: scrollBehavior(), block });
  }
}
