/**
 * Class names shared by the form and its placeholder (application-form-skeleton.tsx): both lay out step 1
 * with the same boxes, so swapping one for the other moves nothing on the page.
 */
export const PROGRESS_ROW = 'flex items-center justify-between gap-3 text-sm';
export const PROGRESS_BAR = 'mt-3';
export const FORM_BODY = 'mt-8';
export const STEP_TITLE = 'text-xl font-semibold tracking-tight outline-none';
export const STEP_DESCRIPTION = 'mt-1.5 text-sm text-muted-foreground';
export const FIELDS = 'mt-6 grid gap-5';
export const FIELD = 'grid content-start gap-2';
export const LABEL = 'text-sm font-medium leading-snug';
export const NAV_ROW = 'mt-8 flex items-center gap-3 border-t pt-6';
