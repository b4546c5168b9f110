import { HomeIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { PublicHeader } from '#client/components/layouts/public-layout.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { getAuthStatus } from '#client/features/auth/api/auth-status.ts';
import { AdminLoginForm, DASHBOARD_PATH } from '#client/features/auth/components/admin-login-form.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { onFirstInteraction } from '#client/lib/on-intent.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';

/**
 * Admin login screen (product §2 /admin); a visitor who is already signed in goes straight to the dashboard.
 * The session is asked without the query cache, and the back office's code (`warmUp`) starts downloading at
 * the first tap or key, so the first load stays small and signing in stays quick (docs/decisions/054).
 */
export function AdminLoginRoute({ warmUp }: { warmUp?: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const [, navigate] = useLocation();
  useDocumentTitle(t('login.title'));
  // Once the form is used it owns the redirect, with the spec's 100 ms delay after its toast.
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isSubmittingRef = useRef(false);
  isSubmittingRef.current = isSubmitting;

  useEffect(() => (warmUp ? onFirstInteraction(warmUp) : undefined), [warmUp]);
  useEffect(() => {
    let isActive = true;
    void getAuthStatus().then(async (status) => {
      if (!status.isAuthenticated || !isActive || isSubmittingRef.current) return;
      warmUp?.();
      const [{ rememberAuthStatus }, { queryClient }] = await Promise.all([
        import('#client/features/auth/api/login-session.ts'),
        import('#client/lib/query-client.ts'),
      ]);
      rememberAuthStatus(queryClient, status);
      if (isActive && !isSubmittingRef.current) navigate(DASHBOARD_PATH, { replace: true });
    });
    return () => {
      isActive = false;
    };
  }, [navigate, warmUp]);

  return (
    <div className="bg-hero-glow flex min-h-dvh flex-col">
      <PublicHeader />
      <main id="main" className="flex flex-1 items-center justify-center px-4 py-10">
        <div className="w-full max-w-sm rounded-2xl border bg-card p-6 shadow-xl shadow-primary/5 sm:p-8">
          <h1 className="text-center text-2xl font-bold tracking-tight">{t('login.title')}</h1>
          <p className="mt-2 text-center text-sm text-muted-foreground">{t('login.subtitle')}</p>
          <div className="mt-6">
            {/* Shown at once, also while the session is checked: an admin already signed in is sent on. */}
            <AdminLoginForm onSubmitStart={() => setIsSubmitting(true)} />
          </div>
          <Link href="/" className={buttonVariants({ variant: 'ghost', className: 'mt-4 w-full' })}>
            <HomeIcon aria-hidden="true" />
            {tc('nav.home')}
          </Link>
        </div>
      </main>
    </div>
  );
}
