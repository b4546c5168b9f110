/**
 * Class names shared by the form and its placeholder (application-form-skeleton.tsx): both lay out step 1
 * with the same boxes, so swapping one for the other moves nothing on the page. The ones every multi-step
 * form shares are in components/form/form-layout.ts.
 */
export const FORM_BODY = 'mt-8';
export const FIELDS = 'mt-6 grid gap-5';
