import { scrollBehavior } from '#client/lib/scroll.ts';
import { APPLY_HEADING_ID, APPLY_SECTION_ID } from './form-values.ts';

/**
 * Product §1: both Apply Now buttons bring the form (#apply) into view. Focus follows to the form's heading,
 * so keyboard and screen-reader users continue where sighted users are now looking.
 */
export function scrollToApplicationForm(): void {
  document.getElementById(APPLY_SECTION_ID)?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  document.getElementById(APPLY_HEADING_ID)?.focus({ preventScroll: true });
}
