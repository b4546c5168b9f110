import { useParams, useSearch } from 'wouter';
import { PublicLayout } from '#client/components/layouts/public-layout.tsx';
import { Stage2Page } from '#client/features/stage2/components/stage2-page.tsx';

/**
 * Second-stage form for a creator with a token link (product §2 /stage2/{creatorId}?token=…). The page is
 * served with `Referrer-Policy: no-referrer`, so the token in its address never leaves in a Referer.
 */
export function Stage2Route() {
  const { creatorId } = useParams<{ creatorId: string }>();
  const token = new URLSearchParams(useSearch()).get('token');
  return (
    <PublicLayout>
      <Stage2Page creatorId={creatorId?.trim() || undefined} token={token?.trim() || null} />
    </PublicLayout>
  );
}
