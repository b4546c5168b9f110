import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { ChoiceOption } from '#client/components/form/form-select.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#client/components/ui/radio-group.tsx';
import { cn } from '#client/lib/cn.ts';
import type { Stage2FormValues } from '../lib/form-values.ts';
import { Stage2FormField } from './stage2-form-field.tsx';
import { CHOICE_BOX } from './stage2-layout.ts';

export interface Stage2RadioFieldProps {
  name: 'compensationType' | 'isVerifiedOnlyFans' | 'hasExistingContent';
  label: ReactNode;
  options: readonly ChoiceOption[];
  isRequired?: boolean;
  hint?: ReactNode;
  /** Stacked boxes for long labels; side by side for short ones (yes/no). */
  layout?: 'row' | 'stack';
}

/** One answer of a few, each a bordered box the whole of which can be clicked. */
export function Stage2RadioField({ name, label, options, isRequired, hint, layout = 'row' }: Stage2RadioFieldProps) {
  const { control } = useFormContext<Stage2FormValues>();
  return (
    <Stage2FormField name={name} label={label} isRequired={isRequired} hint={hint} labelKind="group">
      {({ id, ...controlProps }, labelId) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <RadioGroup
              {...controlProps}
              aria-labelledby={labelId}
              value={field.value}
              onValueChange={field.onChange}
              className={layout === 'row' ? 'flex flex-wrap gap-3' : 'grid gap-2 sm:grid-cols-3'}
            >
              {options.map((option, index) => {
                // The first item carries the field's id, so "focus the first bad field" lands on the group.
                const itemId = index === 0 ? id : `${id}-${option.value}`;
                return (
                  <Label key={option.value} htmlFor={itemId} className={cn(CHOICE_BOX, layout === 'row' && 'min-w-24')}>
                    <RadioGroupItem id={itemId} value={option.value} ref={index === 0 ? field.ref : undefined} />
                    {option.label}
                  </Label>
                );
              })}
            </RadioGroup>
          )}
        />
      )}
    </Stage2FormField>
  );
}
