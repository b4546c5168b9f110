import type { ReactNode } from 'react';
import { Label } from '#client/components/ui/label.tsx';

export interface RecruiterFormFieldProps {
  id: string;
  label: ReactNode;
  /** Already in the interface language. */
  error?: string | undefined;
  children: (control: {
    id: string;
    'aria-describedby': string | undefined;
    'aria-invalid': true | undefined;
  }) => ReactNode;
}

/** A label, its control and the control's message, wired together for assistive technology. */
export function RecruiterFormField({ id, label, error, children }: RecruiterFormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-describedby': error ? errorId : undefined, 'aria-invalid': error ? true : undefined })}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
