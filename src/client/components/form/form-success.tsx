import { CircleCheckBigIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';

export interface FormSuccessProps {
  title: ReactNode;
  description: ReactNode;
  /** The heading's level in the page's outline. */
  headingLevel: 'h2' | 'h3';
  /** The actions (and any notes) under the description. */
  children: ReactNode;
}

/** A form's success screen. Focus moves to its heading so screen readers announce the outcome. */
export function FormSuccess({ title, description, headingLevel: Heading, children }: FormSuccessProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);
  return (
    <div className="flex animate-[pop-in_300ms_cubic-bezier(0.16,1,0.3,1)] flex-col items-center py-6 text-center sm:py-10">
      <span className="flex size-16 items-center justify-center rounded-full bg-success/10 text-success">
        <CircleCheckBigIcon className="size-8" aria-hidden="true" />
      </span>
      <Heading ref={headingRef} tabIndex={-1} className="mt-6 text-2xl font-bold tracking-tight outline-none">
        {title}
      </Heading>
      <p className="mt-3 max-w-md text-muted-foreground">{description}</p>
      {children}
    </div>
  );
}
