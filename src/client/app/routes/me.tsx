import { useParams, useSearch } from 'wouter';
import { PublicLayout } from '#client/components/layouts/public-layout.tsx';
import { ApplicantPageScreen } from '#client/features/applicant-page/components/applicant-page.tsx';

/**
 * Her own page (decision 047, /me/{creatorId}?token=…). Served with `Referrer-Policy: no-referrer`, so the
 * token in its address never leaves in a Referer.
 */
export function ApplicantPageRoute() {
  const { creatorId } = useParams<{ creatorId: string }>();
  const token = new URLSearchParams(useSearch()).get('token');
  return (
    <PublicLayout>
      <ApplicantPageScreen creatorId={creatorId?.trim() || undefined} token={token?.trim() || null} />
    </PublicLayout>
  );
}
