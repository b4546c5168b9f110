import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { StepNavigation } from '#client/components/form/step-navigation.tsx';
import { type StepDirection, StepPanel } from '#client/components/form/step-panel.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast-store.ts';
import type { Stage2Form as Stage2FormData } from '#shared/schemas/stage2-form.ts';
import type { Stage2Link } from '../api/get-stage2-form.ts';
import { type Stage2Submission, submitStage2 } from '../api/submit-stage2.ts';
import { stage2Resolver } from '../lib/form-resolver.ts';
import {
  fieldId,
  firstFieldOf,
  initialValues,
  isStage2Field,
  STEP_KEYS,
  type Stage2Field,
  type Stage2FormValues,
  stepOfField,
  TOTAL_STEPS,
} from '../lib/form-values.ts';
import { submitFailureText } from '../lib/validation-messages.ts';
import { FIELDS } from './stage2-layout.ts';
import { Stage2Progress } from './stage2-progress.tsx';
import { StepBasicInfo } from './step-basic-info.tsx';
import { StepCompensation } from './step-compensation.tsx';
import { StepContent } from './step-content.tsx';
import { StepPitch } from './step-pitch.tsx';

/** Where focus goes after the screen changed: a field (after errors) or the new step's heading. */
type FocusTarget = { kind: 'field'; field: Stage2Field } | { kind: 'step' };

/** The sticky header's height plus a little air. */
const HEADER_OFFSET_PX = 80;

function scrollBehavior(): ScrollBehavior {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

export interface Stage2FormProps {
  link: Stage2Link;
  data: Stage2FormData;
  onComplete: () => void;
  /** The server answered 404 on submit: the link died while the page was open. */
  onLinkDead: () => void;
}

/** Spec §2 stage-2 form: four steps, Next without checks, everything checked on submit. */
export function Stage2Form({ link, data, onComplete, onLinkDead }: Stage2FormProps) {
  const { t } = useTranslation('stage2');
  const form = useForm<Stage2FormValues, unknown, Stage2Submission>({
    resolver: stage2Resolver,
    defaultValues: initialValues(data),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The first bad field may sit on another step; focusing is done below once that step is shown.
    shouldFocusError: false,
  });
  const [step, setStep] = useState(1);
  const [direction, setDirection] = useState<StepDirection>(null);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isInFlight = useRef(false);
  const { isSubmitting } = form.formState;

  useEffect(() => {
    // While a submission is in flight the controls are disabled and cannot take focus: wait for it to end.
    if (!focusTarget || isSubmitting) return;
    const frame = requestAnimationFrame(() => {
      setFocusTarget(null);
      if (focusTarget.kind === 'field') {
        const control = document.getElementById(fieldId(focusTarget.field));
        if (control) {
          control.focus({ preventScroll: true });
          const box = control.closest('[data-field]') ?? control;
          const { top, bottom } = box.getBoundingClientRect();
          if (top < HEADER_OFFSET_PX || bottom > window.innerHeight) {
            box.scrollIntoView({ behavior: scrollBehavior(), block: 'center' });
          }
          return;
        }
      }
      // Spec §2: each step starts at the top of the page.
      headingRef.current?.focus({ preventScroll: true });
      window.scrollTo({ top: 0, behavior: scrollBehavior() });
    });
    return () => cancelAnimationFrame(frame);
  }, [focusTarget, isSubmitting]);

  function goToStep(next: number, focus: FocusTarget = { kind: 'step' }) {
    const target = Math.min(TOTAL_STEPS, Math.max(1, next));
    if (target !== step) setDirection(target > step ? 'forward' : 'backward');
    setStep(target);
    setFocusTarget(focus);
  }

  /** After errors: show the first step that has one and put the cursor in its first bad field. */
  function goToFirstError(fields: Iterable<string>) {
    const field = firstFieldOf(fields);
    if (field) goToStep(stepOfField(field), { kind: 'field', field });
  }

  async function onValid(values: Stage2Submission) {
    if (isInFlight.current) return;
    isInFlight.current = true;
    const hasFiles = values.imageFiles.length > 0 || values.revenueScreenshotFile !== null;
    setUploadProgress(hasFiles ? 0 : null);
    try {
      await submitStage2(link, values, hasFiles ? setUploadProgress : undefined);
      onComplete();
    } catch (error) {
      if (!isApiError(error)) {
        toast({ variant: 'destructive', title: t('toast.somethingWrong'), description: t('toast.networkDescription') });
        return;
      }
      if (error.status === 404) {
        toast({ variant: 'destructive', title: t('toast.invalidLinkTitle'), description: t('toast.deadLink') });
        onLinkDead();
        return;
      }
      const fields = Object.entries(error.fields ?? {});
      for (const [field, message] of fields) {
        if (isStage2Field(field)) form.setError(field, { type: 'server', message });
      }
      goToFirstError(fields.map(([field]) => field));
      toast({ variant: 'destructive', title: t('toast.submitFailed'), description: submitFailureText(t, error) });
    } finally {
      isInFlight.current = false;
      setUploadProgress(null);
    }
  }

  const submit = form.handleSubmit(onValid, (errors) => goToFirstError(Object.keys(errors)));

  function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    // Enter in a field before the last step moves on, as Next does; only step 4 submits.
    if (step < TOTAL_STEPS || isInFlight.current) {
      event.preventDefault();
      if (step < TOTAL_STEPS) goToStep(step + 1);
      return;
    }
    void submit(event);
  }

  const stepKey = STEP_KEYS[step - 1] ?? 'basic';
  const stepContent: Record<(typeof STEP_KEYS)[number], ReactNode> = {
    basic: <StepBasicInfo />,
    compensation: <StepCompensation />,
    content: <StepContent token={link.token} isDisabled={isSubmitting} />,
    pitch: <StepPitch token={link.token} isDisabled={isSubmitting} uploadProgress={uploadProgress} />,
  };

  return (
    <div>
      <Stage2Progress step={step} total={TOTAL_STEPS} />
      <FormProvider {...form}>
        <form noValidate onSubmit={onFormSubmit} className="mt-8" aria-labelledby="stage2-step-title">
          <StepPanel
            key={step}
            direction={direction}
            headingId="stage2-step-title"
            headingLevel="h2"
            headingRef={headingRef}
            title={t(`steps.${stepKey}.title`)}
            description={t(`steps.${stepKey}.description`)}
            fieldsClassName={FIELDS}
          >
            {stepContent[stepKey]}
          </StepPanel>
          <StepNavigation
            step={step}
            total={TOTAL_STEPS}
            isSubmitting={isSubmitting}
            onGoToStep={(next) => goToStep(next)}
            labels={{
              previous: t('actions.previous'),
              next: t('actions.next'),
              submit: t('actions.submit'),
              submitting: t('actions.submitting'),
            }}
          />
        </form>
      </FormProvider>
    </div>
  );
}
