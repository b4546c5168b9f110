import type { ReactNode } from 'react';

/** One block of the account screen: a heading, what it is for, then its content. */
export function AccountSection({
  id,
  heading,
  description,
  children,
}: {
  id: string;
  heading: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold tracking-tight">
        {heading}
      </h2>
      {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
