import type { ReactNode } from 'react';
import { Label } from '#client/components/ui/label.tsx';
import { cn } from '#client/lib/cn.ts';
import { FIELD, LABEL } from './form-layout.ts';

/** The accessibility wiring a control needs from its field: id, described-by, invalid and required state. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

export interface FormFieldProps {
  /** Marks the wrapper (`data-field`), so focusing a bad field can bring the whole answer into view. */
  name: string;
  /** The control's id; the label's, hint's and error's ids are derived from it. */
  id: string;
  label: ReactNode;
  /** The field's current message, already in the interface language. */
  error: string | undefined;
  isRequired?: boolean;
  /** Required-looking without being enforced; defaults to isRequired. */
  showRequiredMark?: boolean;
  /**
   * "spaced": the asterisk is laid out beside the label with a gap. "inline": label and asterisk are one
   * inline run, so a label that wraps keeps its asterisk right after the last word.
   */
  markStyle?: 'spaced' | 'inline';
  hint?: ReactNode;
  className?: string;
  /**
   * "label": a <label for> the control. "group": the label names a group (radio buttons, checkboxes), so the
   * control gets aria-labelledby the label's id instead.
   */
  labelKind?: 'label' | 'group';
  children: (control: ControlProps, labelId: string) => ReactNode;
}

/** Label, control, hint and error of one answer, wired together for assistive technology. */
export function FormField({
  name,
  id,
  label,
  error,
  isRequired = false,
  showRequiredMark = isRequired,
  markStyle = 'spaced',
  hint,
  className,
  labelKind = 'label',
  children,
}: FormFieldProps) {
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const isInline = markStyle === 'inline';
  // The asterisk is for the eye; screen readers hear "required" from the control instead.
  const labelContent = isInline ? (
    <span>
      {label}
      {showRequiredMark && (
        <span aria-hidden="true" className="ms-1 text-destructive">
          *
        </span>
      )}
    </span>
  ) : (
    <>
      {label}
      {showRequiredMark && (
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      )}
    </>
  );
  return (
    <div data-field={name} className={cn(FIELD, className)}>
      {labelKind === 'label' ? (
        <Label id={labelId} htmlFor={id} className={cn(LABEL, isInline ? 'gap-2' : 'gap-1')}>
          {labelContent}
        </Label>
      ) : (
        <span id={labelId} className={isInline ? LABEL : cn(LABEL, 'flex items-center gap-1')}>
          {labelContent}
        </span>
      )}
      {children(
        {
          id,
          'aria-describedby': describedBy || undefined,
          'aria-invalid': error ? true : undefined,
          'aria-required': isRequired ? true : undefined,
        },
        labelId,
      )}
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        // role=alert: a message that appears while the person is on the step is read out at once.
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
