import type { ReactNode } from 'react';
import { useAdminRecruiters } from '#client/lib/admin-recruiters.ts';

export interface RecruiterEmailOfProps {
  /** The recruiter the application names: by id, or by name once the recruiter row is gone. */
  recruiterId: string | null;
  name: string;
  /** Reads the list only while the screen asking is open. */
  isEnabled: boolean;
  children: (email: string | null) => ReactNode;
}

/**
 * A recruiter's e-mail for another feature's screen (the creators' details, product §2 Application Details).
 * Route screens hand it to that screen, since client features do not import each other (architecture §9.1);
 * it reads the same cached list as the recruiters screen.
 */
export function RecruiterEmailOf({ recruiterId, name, isEnabled, children }: RecruiterEmailOfProps) {
  const recruiters = useAdminRecruiters({ enabled: isEnabled });
  const recruiter =
    recruiters.data?.find((item) => item.id === recruiterId) ??
    recruiters.data?.find((item) => item.name.toLowerCase() === name.toLowerCase());
  return children(recruiter?.email ?? null);
}

/** The same as a render function, the form a route screen hands to a screen that shows the e-mail. */
export function renderRecruiterEmail(
  recruiter: Omit<RecruiterEmailOfProps, 'children'>,
  line: (email: string | null) => ReactNode,
): ReactNode {
  return <RecruiterEmailOf {...recruiter}>{line}</RecruiterEmailOf>;
}
