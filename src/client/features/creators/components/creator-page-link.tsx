import { Link2Icon, LinkIcon, Unlink2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { formatDateTime } from '#client/lib/date-time.ts';
import { toastFailure } from '#client/lib/failure-toast.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import { type IssuedPageLink, useIssuePageLink, useRevokePageLink } from '../api/page-link.ts';

/**
 * Her own page's link in the details (decision 047): only its hash is stored, so staff cannot show the one she
 * has, but can issue a new one (the old one dies) to pass on, or revoke it when it reached the wrong person.
 */
export function CreatorPageLink({ creatorId }: { creatorId: string }) {
  const { t, i18n } = useTranslation('admin');
  const issue = useIssuePageLink(creatorId);
  const revoke = useRevokePageLink(creatorId);
  const [issued, setIssued] = useState<IssuedPageLink | null>(null);
  const [isConfirming, setConfirming] = useState(false);

  async function issueLink() {
    try {
      const link = await issue.mutateAsync();
      setIssued(link);
      toast({ title: t(link.isCopied ? 'pageLink.issuedCopied' : 'pageLink.issued') });
    } catch (error) {
      toastFailure(error, { title: t('pageLink.failedTitle'), fallback: t('pageLink.failed') });
    }
  }

  async function revokeLink() {
    try {
      const { revoked } = await revoke.mutateAsync();
      setIssued(null);
      setConfirming(false);
      toast({ title: t(revoked ? 'pageLink.revoked' : 'pageLink.noneLive') });
    } catch (error) {
      toastFailure(error, { title: t('pageLink.failedTitle'), fallback: t('pageLink.failed') });
    }
  }

  return (
    <div className="grid gap-2 rounded-lg border p-3">
      <p className="text-sm font-medium">{t('pageLink.title')}</p>
      <p className="text-sm text-muted-foreground">{t('pageLink.description')}</p>
      {issued && (
        <div className="grid gap-1">
          <Input readOnly value={issued.url} aria-label={t('pageLink.linkLabel')} onFocus={(e) => e.target.select()} />
          <p className="text-xs text-muted-foreground">
            {t('pageLink.expires', { date: formatDateTime(issued.expiresAt, i18n.resolvedLanguage) })}
          </p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void issueLink()} disabled={issue.isPending}>
          {issued ? <Link2Icon aria-hidden="true" /> : <LinkIcon aria-hidden="true" />}
          {t('pageLink.issue')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={revoke.isPending}>
          <Unlink2Icon aria-hidden="true" />
          {t('pageLink.revoke')}
        </Button>
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title={t('pageLink.confirmTitle')}
        description={t('pageLink.confirmDescription')}
        confirmLabel={t('pageLink.revoke')}
        cancelLabel={t('pageLink.cancel')}
        confirmIcon={<Unlink2Icon aria-hidden="true" />}
        variant="destructive"
        isPending={revoke.isPending}
        onConfirm={() => void revokeLink()}
      />
    </div>
  );
}
