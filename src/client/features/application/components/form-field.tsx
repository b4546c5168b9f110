import { useFormState } from 'react-hook-form';
import {
  FormField as SharedFormField,
  type FormFieldProps as SharedFormFieldProps,
} from '#client/components/form/form-field.tsx';
import { messageOfFieldError, useMessageText } from '#client/lib/messages.ts';
import { type ApplicationField, type ApplicationFormValues, fieldId } from '../lib/form-values.ts';

/** The field's current message in the interface language, or undefined. */
export function useFieldError(name: ApplicationField): string | undefined {
  const say = useMessageText();
  const { errors } = useFormState<ApplicationFormValues>({ name });
  return say(messageOfFieldError(errors[name]));
}

export interface FormFieldProps extends Omit<SharedFormFieldProps, 'name' | 'id' | 'error' | 'markStyle'> {
  name: ApplicationField;
}

/**
 * One answer of the application (decision 010). `showRequiredMark`: required-looking without being enforced
 * (product §2: the photo's label has an asterisk, product §5 lets it be absent).
 */
export function FormField({ name, ...props }: FormFieldProps) {
  const error = useFieldError(name);
  return <SharedFormField {...props} name={name} id={fieldId(name)} error={error} markStyle="spaced" />;
}
