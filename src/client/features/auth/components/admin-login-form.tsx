import { LoaderCircleIcon, LogInIcon, ShieldCheckIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import {
  fieldError,
  messageOfFieldError,
  serverFieldMessages,
  serverReason,
  useMessageText,
} from '#client/lib/messages.ts';
import { dismissToasts, toast } from '#client/lib/toast.ts';
import { useIsHydrated } from '#client/lib/use-is-hydrated.ts';
import { zodResolver } from '#client/lib/zod-resolver.ts';
import { LOGIN_REDIRECT_DELAY_MS } from '#shared/limits.ts';
import { messageOf } from '#shared/messages/message.ts';
import { LOGIN_KEYS, type Login, type LoginInput, loginSchema } from '#shared/schemas/auth.ts';
import { useLogin } from '../api/login.ts';

export const DASHBOARD_PATH = '/admin/dashboard';

const resolver = zodResolver(loginSchema);

/**
 * Product §2 admin login: username and password, the spec's toasts, then the dashboard after 100 ms. An admin
 * with two-factor sign-in is asked for the code next (the server answers TWO_FACTOR_REQUIRED), and the form
 * sends it with the password kept in memory, so no half-signed-in state lives anywhere.
 * `onSubmitStart` lets the page stop its own "already signed in" redirect from cutting the delay short.
 */
export function AdminLoginForm({ onSubmitStart }: { onSubmitStart?: () => void }) {
  const { t } = useTranslation('admin');
  const say = useMessageText();
  const [, navigate] = useLocation();
  const loginMutation = useLogin();
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [needsCode, setNeedsCode] = useState(false);
  // The refusal shown under the fields as well as in the spec's toast, where the admin is looking.
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<LoginInput, unknown, Login>({ resolver, defaultValues: { username: '', password: '' } });

  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  useEffect(() => {
    if (needsCode) setFocus('code');
  }, [needsCode, setFocus]);

  function startOver() {
    reset({ username: '', password: '' });
    setNeedsCode(false);
    loginMutation.reset();
  }

  const onSubmit = handleSubmit(async (credentials) => {
    if (needsCode && !credentials.code) {
      setError('code', fieldError(messageOf(LOGIN_KEYS.code), 'required'), { shouldFocus: true });
      return;
    }
    onSubmitStart?.();
    setFormError(null);
    try {
      await loginMutation.mutateAsync(credentials);
    } catch (error) {
      if (isApiError(error) && error.code === 'TWO_FACTOR_REQUIRED') {
        // The password was right: now the code, or a new try at it (wrong, or right but already used).
        const refused = serverFieldMessages(error).code ?? messageOf(LOGIN_KEYS.codeInvalid);
        if (needsCode) setError('code', fieldError(refused), { shouldFocus: true });
        setNeedsCode(true);
        return;
      }
      const description = !isApiError(error)
        ? t('login.toast.exception')
        : error.status === 429
          ? (say(serverReason(error)) ?? t('login.throttledGeneric'))
          : error.status >= 500
            ? t('login.toast.exception')
            : t('login.toast.invalid');
      toast({ variant: 'destructive', title: t('toast.error'), description });
      setFormError(description);
      return;
    }
    toast({ title: t('toast.success'), description: t('login.toast.success') });
    // "Redirecting…" is done once the dashboard is there: the toast does not follow the admin onto it.
    redirectTimer.current = setTimeout(() => {
      navigate(DASHBOARD_PATH);
      dismissToasts();
    }, LOGIN_REDIRECT_DELAY_MS);
  });

  const isHydrated = useIsHydrated();
  const usernameError = say(messageOfFieldError(errors.username));
  const passwordError = say(messageOfFieldError(errors.password));
  const codeError = say(messageOfFieldError(errors.code));
  const isBusy = loginMutation.isPending || loginMutation.isSuccess;

  if (needsCode) {
    return (
      <form noValidate method="post" onSubmit={onSubmit} className="grid gap-5" aria-busy={isBusy}>
        <div className="grid gap-2">
          <Label htmlFor="admin-code">{t('login.code')}</Label>
          <p id="admin-code-hint" className="text-sm text-muted-foreground">
            {t('login.codeHint')}
          </p>
          <Input
            id="admin-code"
            // The number pad on phones; a recovery code's letters can still be typed on a keyboard.
            inputMode="numeric"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? 'admin-code-hint admin-code-error' : 'admin-code-hint'}
            {...register('code')}
          />
          {codeError && (
            <p id="admin-code-error" role="alert" className="text-sm font-medium text-destructive">
              {codeError}
            </p>
          )}
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
          {isBusy ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <ShieldCheckIcon aria-hidden="true" />
          )}
          {isBusy ? t('login.verifying') : t('login.verify')}
        </Button>
        <Button type="button" variant="ghost" onClick={startOver} disabled={isBusy}>
          {t('login.startOver')}
        </Button>
      </form>
    );
  }

  return (
    // POST, so that even a submission before the script runs (the submit button prevents it) never puts the
    // password in an address.
    <form noValidate method="post" onSubmit={onSubmit} className="grid gap-5" aria-busy={isBusy}>
      <div className="grid gap-2">
        <Label htmlFor="admin-username">{t('login.username')}</Label>
        <Input
          id="admin-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          aria-invalid={usernameError ? true : undefined}
          aria-describedby={usernameError ? 'admin-username-error' : undefined}
          {...register('username')}
        />
        {usernameError && (
          <p id="admin-username-error" role="alert" className="text-sm font-medium text-destructive">
            {usernameError}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="admin-password">{t('login.password')}</Label>
        <Input
          id="admin-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? 'admin-password-error' : undefined}
          {...register('password')}
        />
        {passwordError && (
          <p id="admin-password-error" role="alert" className="text-sm font-medium text-destructive">
            {passwordError}
          </p>
        )}
      </div>
      {formError && (
        <p
          id="admin-login-error"
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
        >
          {formError}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={isBusy || !isHydrated}>
        {isBusy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <LogInIcon aria-hidden="true" />}
        {isBusy ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
