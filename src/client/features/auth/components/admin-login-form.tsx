import { LoaderCircleIcon, LogInIcon, ShieldCheckIcon } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { loadNamespace, useTranslation } from '#client/lib/i18n.ts';
import { type ShownMessage, serverFieldMessages, serverReason, useMessageText } from '#client/lib/messages.ts';
import { dismissToasts, toast } from '#client/lib/toast.ts';
import { useIsHydrated } from '#client/lib/use-is-hydrated.ts';
import { LOGIN_REDIRECT_DELAY_MS } from '#shared/limits.ts';
import { messageOf } from '#shared/messages/message.ts';
import { checkLogin, checkLoginField, LOGIN_KEYS, type LoginField } from '#shared/schemas/login-check.ts';
import { signIn } from '../api/login.ts';

export const DASHBOARD_PATH = '/admin/dashboard';

type Errors = Partial<Record<LoginField, ShownMessage>>;
const EMPTY = { username: '', password: '' };
const FIELD_ORDER: readonly LoginField[] = ['username', 'password', 'code'];

/**
 * Product §2 admin login: username and password, the spec's toasts, then the dashboard after 100 ms. An admin
 * with two-factor sign-in is asked for the code next (the server answers TWO_FACTOR_REQUIRED), and the form
 * sends it with the password kept in memory, so no half-signed-in state lives anywhere.
 * A plain form on native inputs, checked by shared/schemas/login-check.ts: the page that shows it is the one
 * admin page rendered ahead of time, and its first load carries no schema, form or query library
 * (docs/decisions/054). As with the other forms, fields are checked on submit, then again as they change.
 * `onSubmitStart` lets the page stop its own "already signed in" redirect from cutting the delay short.
 */
export function AdminLoginForm({ onSubmitStart }: { onSubmitStart?: () => void }) {
  const { t } = useTranslation('admin');
  // The messages' texts come with the first tap or key and are waited for before a message shows (onSubmit), so
  // the first load does without them.
  const say = useMessageText({ loadIfMissing: false });
  const [, navigate] = useLocation();
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  // Uncontrolled inputs, so what is typed before the page is hydrated stays; the username and password are
  // kept here while the code is asked, as the server wants them again with it.
  const credentials = useRef(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);
  // The refusal shown under the fields as well as in the spec's toast, where the admin is looking.
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  useEffect(() => {
    if (needsCode) inputs.current.code?.focus();
  }, [needsCode]);

  function showErrors(next: Errors) {
    setErrors(next);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (first) inputs.current[first]?.focus();
  }

  function fieldProps(field: LoginField) {
    return {
      name: field,
      ref: (element: HTMLInputElement | null) => {
        inputs.current[field] = element;
      },
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.target;
        if (hasSubmitted) setErrors((current) => ({ ...current, [field]: checkLoginField(field, value) }));
      },
    };
  }

  function startOver() {
    credentials.current = EMPTY;
    setErrors({});
    setHasSubmitted(false);
    setNeedsCode(false);
    setIsBusy(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    // The messages' texts are not part of the first load: they come with the first tap or key, and a message
    // is shown once they are in, never as its bare key.
    await Promise.all([loadNamespace('messages'), loadNamespace('adminMessages')]).catch(() => undefined);
    setHasSubmitted(true);
    const typed = (field: LoginField) => inputs.current[field]?.value ?? '';
    if (!needsCode) credentials.current = { username: typed('username'), password: typed('password') };
    const check = checkLogin({ ...credentials.current, ...(needsCode ? { code: typed('code') } : {}) });
    showErrors(check.errors);
    if (!check.isValid) return;
    onSubmitStart?.();
    setFormError(null);
    setIsBusy(true);
    try {
      await signIn(check.values);
    } catch (error) {
      setIsBusy(false);
      if (isApiError(error) && error.code === 'TWO_FACTOR_REQUIRED') {
        // The password was right: now the code, or a new try at it (wrong, or right but already used).
        const refused = serverFieldMessages(error).code ?? messageOf(LOGIN_KEYS.codeInvalid);
        if (needsCode) showErrors({ code: refused });
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
      toast({ variant: 'destructive', title: t('login.toast.errorTitle'), description });
      setFormError(description);
      return;
    }
    toast({ title: t('login.toast.successTitle'), description: t('login.toast.success') });
    // "Redirecting…" is done once the dashboard is there: the toast does not follow the admin onto it.
    redirectTimer.current = setTimeout(() => {
      navigate(DASHBOARD_PATH);
      dismissToasts();
    }, LOGIN_REDIRECT_DELAY_MS);
  }

  const isHydrated = useIsHydrated();
  const usernameError = say(errors.username);
  const passwordError = say(errors.password);
  const codeError = say(errors.code);

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
            {...fieldProps('code')}
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
          {...fieldProps('username')}
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
          {...fieldProps('password')}
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
