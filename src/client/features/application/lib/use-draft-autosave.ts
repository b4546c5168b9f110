import { useCallback, useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ApplicationSubmission } from '../api/submit-application.ts';
import { saveDraft } from './application-draft.ts';
import type { ApplicationFormValues } from './form-values.ts';

/** Long enough to skip most keystrokes, short enough that a closed tab rarely loses more than a word. */
export const DRAFT_SAVE_DELAY_MS = 400;

/**
 * Keeps the draft in step with the form while `isEnabled`: debounced on every change, at once when the
 * step changes, and flushed when the page is hidden or left (phones kill background tabs without warning).
 * Returns `cancel`, which drops a pending save (e.g. after a successful submission cleared the draft).
 */
export function useDraftAutosave(
  form: UseFormReturn<ApplicationFormValues, unknown, ApplicationSubmission>,
  step: number,
  isEnabled: boolean,
): { cancel: () => void } {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ step, isEnabled });
  useEffect(() => {
    latest.current = { step, isEnabled };
  }, [step, isEnabled]);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const flush = useCallback(() => {
    cancel();
    if (latest.current.isEnabled) saveDraft(latest.current.step, form.getValues());
  }, [cancel, form]);

  const schedule = useCallback(() => {
    cancel();
    timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
  }, [cancel, flush]);

  useEffect(() => {
    const subscription = form.watch(() => schedule());
    const flushPending = () => {
      if (timer.current !== undefined) flush();
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') flushPending();
    };
    window.addEventListener('pagehide', flushPending);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', flushPending);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      flushPending();
    };
  }, [form, schedule, flush]);

  // The step is part of the draft: returning applicants continue where they were.
  useEffect(() => {
    if (isEnabled && step >= 1) flush();
  }, [step, isEnabled, flush]);

  return { cancel };
}
