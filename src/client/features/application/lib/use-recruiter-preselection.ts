import { type RefObject, useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useRecruiters } from '../api/get-recruiters.ts';
import type { ApplicationSubmission } from '../api/submit-application.ts';
import type { ApplicationFormValues } from './form-values.ts';

/** A recruiter link (`/?ref=<recruiter id>`, docs/decisions/010) names the recruiter to preselect. */
function readRefParam(): string | null {
  return new URLSearchParams(globalThis.location?.search ?? '').get('ref');
}

/**
 * Preselects the recruiter of a recruiter link once the list has loaded (it wins over one restored from the
 * draft), and drops a restored choice whose recruiter has since been removed from selection. Returns the
 * preselected name, which "Submit New Application" keeps.
 */
export function useRecruiterPreselection(
  form: UseFormReturn<ApplicationFormValues, unknown, ApplicationSubmission>,
): RefObject<string> {
  const refRecruiterId = useRef(readRefParam());
  const preselectedRecruiter = useRef('');
  // Fetched with the form rather than on step 5, so the list is there when the applicant gets to it.
  const recruiters = useRecruiters();
  useEffect(() => {
    const list = recruiters.data;
    if (!list) return;
    const refId = refRecruiterId.current;
    refRecruiterId.current = null;
    const referred = refId ? list.find((recruiter) => recruiter.id === refId) : undefined;
    if (referred) {
      preselectedRecruiter.current = referred.name;
      form.setValue('recruiter', referred.name, { shouldDirty: true });
      return;
    }
    const current = form.getValues('recruiter');
    if (current && !list.some((recruiter) => recruiter.name === current)) form.setValue('recruiter', '');
  }, [recruiters.data, form]);
  return preselectedRecruiter;
}
