import { Controller } from 'react-hook-form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import type { ControlProps } from './form-field.tsx';

export interface ChoiceOption {
  value: string;
  label: string;
}

export interface FormSelectProps {
  /** The form value it edits, in the surrounding FormProvider's form. */
  name: string;
  /** The wiring from the enclosing FormField. */
  controlProps: ControlProps;
  placeholder: string;
  options: readonly ChoiceOption[];
  isDisabled?: boolean | undefined;
  /** Called after the person picked a value (not on reset or restore). */
  onPicked?: ((value: string) => void) | undefined;
}

/** A select of fixed values with translated labels, bound to a react-hook-form field. */
export function FormSelect({ name, controlProps, placeholder, options, isDisabled, onPicked }: FormSelectProps) {
  return (
    <Controller
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
  );
}
