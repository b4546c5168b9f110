import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircleIcon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { isApiError } from '#client/lib/api-client.ts';
import { BRAND_NAME } from '#client/lib/brand.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { useMessageText } from '#client/lib/messages.ts';
import { withRetryWait } from '#client/lib/retry-after.ts';
import { toast } from '#client/lib/toast.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { type Stage2Link, useStage2Form } from '../api/get-stage2-form.ts';
import { stage2Keys } from '../api/query-keys.ts';
import { Stage2Form } from './stage2-form.tsx';
import { Stage2Header } from './stage2-header.tsx';
import { CARD } from './stage2-layout.ts';
import { Stage2Notice, type Stage2NoticeKind } from './stage2-notice.tsx';
import { Stage2SentNotice } from './stage2-sent-notice.tsx';
import { Stage2Success } from './stage2-success.tsx';

function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-64 items-center justify-center gap-3 text-sm text-muted-foreground">
      <LoaderCircleIcon className="size-5 animate-spin text-primary" aria-hidden="true" />
      {label}
    </div>
  );
}

function NoticeCard({ kind, onRetry }: { kind: Stage2NoticeKind; onRetry?: () => void }) {
  return (
    <div className={CARD}>
      <Stage2Notice kind={kind} {...(onRetry ? { onRetry } : {})} />
    </div>
  );
}

/** Product §5/§8: a link without its creator id or token shows the toast and a page that explains it. */
function IncompleteLink() {
  const { t } = useTranslation('stage2');
  useEffect(() => {
    toast({ variant: 'destructive', title: t('toast.invalidLink', { brand: BRAND_NAME }) });
  }, [t]);
  return <NoticeCard kind="incomplete" />;
}

function LinkedStage2({ link }: { link: Stage2Link }) {
  const { t } = useTranslation('stage2');
  const say = useMessageText();
  const queryClient = useQueryClient();
  const query = useStage2Form(link);
  const [outcome, setOutcome] = useState<'open' | 'complete' | 'dead'>('open');
  const [step, setStep] = useState(1);
  const isDead = outcome === 'dead' || (isApiError(query.error) && query.error.status === 404);

  // The proof of work (lib/captcha) is solved in the background while the form is filled in.
  const isShown = query.data !== undefined;
  useEffect(() => {
    if (isShown) void import('#client/lib/captcha/captcha.ts').then(({ prepareCaptcha }) => prepareCaptcha());
  }, [isShown]);

  useEffect(() => {
    if (!query.error) return;
    if (isApiError(query.error) && query.error.status === 404) {
      toast({ variant: 'destructive', title: t('toast.invalidLinkTitle'), description: t('toast.deadLink') });
    } else {
      // Too many attempts from her network: when she may try again, else the usual advice.
      const wait = withRetryWait(query.error, undefined, 'stage2.tooManyAttemptsRetryIn');
      const description = say(wait) ?? t('toast.loadFailedDescription');
      toast({ variant: 'destructive', title: t('toast.loadFailed'), description });
    }
  }, [query.error, t, say]);

  if (isDead) return <NoticeCard kind="dead" />;
  if (query.isError) return <NoticeCard kind="loadFailed" onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading label={t('loading')} />;

  const isFirstStep = step === 1 || outcome === 'complete';
  const sentAt = query.data.existingData?.submittedAt;
  return (
    // After the first step the header folds to a line, so on a phone the question stays above the fold.
    <div className={isFirstStep ? 'grid gap-8' : 'grid gap-4'}>
      <Stage2Header creator={query.data.creator} isCompact={!isFirstStep} />
      {sentAt && outcome === 'open' && step === 1 && <Stage2SentNotice submittedAt={sentAt} />}
      <div className={CARD}>
        {outcome === 'complete' ? (
          <Stage2Success />
        ) : (
          <Stage2Form
            link={link}
            data={query.data}
            onComplete={() => {
              setOutcome('complete');
              // Re-opening the link later prefills from what was just sent.
              void queryClient.invalidateQueries({
                queryKey: stage2Keys.form(link),
                refetchType: 'none',
              });
              window.scrollTo({ top: 0 });
            }}
            onLinkDead={() => setOutcome('dead')}
            onStepChange={setStep}
          />
        )}
      </div>
    </div>
  );
}

/**
 * The creator's private second stage (product §2 /stage2/{creatorId}?token=…). Its texts are a namespace of
 * their own, loaded with the screen (architecture §6): nothing renders in English first and then switches.
 */
export function Stage2Page({ creatorId, token }: { creatorId: string | undefined; token: string | null }) {
  const { t, ready } = useTranslation('stage2');
  const common = useTranslation();
  useDocumentTitle(ready ? t('title', { brand: BRAND_NAME }) : null, { isSiteTitle: true });
  let content: ReactNode;
  if (!ready) content = <Loading label={common.t('common.loading')} />;
  else if (!creatorId || !token) content = <IncompleteLink />;
  else content = <LinkedStage2 link={{ creatorId, token }} />;
  return <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">{content}</div>;
}
