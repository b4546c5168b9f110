/**
 * A page rendered ahead of time carries the styles of its own markup and links the whole stylesheet for print
 * only, so that it never holds up the first paint (scripts/prerender.mjs, decision 059). The attribute marks
 * that link.
 */
export const FULL_STYLESHEET_ATTRIBUTE = 'data-full-stylesheet';

/** Makes the whole stylesheet apply on every medium: called by the start-up, before anything new can appear. */
export function applyFullStylesheet(): void {
  globalThis.document?.querySelector(`link[${FULL_STYLESHEET_ATTRIBUTE}]`)?.setAttribute('media', 'all');
}
