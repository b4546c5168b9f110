import type { ReactNode } from 'react';
import { type ChoiceOption, FormSelect } from '#client/components/form/form-select.tsx';
import type { ApplicationTextField } from '../lib/form-values.ts';
import { FormField } from './form-field.tsx';

export interface ChoiceFieldProps {
  name: ApplicationTextField;
  label: ReactNode;
  placeholder: string;
  options: readonly ChoiceOption[];
  isRequired?: boolean;
  isDisabled?: boolean;
  hint?: ReactNode;
  /** Called after the applicant picked a value (not on reset or restore). */
  onPicked?: (value: string) => void;
}

/** A select whose options are fixed values with translated labels (product §3 lists). */
export function ChoiceField({
  name,
  label,
  placeholder,
  options,
  isRequired,
  isDisabled,
  hint,
  onPicked,
}: ChoiceFieldProps) {
  return (
    <FormField name={name} label={label} isRequired={isRequired} hint={hint}>
      {(controlProps) => (
        <FormSelect
          name={name}
          controlProps={controlProps}
          placeholder={placeholder}
          options={options}
          isDisabled={isDisabled}
          onPicked={onPicked}
        />
      )}
    </FormField>
  );
}
