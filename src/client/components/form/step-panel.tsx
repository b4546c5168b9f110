import type { ReactNode, Ref } from 'react';
import { cn } from '#client/lib/cn.ts';
import { STEP_DESCRIPTION, STEP_TITLE } from './form-layout.ts';

export type StepDirection = 'forward' | 'backward' | null;

export interface StepPanelProps {
  /** The way the form moved to this step; null (first render, start over) shows it without sliding. */
  direction: StepDirection;
  /** The form's aria-labelledby points here. */
  headingId: string;
  /** The heading's level in the page's outline. */
  headingLevel: 'h2' | 'h3';
  /** Focus lands on the heading when a step is shown. */
  headingRef: Ref<HTMLHeadingElement>;
  title: ReactNode;
  description: ReactNode;
  fieldsClassName: string;
  children: ReactNode;
}

/** One step's title, description and fields; give it `key={step}` so each step slides in afresh. */
export function StepPanel({
  direction,
  headingId,
  headingLevel: Heading,
  headingRef,
  title,
  description,
  fieldsClassName,
  children,
}: StepPanelProps) {
  return (
    <div
      className={cn(
        direction && 'transition-[opacity,translate] duration-300 ease-out starting:opacity-0',
        direction === 'forward' && 'starting:translate-x-6 rtl:starting:-translate-x-6',
        direction === 'backward' && 'starting:-translate-x-6 rtl:starting:translate-x-6',
      )}
    >
      <Heading id={headingId} ref={headingRef} tabIndex={-1} className={STEP_TITLE}>
        {title}
      </Heading>
      <p className={STEP_DESCRIPTION}>{description}</p>
      <div className={fieldsClassName}>{children}</div>
    </div>
  );
}
