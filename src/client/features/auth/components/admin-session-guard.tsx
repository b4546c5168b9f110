import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircleIcon } from 'lucide-react';
import { type ReactNode, Suspense, useEffect } from 'react';
import { Redirect, useLocation } from 'wouter';
import {
  AdminLayout,
  AdminMenuProvider,
  type AdminSessionControls,
  AdminSessionProvider,
} from '#client/components/layouts/admin-layout.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import type { AuthStatus } from '#shared/replies/auth.ts';
import { SIGNED_OUT, useAuthStatus } from '../api/get-auth-status.ts';
import { useLogout } from '../api/logout.ts';
import { authKeys } from '../api/query-keys.ts';

export const LOGIN_PATH = '/admin';
export const ACCOUNT_PATH = '/admin/account';

function isUnauthenticated(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * A session can end while a page is open (idle or absolute expiry, logout in another tab). The first admin
 * call answered 401 marks the visitor signed out, which sends them to the login page.
 */
function useSignOutOnExpiredSession() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  useEffect(() => {
    function expire(error: unknown) {
      if (!isUnauthenticated(error)) return;
      const current = queryClient.getQueryData<AuthStatus>(authKeys.status());
      if (!current?.isAuthenticated) return;
      queryClient.setQueryData(authKeys.status(), SIGNED_OUT);
      toast({ variant: 'destructive', title: t('session.expiredTitle'), description: t('session.expired') });
    }
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') expire(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') expire(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, t]);
}

function SessionCheck() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center bg-muted/40">
      <div className="flex animate-[fade-in_200ms_ease-out_300ms_both] items-center gap-3 text-sm text-muted-foreground">
        <LoaderCircleIcon className="size-5 animate-spin text-primary" aria-hidden="true" />
        {t('common.loading')}
      </div>
    </div>
  );
}

/**
 * A screen whose code is still loading: the shell with its menu stays on screen and only the content area
 * waits, so moving to a section for the first time never blanks the whole admin.
 */
function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <AdminLayout title={t('common.loading')} isPlaceholder>
      <div role="status" className="flex justify-center py-16">
        <div className="flex animate-[fade-in_200ms_ease-out_300ms_both] items-center gap-3 text-sm text-muted-foreground">
          <LoaderCircleIcon className="size-5 animate-spin text-primary" aria-hidden="true" />
          {t('common.loading')}
        </div>
      </div>
    </AdminLayout>
  );
}

/**
 * Every admin page but the login (product §2): checks the session first (a loading state meanwhile), sends a
 * visitor without one to /admin (or shows them `signedOut`), and hands the shell its Logout.
 */
export function AdminSessionGuard({ children, signedOut }: { children: ReactNode; signedOut?: ReactNode }) {
  const { t } = useTranslation('admin');
  const [location, navigate] = useLocation();
  const authStatus = useAuthStatus();
  const logoutMutation = useLogout();
  useSignOutOnExpiredSession();

  if (authStatus.isPending) return <SessionCheck />;
  if (!authStatus.data?.isAuthenticated) return signedOut ?? <Redirect to={LOGIN_PATH} replace />;
  const user = authStatus.data.user;
  // REQUIRE_2FA: until this admin enrols, their account page is the only page (the server refuses the rest).
  if (user?.mustEnrolTwoFactor && location !== ACCOUNT_PATH) return <Redirect to={ACCOUNT_PATH} replace />;

  async function logout() {
    try {
      await logoutMutation.mutateAsync();
    } catch {
      toast({ variant: 'destructive', title: t('toast.error'), description: t('toast.tryAgain') });
      return;
    }
    toast({ title: t('logout.toast.title'), description: t('logout.toast.description') });
    navigate(LOGIN_PATH, { replace: true });
  }

  const controls: AdminSessionControls = {
    username: user?.username ?? null,
    role: user?.role ?? null,
    mustEnrolTwoFactor: user?.mustEnrolTwoFactor ?? false,
    canEmailApplicants: user?.canEmailApplicants ?? false,
    logout: () => void logout(),
    isLoggingOut: logoutMutation.isPending,
  };
  return (
    <AdminSessionProvider value={controls}>
      <AdminMenuProvider>
        <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
      </AdminMenuProvider>
    </AdminSessionProvider>
  );
}
