import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Label } from '#client/components/ui/label.tsx';
import { cn } from '#client/lib/cn.ts';
import { fieldErrorId, fieldHintId, fieldId, type Stage2Field, type Stage2FormValues } from '../lib/form-values.ts';
import { translateStage2Message } from '../lib/validation-messages.ts';
import { FIELD, LABEL } from './stage2-layout.ts';

/** The accessibility wiring a control needs from its field: id, described-by, invalid and required state. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

/** The field's current message in the interface language, or undefined. */
export function useStage2FieldError(name: Stage2Field): string | undefined {
  const { t } = useTranslation('stage2');
  const { errors } = useFormState<Stage2FormValues>({ name });
  const message = errors[name]?.message;
  return typeof message === 'string' && message !== '' ? translateStage2Message(t, message, name) : undefined;
}

export interface Stage2FormFieldProps {
  name: Stage2Field;
  label: ReactNode;
  isRequired?: boolean;
  hint?: ReactNode;
  className?: string;
  /** "group": the label names a group (radio buttons, checkboxes), referenced by aria-labelledby. */
  labelKind?: 'label' | 'group';
  children: (control: ControlProps, labelId: string) => ReactNode;
}

/** Label, control, hint and error of one answer, wired together for assistive technology. */
export function Stage2FormField({
  name,
  label,
  isRequired = false,
  hint,
  className,
  labelKind = 'label',
  children,
}: Stage2FormFieldProps) {
  const error = useStage2FieldError(name);
  const id = fieldId(name);
  const labelId = `${id}-label`;
  const describedBy = [hint ? fieldHintId(name) : null, error ? fieldErrorId(name) : null].filter(Boolean).join(' ');
  // One inline run, so a label that wraps keeps its asterisk right after the last word.
  const labelContent = (
    <span>
      {label}
      {isRequired && (
        <span aria-hidden="true" className="ms-1 text-destructive">
          *
        </span>
      )}
    </span>
  );
  return (
    <div data-field={name} className={cn(FIELD, className)}>
      {labelKind === 'label' ? (
        <Label id={labelId} htmlFor={id} className={LABEL}>
          {labelContent}
        </Label>
      ) : (
        <span id={labelId} className={LABEL}>
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
      {error && (
        // role=alert: a message that appears while the creator is on the step is read out at once.
        <p id={fieldErrorId(name)} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
