import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import type { ApplicationFormValues, ApplicationTextField } from '../lib/form-values.ts';
import { FormField } from './form-field.tsx';

export interface ChoiceOption {
  value: string;
  label: string;
}

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

/** A select whose options are fixed values with translated labels (spec §3 lists). */
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
  const { control } = useFormContext<ApplicationFormValues>();
  return (
    <FormField name={name} label={label} isRequired={isRequired} hint={hint}>
      {(controlProps) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select
              value={field.value}
              disabled={isDisabled}
              onValueChange={(value) => {
                // Radix can report '' when its hidden native select is reset by the browser; that is no choice.
                if (value === '') return;
                field.onChange(value);
                onPicked?.(value);
              }}
              onOpenChange={(isOpen) => {
                if (!isOpen) field.onBlur();
              }}
            >
              <SelectTrigger ref={field.ref} {...controlProps}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </FormField>
  );
}
