import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Label } from '#client/components/ui/label.tsx';
import { cn } from '#client/lib/cn.ts';
import {
  type ApplicationField,
  type ApplicationFormValues,
  fieldErrorId,
  fieldHintId,
  fieldId,
} from '../lib/form-values.ts';
import { translateMessage } from '../lib/validation-messages.ts';
import { FIELD, LABEL } from './application-layout.ts';

/** The accessibility wiring a control needs from its field: id, described-by, invalid and required state. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

/** The field's current message in the interface language, or undefined. */
export function useFieldError(name: ApplicationField): string | undefined {
  const { t } = useTranslation();
  const { errors } = useFormState<ApplicationFormValues>({ name });
  const message = errors[name]?.message;
  return typeof message === 'string' && message !== '' ? translateMessage(t, message) : undefined;
}

/** The asterisk of a required field; screen readers hear "required" from the control instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-destructive">
      *
    </span>
  );
}

export function FieldError({ name, message }: { name: ApplicationField; message: string | undefined }) {
  if (!message) return null;
  return (
    // role=alert: a message that appears while the applicant is on the step is read out at once.
    <p id={fieldErrorId(name)} role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

export interface FormFieldProps {
  name: ApplicationField;
  label: ReactNode;
  isRequired?: boolean;
  /** Required-looking without being enforced (spec §2: the photo's label has an asterisk, spec §5 lets it be absent). */
  showRequiredMark?: boolean;
  hint?: ReactNode;
  className?: string;
  /**
   * "label": a <label for> the control. "group": the label names a group (radio buttons), so the control
   * gets aria-labelledby the label's id instead.
   */
  labelKind?: 'label' | 'group';
  children: (control: ControlProps, labelId: string) => ReactNode;
}

/** Label, control, hint and error of one answer, wired together for assistive technology (issue 3). */
export function FormField({
  name,
  label,
  isRequired = false,
  showRequiredMark = isRequired,
  hint,
  className,
  labelKind = 'label',
  children,
}: FormFieldProps) {
  const error = useFieldError(name);
  const id = fieldId(name);
  const labelId = `${id}-label`;
  const describedBy = [hint ? fieldHintId(name) : null, error ? fieldErrorId(name) : null].filter(Boolean).join(' ');
  const labelContent = (
    <>
      {label}
      {showRequiredMark && <RequiredMark />}
    </>
  );
  return (
    <div data-field={name} className={cn(FIELD, className)}>
      {labelKind === 'label' ? (
        <Label id={labelId} htmlFor={id} className={cn(LABEL, 'gap-1')}>
          {labelContent}
        </Label>
      ) : (
        <span id={labelId} className={cn(LABEL, 'flex items-center gap-1')}>
          {labelContent}
        </span>
      )}
      {children(
        {
          id,
          'aria-describedby': describedBy || undefined,
          'aria-invalid': error ? true : undefined,
          'aria-required': isRequired ? true : undefined,
        },
        labelId,
      )}
      {hint && (
        <p id={fieldHintId(name)} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError name={name} message={error} />
    </div>
  );
}
