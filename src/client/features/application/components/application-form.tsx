import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { StepNavigation } from '#client/components/form/step-navigation.tsx';
import { StepPanel } from '#client/components/form/step-panel.tsx';
import { useFormSteps } from '#client/components/form/use-form-steps.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { reportFunnelStep } from '#client/lib/funnel-beacon.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { failureReason, fieldError, type ShownMessage, useMessageText } from '#client/lib/messages.ts';
import { withRetryWait } from '#client/lib/retry-after.ts';
import { bringIntoView, HEADER_OFFSET_PX, scrollBehavior } from '#client/lib/scroll.ts';
import { toast } from '#client/lib/toast.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import type { MessageKey } from '#shared/messages/message.ts';
import { PHOTO_BAD_TYPE_KEY, PHOTO_TOO_LARGE_KEY } from '#shared/schemas/application.ts';
import { applicationKeys } from '../api/query-keys.ts';
import { type ApplicationSubmission, submitApplication } from '../api/submit-application.ts';
import { clearDraft, draftToValues, readDraft } from '../lib/application-draft.ts';
import { applicationResolver } from '../lib/form-resolver.ts';
import {
  type ApplicationFormValues,
  EMPTY_APPLICATION,
  fieldId,
  firstFieldOf,
  isApplicationField,
  stepOfField,
  TOTAL_STEPS,
} from '../lib/form-values.ts';
import { useDraftAutosave } from '../lib/use-draft-autosave.ts';
import { useFunnelSteps } from '../lib/use-funnel-steps.ts';
import { useRecruiterPreselection } from '../lib/use-recruiter-preselection.ts';
import { ApplicationErrorMap, STEP_KEYS } from './application-error-map.tsx';
import { FIELDS, FORM_BODY } from './application-layout.ts';
import { ApplicationProgress } from './application-progress.tsx';
import { ApplicationSuccess } from './application-success.tsx';
import { ConsentField } from './consent-field.tsx';
import { HoneypotField } from './honeypot-field.tsx';
import { PhotoUpload } from './photo-upload.tsx';
import { RecruiterSelect } from './recruiter-select.tsx';
import { StepAdditionalDetails } from './step-additional-details.tsx';
import { StepBasicInfo } from './step-basic-info.tsx';
import { StepContactDetails } from './step-contact-details.tsx';
import { StepExperience } from './step-experience.tsx';

/** Product §8 Submission Failed, where the server sent no message by key: what each refusal means here. */
const FAILURES_BY_CODE: Partial<Record<ErrorCode, MessageKey>> = {
  RATE_LIMITED: 'application.tooMany',
  UNAVAILABLE: 'server.busy',
  TOO_MANY_UPLOADS: 'upload.tooMany',
  REQUEST_TIMEOUT: 'upload.tooSlow',
};
const PHOTO_REFUSALS: readonly string[] = [PHOTO_TOO_LARGE_KEY, PHOTO_BAD_TYPE_KEY];

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** What the success screen tells her: her reference, her page, and the channel the team will use. */
interface Completed {
  creatorId: string;
  pageUrl?: string | undefined;
  contactMethod: ApplicationSubmission['contactMethod'];
  contactInfo: string;
}

export interface ApplicationFormProps {
  /** Told when the success screen shows or leaves, so the section can drop its intro above it. */
  onCompleteChange?: (isComplete: boolean) => void;
}

/** Product §2: the five-step application with its success screen (loaded on demand, see application-section). */
export function ApplicationForm({ onCompleteChange }: ApplicationFormProps = {}) {
  const { t, i18n } = useTranslation();
  const say = useMessageText();
  const queryClient = useQueryClient();
  const [initialDraft] = useState(readDraft);
  const form = useForm<ApplicationFormValues, unknown, ApplicationSubmission>({
    resolver: applicationResolver,
    defaultValues: draftToValues(initialDraft),
    // Product §2/§5: Next does not validate; everything is checked on the final submit, then kept current.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The first bad field may sit on another step; focusing is done below once that step is shown.
    shouldFocusError: false,
  });
  const [completed, setCompleted] = useState<Completed | null>(null);
  const isComplete = completed !== null;
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const { isSubmitting } = form.formState;
  const { step, direction, headingRef, isInFlight, goToStep, goToFirstError, resetSteps, submitOnLastStep } =
    useFormSteps({
      totalSteps: TOTAL_STEPS,
      initialStep: initialDraft?.step ?? 1,
      fieldId,
      firstFieldOf,
      stepOfField,
      isSubmitting,
      onStepShown: () => {
        const container = containerRef.current;
        if (container && container.getBoundingClientRect().top < HEADER_OFFSET_PX) {
          container.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
        }
      },
    });
  const draft = useDraftAutosave(form, step, !isComplete);

  useFunnelSteps(form, step, containerRef);
  const preselectedRecruiter = useRecruiterPreselection(form);

  async function onValid(values: ApplicationSubmission) {
    if (isInFlight.current) return;
    isInFlight.current = true;
    setUploadProgress(values.confirmationPhoto ? 0 : null);
    try {
      const result = await submitApplication(values, {
        honeypot: honeypotRef.current?.value ?? '',
        locale: i18n.language,
        onProgress: values.confirmationPhoto ? setUploadProgress : undefined,
      });
      draft.cancel();
      clearDraft();
      setCompleted({
        creatorId: result.creatorId,
        pageUrl: result.pageUrl,
        contactMethod: values.contactMethod,
        contactInfo: values.contactInfo,
      });
      onCompleteChange?.(true);
      reportFunnelStep('submitted');
      toast({ title: t('application.toast.successTitle'), description: t('application.toast.successDescription') });
      const container = containerRef.current;
      if (container) requestAnimationFrame(() => bringIntoView(container, 'start'));
    } catch (error) {
      if (isAbortError(error)) return;
      if (!isApiError(error)) {
        toast({
          variant: 'destructive',
          title: t('application.toast.networkTitle'),
          description: t('application.toast.networkDescription'),
        });
        return;
      }
      const fields: Record<string, ShownMessage> = { ...error.fieldMessages };
      // A 413/415 without a field map is still about the photo.
      if (Object.keys(fields).length === 0 && error.reason && PHOTO_REFUSALS.includes(error.reason.key)) {
        fields.confirmationPhoto = error.reason;
      }
      for (const [field, fieldMessage] of Object.entries(fields)) {
        if (isApplicationField(field)) form.setError(field, fieldError(fieldMessage));
      }
      // The chosen recruiter may just have been removed from selection: offer the current list.
      if (fields.recruiter) void queryClient.invalidateQueries({ queryKey: applicationKeys.recruiters() });
      goToFirstError(Object.keys(fields));
      toast({
        variant: 'destructive',
        title: t('application.toast.failedTitle'),
        // Too many applications from one network: the reason names the minutes until she may try again.
        description:
          say(withRetryWait(error, failureReason(error, FAILURES_BY_CODE), 'application.tooManyRetryIn')) ??
          t('application.toast.failedDescription'),
      });
    } finally {
      isInFlight.current = false;
      setUploadProgress(null);
    }
  }

  const onFormSubmit = submitOnLastStep(form.handleSubmit(onValid, (errors) => goToFirstError(Object.keys(errors))));

  /** Product §2: 'Submit New Application' resets everything, returns to step 1 and scrolls to the top. */
  function startOver() {
    draft.cancel();
    clearDraft();
    form.reset({ ...EMPTY_APPLICATION, recruiter: preselectedRecruiter.current });
    resetSteps();
    setCompleted(null);
    onCompleteChange?.(false);
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
  }

  const stepKey = STEP_KEYS[step - 1] ?? 'basic';
  const stepContent: Record<(typeof STEP_KEYS)[number], ReactNode> = {
    basic: <StepBasicInfo />,
    contact: <StepContactDetails />,
    experience: <StepExperience />,
    additional: <StepAdditionalDetails />,
    final: (
      <>
        <RecruiterSelect isDisabled={isSubmitting} />
        <PhotoUpload isDisabled={isSubmitting} uploadProgress={uploadProgress} />
        <ConsentField isDisabled={isSubmitting} />
      </>
    ),
  };

  if (completed) {
    return (
      <div ref={containerRef} className="scroll-mt-24">
        <ApplicationSuccess {...completed} onStartOver={startOver} />
      </div>
    );
  }

  return (
    <div ref={containerRef} className="scroll-mt-24">
      <ApplicationProgress step={step} total={TOTAL_STEPS} />
      <FormProvider {...form}>
        <ApplicationErrorMap step={step} onGoToErrors={goToFirstError} onGoToStep={(next) => goToStep(next)} />
        <form noValidate onSubmit={onFormSubmit} className={FORM_BODY} aria-labelledby="application-step-title">
          <StepPanel
            key={step}
            direction={direction}
            headingId="application-step-title"
            headingLevel="h3"
            headingRef={headingRef}
            title={t(`application.steps.${stepKey}.title`)}
            description={t(`application.steps.${stepKey}.description`)}
            fieldsClassName={FIELDS}
          >
            {stepContent[stepKey]}
          </StepPanel>
          <HoneypotField ref={honeypotRef} />
          <StepNavigation
            step={step}
            total={TOTAL_STEPS}
            isSubmitting={isSubmitting}
            onGoToStep={(next) => goToStep(next)}
            labels={{
              previous: t('application.actions.previous'),
              next: t('application.actions.next'),
              submit: t('application.actions.submit'),
              submitting: t('application.actions.submitting'),
            }}
          />
        </form>
      </FormProvider>
    </div>
  );
}
