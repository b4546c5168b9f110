import { useFormState } from 'react-hook-form';
import { FormField, type FormFieldProps } from '#client/components/form/form-field.tsx';
import { messageOfFieldError, useMessageText } from '#client/lib/messages.ts';
import { fieldId, type Stage2Field, type Stage2FormValues } from '../lib/form-values.ts';

/** The field's current message in the interface language, or undefined. */
export function useStage2FieldError(name: Stage2Field): string | undefined {
  const say = useMessageText();
  const { errors } = useFormState<Stage2FormValues>({ name });
  return say(messageOfFieldError(errors[name]));
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
