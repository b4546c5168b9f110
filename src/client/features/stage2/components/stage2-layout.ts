/** Class names shared by the stage-2 screens, so the form, its placeholders and the notices line up. */
export const CARD = 'rounded-2xl border bg-card p-5 shadow-xl shadow-primary/5 sm:p-8';
export const FIELDS = 'mt-6 grid gap-6';
/** The bordered choice boxes of radio and checkbox answers. */
export const CHOICE_BOX =
  'min-h-10 cursor-pointer gap-2 rounded-md border border-input bg-card px-4 py-2.5 text-sm font-normal leading-snug shadow-xs transition-colors hover:bg-muted has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-secondary';
