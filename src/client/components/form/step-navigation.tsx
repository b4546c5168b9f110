import { ChevronLeftIcon, ChevronRightIcon, LoaderCircleIcon, SendIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { NAV_ROW } from './form-layout.ts';

export interface StepNavigationProps {
  step: number;
  total: number;
  isSubmitting: boolean;
  onGoToStep: (step: number) => void;
  /** The buttons' texts, in the interface language. */
  labels: { previous: string; next: string; submit: string; submitting: string };
}

/** Previous and Next, with Submit in place of Next on the last step; Next does not validate. */
export function StepNavigation({ step, total, isSubmitting, onGoToStep, labels }: StepNavigationProps) {
  return (
    // On a phone, Submit and Previous do not fit side by side: they stack, Submit on top.
    <div className={cn(NAV_ROW, step === total && 'max-sm:flex-col-reverse max-sm:items-stretch')}>
      {step > 1 && (
        <Button variant="outline" onClick={() => onGoToStep(step - 1)} disabled={isSubmitting}>
          <ChevronLeftIcon className="rtl:rotate-180" aria-hidden="true" />
          {labels.previous}
        </Button>
      )}
      {step < total ? (
        <Button key="next" className="ms-auto" onClick={() => onGoToStep(step + 1)}>
          {labels.next}
          <ChevronRightIcon className="rtl:rotate-180" aria-hidden="true" />
        </Button>
      ) : (
        <Button key="submit" type="submit" className="sm:ms-auto" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <SendIcon className="rtl:-scale-x-100" aria-hidden="true" />
          )}
          {isSubmitting ? labels.submitting : labels.submit}
        </Button>
      )}
    </div>
  );
}
