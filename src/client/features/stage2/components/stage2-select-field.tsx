import type { ReactNode } from 'react';
import { type ChoiceOption, FormSelect } from '#client/components/form/form-select.tsx';
import { Stage2FormField } from './stage2-form-field.tsx';

export interface Stage2SelectFieldProps {
  name: 'englishLevel';
  label: ReactNode;
  placeholder: string;
  options: readonly ChoiceOption[];
  isRequired?: boolean;
  hint?: ReactNode;
}

/** A select of fixed values with translated labels. */
export function Stage2SelectField({ name, label, placeholder, options, isRequired, hint }: Stage2SelectFieldProps) {
  return (
    <Stage2FormField name={name} label={label} isRequired={isRequired} hint={hint}>
      {(controlProps) => (
        <FormSelect name={name} controlProps={controlProps} placeholder={placeholder} options={options} />
      )}
    </Stage2FormField>
  );
}
