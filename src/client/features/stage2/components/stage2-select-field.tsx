import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import type { Stage2FormValues } from '../lib/form-values.ts';
import { Stage2FormField } from './stage2-form-field.tsx';

export interface Stage2Option {
  value: string;
  label: string;
}

export interface Stage2SelectFieldProps {
  name: 'country' | 'englishLevel';
  label: ReactNode;
  placeholder: string;
  options: readonly Stage2Option[];
  isRequired?: boolean;
  hint?: ReactNode;
}

/** A select of fixed values with translated labels. */
export function Stage2SelectField({ name, label, placeholder, options, isRequired, hint }: Stage2SelectFieldProps) {
  const { control } = useFormContext<Stage2FormValues>();
  return (
    <Stage2FormField name={name} label={label} isRequired={isRequired} hint={hint}>
      {(controlProps) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select
              value={field.value}
              onValueChange={(value) => {
                // Radix can report '' when its hidden native select is reset by the browser; that is no choice.
                if (value !== '') field.onChange(value);
              }}
              onOpenChange={(isOpen) => {
                if (!isOpen) field.onBlur();
              }}
            >
              <SelectTrigger ref={field.ref} {...controlProps}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
              <SelectContent className="max-h-[min(24rem,var(--radix-select-content-available-height))]">
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
    </Stage2FormField>
  );
}
