import { type FormEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { bringIntoView } from '#client/lib/scroll.ts';
import type { StepDirection } from './step-panel.tsx';

/** Where focus goes after the screen changed: a field (after errors) or the new step's heading. */
type FocusTarget<Field> = { kind: 'field'; field: Field } | { kind: 'step' };

export interface FormStepsOptions<Field extends string> {
  totalSteps: number;
  initialStep?: number;
  /** The element id of a field's control. */
  fieldId: (field: Field) => string;
  /** The first field in screen order among those given, or undefined. */
  firstFieldOf: (fields: Iterable<string>) => Field | undefined;
  stepOfField: (field: Field) => number;
  isSubmitting: boolean;
  /** Runs after a step was shown and its heading focused: each form scrolls its own way. */
  onStepShown: () => void;
}

/**
 * The multi-step form's step, slide direction and focus handling (product §2): Next does not validate; after
 * errors the first step with one is shown and its first bad field focused.
 */
export function useFormSteps<Field extends string>({
  totalSteps,
  initialStep = 1,
  fieldId,
  firstFieldOf,
  stepOfField,
  isSubmitting,
  onStepShown,
}: FormStepsOptions<Field>) {
  const [step, setStep] = useState(initialStep);
  const [direction, setDirection] = useState<StepDirection>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget<Field> | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Set while a submission runs, so a second Enter or click does not send it again. */
  const isInFlight = useRef(false);

  const showTarget = useEffectEvent((target: FocusTarget<Field>) => {
    if (target.kind === 'field') {
      const control = document.getElementById(fieldId(target.field));
      if (control) {
        control.focus({ preventScroll: true });
        bringIntoView(control.closest('[data-field]') ?? control, 'center');
        return;
      }
    }
    headingRef.current?.focus({ preventScroll: true });
    onStepShown();
  });

  useEffect(() => {
    // While a submission is in flight the controls are disabled and cannot take focus: wait for it to end.
    if (!focusTarget || isSubmitting) return;
    const frame = requestAnimationFrame(() => {
      setFocusTarget(null);
      showTarget(focusTarget);
    });
    return () => cancelAnimationFrame(frame);
  }, [focusTarget, isSubmitting]);

  function goToStep(next: number, focus: FocusTarget<Field> = { kind: 'step' }) {
    const target = Math.min(totalSteps, Math.max(1, next));
    if (target !== step) setDirection(target > step ? 'forward' : 'backward');
    setStep(target);
    setFocusTarget(focus);
  }

  /** After errors: show the first step that has one and put the cursor in its first bad field. */
  function goToFirstError(fields: Iterable<string>) {
    const field = firstFieldOf(fields);
    if (field) goToStep(stepOfField(field), { kind: 'field', field });
  }

  /** Back to step 1 without sliding or moving focus. */
  function resetSteps() {
    setDirection(null);
    setStep(1);
    setFocusTarget(null);
  }

  /** The form's onSubmit: Enter in a field before the last step moves on, as Next does; only the last submits. */
  function submitOnLastStep(submit: (event: FormEvent<HTMLFormElement>) => Promise<void>) {
    return (event: FormEvent<HTMLFormElement>) => {
      if (step < totalSteps || isInFlight.current) {
        event.preventDefault();
        if (step < totalSteps) goToStep(step + 1);
        return;
      }
      void submit(event);
    };
  }

  return { step, direction, headingRef, isInFlight, goToStep, goToFirstError, resetSteps, submitOnLastStep };
}
