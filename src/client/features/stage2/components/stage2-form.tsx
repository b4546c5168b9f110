import { type ReactNode, useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { StepNavigation } from '#client/components/form/step-navigation.tsx';
import { StepPanel } from '#client/components/form/step-panel.tsx';
import { useFormSteps } from '#client/components/form/use-form-steps.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { failureReason, fieldError, useMessageText } from '#client/lib/messages.ts';
import { withRetryWait } from '#client/lib/retry-after.ts';
import { toast } from '#client/lib/toast.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import type { MessageKey } from '#shared/messages/message.ts';
import type { Stage2Form as Stage2FormData } from '#shared/replies/stage2.ts';
import type { Stage2Link } from '../api/get-stage2-form.ts';
import { type Stage2Submission, submitStage2 } from '../api/submit-stage2.ts';
import { stage2Resolver } from '../lib/form-resolver.ts';
import {
  fieldId,
  firstFieldOf,
  initialValues,
  isStage2Field,
  STEP_KEYS,
  type Stage2FormValues,
  stepOfField,
  TOTAL_STEPS,
} from '../lib/form-values.ts';
import { scrollToStep } from '../lib/scroll-to-step.ts';
import { FIELDS } from './stage2-layout.ts';
import { Stage2Progress } from './stage2-progress.tsx';
import { StepBasicInfo } from './step-basic-info.tsx';
import { StepCompensation } from './step-compensation.tsx';
import { StepContent } from './step-content.tsx';
import { StepPitch } from './step-pitch.tsx';

/** Product §8 'Failed to submit form', where the server sent no message by key: what each refusal means here. */
const FAILURES_BY_CODE: Partial<Record<ErrorCode, MessageKey>> = {
  RATE_LIMITED: 'stage2.tooManyAttempts',
  UNAVAILABLE: 'server.busy',
  TOO_MANY_UPLOADS: 'upload.tooMany',
  REQUEST_TIMEOUT: 'upload.tooSlow',
};

export interface Stage2FormProps {
  link: Stage2Link;
  data: Stage2FormData;
  onComplete: () => void;
  /** The server answered 404 on submit: the link died while the page was open. */
  onLinkDead: () => void;
  /** The step now shown, so the page can fold its header away after the first. */
  onStepChange?: (step: number) => void;
}

/** Product §2 stage-2 form: four steps, Next without checks, everything checked on submit. */
export function Stage2Form({ link, data, onComplete, onLinkDead, onStepChange }: Stage2FormProps) {
  const { t } = useTranslation('stage2');
  const say = useMessageText();
  const form = useForm<Stage2FormValues, unknown, Stage2Submission>({
    resolver: stage2Resolver,
    defaultValues: initialValues(data),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The first bad field may sit on another step; focusing is done below once that step is shown.
    shouldFocusError: false,
  });
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const { isSubmitting } = form.formState;
  const { step, direction, headingRef, isInFlight, goToStep, goToFirstError, submitOnLastStep } = useFormSteps({
    totalSteps: TOTAL_STEPS,
    fieldId,
    firstFieldOf,
    stepOfField,
    isSubmitting,
    // Product §2: each step starts at the top of the page, its question in view (decision 050).
    onStepShown: () => scrollToStep(headingRef.current),
  });

  useEffect(() => {
    onStepChange?.(step);
  }, [step, onStepChange]);

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
      const fields = Object.entries(error.fieldMessages ?? {});
      for (const [field, message] of fields) {
        if (isStage2Field(field)) form.setError(field, fieldError(message));
      }
      goToFirstError(fields.map(([field]) => field));
      // The first field's message says what to fix; otherwise why the server refused.
      // A refusal for too many attempts says, in her language, how many minutes to wait.
      const reason =
        fields[0]?.[1] ?? withRetryWait(error, failureReason(error, FAILURES_BY_CODE), 'stage2.tooManyAttemptsRetryIn');
      toast({
        variant: 'destructive',
        title: t('toast.submitFailed'),
        description: say(reason) ?? t('toast.submitFailedDescription'),
      });
    } finally {
      isInFlight.current = false;
      setUploadProgress(null);
    }
  }

  const onFormSubmit = submitOnLastStep(form.handleSubmit(onValid, (errors) => goToFirstError(Object.keys(errors))));

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
