import { ApiDocsLink } from '#client/components/api-docs-link.tsx';
import { AdminLayout } from '#client/components/layouts/admin-layout.tsx';
import { useAccount } from '#client/features/account/api/get-account.ts';
import { AccountLanguages } from '#client/features/account/components/account-languages.tsx';
import { AccountPasswordForm } from '#client/features/account/components/account-password-form.tsx';
import { AccountSecurityLog } from '#client/features/account/components/account-security-log.tsx';
import { AccountSessions } from '#client/features/account/components/account-sessions.tsx';
import { AccountTwoFactor } from '#client/features/account/components/account-two-factor.tsx';
import { useTranslation } from '#client/lib/i18n.ts';

/** The signed-in admin's own settings (decision 021): password, two-factor sign-in, sessions, security log. */
export function AdminAccountRoute() {
  const { t, ready } = useTranslation('account');
  const account = useAccount();
  const data = account.data;
  return (
    <AdminLayout title={ready ? t('account.title') : ''}>
      {ready && data && (
        <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
          <p className="text-sm text-muted-foreground">
            {t('account.summary', { username: data.username, role: t(`account.roles.${data.role}`) })}
          </p>
          {data.mustEnrolTwoFactor && (
            <p role="status" className="rounded-lg border border-primary/40 bg-secondary p-4 text-sm font-medium">
              {t('account.enrolRequired')}
            </p>
          )}
          <AccountTwoFactor account={data} />
          {/* Until REQUIRE_2FA's enrolment is done the server refuses the rest, so it is not offered. */}
          {!data.mustEnrolTwoFactor && (
            <>
              {/* For admins who script against the API: the reference, generated from the routes themselves. */}
              <ApiDocsLink />
              <AccountLanguages languages={data.languages ?? []} />
              <AccountPasswordForm />
              <AccountSessions />
              <AccountSecurityLog />
            </>
          )}
        </div>
      )}
      {account.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('account.loadFailed')}
        </p>
      )}
    </AdminLayout>
  );
}
