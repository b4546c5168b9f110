import { type RefObject, useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { reportFunnelStep } from '#client/lib/funnel-beacon.ts';
import type { ApplicationSubmission } from '../api/submit-application.ts';
import type { ApplicationFormValues } from './form-values.ts';

/**
 * Reports the funnel's steps (docs/decisions/026): step 1 once the form is on screen (it loads a screen ahead,
 * or at a first tap anywhere), later steps as they are shown, and the first answer the visitor gives (not a
 * preselection).
 */
export function useFunnelSteps(
  form: UseFormReturn<ApplicationFormValues, unknown, ApplicationSubmission>,
  step: number,
  containerRef: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (step > 1) return reportFunnelStep(`step${step as 2 | 3 | 4 | 5}`);
    const container = containerRef.current;
    if (!container || typeof IntersectionObserver === 'undefined') return reportFunnelStep('step1');
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        reportFunnelStep('step1');
        observer.disconnect();
      },
      { threshold: 0.2 },
    );
    observer.observe(container);
    return () => observer.disconnect();
  }, [step, containerRef]);
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      if (type !== 'change') return;
      reportFunnelStep('started');
      subscription.unsubscribe();
    });
    return () => subscription.unsubscribe();
  }, [form]);
}
