import { LaptopIcon, LogOutIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { formatDateTime } from '#client/lib/date-time.ts';
import { toastFailure } from '#client/lib/failure-toast.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import type { AccountSession } from '#shared/replies/account.ts';
import { useEndSession } from '../api/change-account.ts';
import { useAccountSessions } from '../api/get-account.ts';
import { AccountSection } from './account-section.tsx';

/** A user agent is long; its browser and system are what a person recognises. */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /(Edg|Firefox|Chrome|Safari)\/[\d.]+/.exec(userAgent)?.[1]?.replace('Edg', 'Edge') ?? null;
  const system =
    /(Windows|Android|iPhone|iPad|Mac OS X|Linux)/.exec(userAgent)?.[1]?.replace('Mac OS X', 'macOS') ?? null;
  return [browser, system].filter(Boolean).join(' · ') || userAgent.slice(0, 60);
}

function SessionRow({ session }: { session: AccountSession }) {
  const { t, i18n } = useTranslation('account');
  const endSession = useEndSession();
  const device = describeDevice(session.userAgent) ?? t('account.sessions.unknownDevice');

  async function end() {
    try {
      await endSession.mutateAsync(session.id);
      toast({ title: t('account.sessions.ended') });
    } catch (error) {
      toastFailure(error, { title: t('account.sessions.loadFailed') });
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <LaptopIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words">
          {device}
          {session.isCurrent && (
            <span className="ms-2 rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
              {t('account.sessions.current')}
            </span>
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          {[
            session.address,
            t('account.sessions.lastSeen', { date: formatDateTime(session.lastSeenAt, i18n.language) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {!session.isCurrent && (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void end()}
          disabled={endSession.isPending}
          aria-label={t('account.sessions.endNamed', { device })}
        >
          <LogOutIcon aria-hidden="true" />
          {t('account.sessions.end')}
        </Button>
      )}
    </li>
  );
}

/** The admin's sessions; any but this one can be ended (decision 021). */
export function AccountSessions() {
  const { t } = useTranslation('account');
  const sessions = useAccountSessions();
  return (
    <AccountSection
      id="account-sessions"
      heading={t('account.sessions.heading')}
      description={t('account.sessions.description')}
    >
      {sessions.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('account.sessions.loadFailed')}
        </p>
      )}
      {sessions.data && (
        <ul className="divide-y">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
      {sessions.data?.length === 1 && <p className="text-sm text-muted-foreground">{t('account.sessions.empty')}</p>}
    </AccountSection>
  );
}
