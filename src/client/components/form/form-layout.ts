/**
 * Class names of the multi-step forms (application and stage 2), shared with their placeholders so that
 * swapping a placeholder for its form moves nothing on the page.
 */
export const PROGRESS_ROW = 'flex items-center justify-between gap-3 text-sm';
export const PROGRESS_BAR = 'mt-3';
export const STEP_TITLE = 'text-xl font-semibold tracking-tight outline-none';
export const STEP_DESCRIPTION = 'mt-1.5 text-sm text-muted-foreground';
export const FIELD = 'grid content-start gap-2';
export const LABEL = 'text-sm font-medium leading-snug';
export const NAV_ROW = 'mt-8 flex items-center gap-3 border-t pt-6';
