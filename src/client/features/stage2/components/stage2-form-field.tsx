import { useFormState } from 'react-hook-form';
import { FormField, type FormFieldProps } from '#client/components/form/form-field.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { fieldId, type Stage2Field, type Stage2FormValues } from '../lib/form-values.ts';
import { translateStage2Message } from '../lib/validation-messages.ts';

/** The field's current message in the interface language, or undefined. */
export function useStage2FieldError(name: Stage2Field): string | undefined {
  const { t } = useTranslation('stage2');
  const { errors } = useFormState<Stage2FormValues>({ name });
  const message = errors[name]?.message;
  return typeof message === 'string' && message !== '' ? translateStage2Message(t, message, name) : undefined;
}

export interface Stage2FormFieldProps
  extends Omit<FormFieldProps, 'name' | 'id' | 'error' | 'showRequiredMark' | 'markStyle'> {
  name: Stage2Field;
}

/** One answer of the stage-2 form; the asterisk stays in the label's text run. */
export function Stage2FormField({ name, ...props }: Stage2FormFieldProps) {
  const error = useStage2FieldError(name);
  return <FormField {...props} name={name} id={fieldId(name)} error={error} markStyle="inline" />;
}
