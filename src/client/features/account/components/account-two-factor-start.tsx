import { LoaderCircleIcon, ShieldOffIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { FormField } from '#client/components/form/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toastFailure } from '#client/lib/failure-toast.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { fieldError, messageOfFieldError, useMessageText } from '#client/lib/messages.ts';
import { zodResolver } from '#client/lib/zod-resolver.ts';
import type { TwoFactorSetup } from '#shared/replies/account.ts';
import { type TwoFactorStartInput, twoFactorStartSchema } from '#shared/schemas/auth.ts';
import { useStartTwoFactorSetup } from '../api/change-account.ts';
import { currentPasswordFailure } from './current-password-failure.ts';

const resolver = zodResolver(twoFactorStartSchema);

/**
 * Two-factor sign-in is off: the current password begins the setup, so an unattended session cannot tie the
 * account to another phone. The password is handed on to be sent again with the first code, not typed twice.
 */
export function AccountTwoFactorStart({
  onStarted,
}: {
  onStarted: (setup: TwoFactorSetup, currentPassword: string) => void;
}) {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const start = useStartTwoFactorSetup();
  const form = useForm<TwoFactorStartInput>({ resolver, defaultValues: { currentPassword: '' } });
  const error = say(messageOfFieldError(form.formState.errors.currentPassword));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onStarted(await start.mutateAsync(values), values.currentPassword);
    } catch (failure) {
      const message = currentPasswordFailure(failure);
      if (message) form.setError('currentPassword', fieldError(message), { shouldFocus: true });
      else toastFailure(failure, { title: t('account.twoFactor.failed') });
    }
  });

  return (
    <div className="grid gap-3">
      <p className="flex items-center gap-2 text-sm font-medium">
        <ShieldOffIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        {t('account.twoFactor.off')}
      </p>
      <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-4">
        <FormField
          name="two-factor-password"
          id="two-factor-password"
          label={t('account.password.current')}
          hint={t('account.twoFactor.passwordHint')}
          error={error}
        >
          {(control) => (
            <Input {...control} {...form.register('currentPassword')} type="password" autoComplete="current-password" />
          )}
        </FormField>
        <div>
          <Button type="submit" disabled={start.isPending}>
            {start.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            {start.isPending ? t('account.twoFactor.starting') : t('account.twoFactor.start')}
          </Button>
        </div>
      </form>
    </div>
  );
}
