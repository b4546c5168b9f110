import { CheckIcon, CircleAlertIcon } from 'lucide-react';
import { useFormState } from 'react-hook-form';
import { cn } from '#client/lib/cn.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import type { ApplicationFormValues } from '../lib/form-values.ts';
import { isApplicationField, STEP_FIELDS, stepOfField } from '../lib/form-values.ts';

export const STEP_KEYS = ['basic', 'contact', 'experience', 'additional', 'final'] as const;

/** The steps holding at least one field with a message, in order. */
export function stepsWithErrors(fields: Iterable<string>): number[] {
  const steps = new Set<number>();
  for (const field of fields) if (isApplicationField(field)) steps.add(stepOfField(field));
  return [...steps].sort((a, b) => a - b);
}

export interface ApplicationErrorMapProps {
  step: number;
  /** Called with the fields that have a message: the form shows the first one's step and focuses it. */
  onGoToErrors: (fields: string[]) => void;
  onGoToStep: (step: number) => void;
}

/**
 * After a submit that found problems (product §2: Next never blocks, everything is checked on the final submit),
 * one cell per step under the progress bar, aligned with it: the steps that need fixing are marked, each cell
 * takes her to its step, and a fixed step loses its mark as soon as its last message clears (decision 051).
 */
export function ApplicationErrorMap({ step, onGoToErrors, onGoToStep }: ApplicationErrorMapProps) {
  const { t } = useTranslation();
  const { errors, submitCount } = useFormState<ApplicationFormValues>();
  const failing = stepsWithErrors(Object.keys(errors));
  if (submitCount === 0 || failing.length === 0) return null;

  const titles = STEP_KEYS.map((key) => t(`application.steps.${key}.title`));
  return (
    <nav aria-label={t('application.errorMap.label')} className="mt-3">
      <p role="status" className="mb-2 text-sm font-medium text-destructive">
        {t('application.errorMap.summary', {
          count: failing.length,
          steps: failing.map((n) => titles[n - 1]).join(', '),
        })}
      </p>
      <ol className="grid gap-1" style={{ gridTemplateColumns: `repeat(${STEP_FIELDS.length}, minmax(0, 1fr))` }}>
        {titles.map((title, index) => {
          const number = index + 1;
          const needsFixing = failing.includes(number);
          const state = needsFixing ? t('application.errorMap.needsFixing') : t('application.errorMap.fine');
          return (
            <li key={title} className="min-w-0">
              <button
                type="button"
                onClick={() => {
                  const fields = Object.keys(errors).filter(
                    (field) => isApplicationField(field) && stepOfField(field) === number,
                  );
                  if (fields.length > 0) onGoToErrors(fields);
                  else onGoToStep(number);
                }}
                aria-current={number === step ? 'step' : undefined}
                aria-label={t('application.errorMap.step', { number, title, state })}
                title={title}
                className={cn(
                  'flex h-8 w-full items-center justify-center gap-1 rounded-md border text-xs font-medium tabular-nums',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40',
                  needsFixing
                    ? 'border-destructive/50 bg-destructive/10 text-destructive hover:bg-destructive/15'
                    : 'border-transparent text-muted-foreground hover:bg-muted',
                  number === step && 'ring-2 ring-primary/40',
                )}
              >
                {needsFixing ? (
                  <CircleAlertIcon className="size-3.5 shrink-0" aria-hidden="true" />
                ) : (
                  <CheckIcon className="size-3.5 shrink-0 text-success" aria-hidden="true" />
                )}
                {number}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
