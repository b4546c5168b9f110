import { useFormState } from 'react-hook-form';
import {
  FormField as SharedFormField,
  type FormFieldProps as SharedFormFieldProps,
} from '#client/components/form/form-field.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { type ApplicationField, type ApplicationFormValues, fieldId } from '../lib/form-values.ts';
import { translateMessage } from '../lib/validation-messages.ts';

/** The field's current message in the interface language, or undefined. */
export function useFieldError(name: ApplicationField): string | undefined {
  const { t } = useTranslation();
  const { errors } = useFormState<ApplicationFormValues>({ name });
  const message = errors[name]?.message;
  return typeof message === 'string' && message !== '' ? translateMessage(t, message) : undefined;
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
