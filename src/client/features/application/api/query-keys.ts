import { queryRoots } from '#client/lib/query-keys.ts';

/** The public form's one read: the recruiter select, apart from the admin list with its e-mails. */
export const applicationKeys = {
  recruiters: () => queryRoots.publicRecruiters,
};
