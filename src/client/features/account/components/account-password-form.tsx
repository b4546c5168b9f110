import { KeyRoundIcon, LoaderCircleIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { FormField } from '#client/components/form/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toastFailure } from '#client/lib/failure-toast.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { fieldError, messageOfFieldError, serverFieldMessages, useMessageText } from '#client/lib/messages.ts';
import { toast } from '#client/lib/toast.ts';
import { zodResolver } from '#client/lib/zod-resolver.ts';
import { ADMIN_PASSWORD_MIN_LENGTH } from '#shared/limits.ts';
import { type PasswordChangeInput, passwordChangeSchema } from '#shared/schemas/auth.ts';
import { useChangePassword } from '../api/change-account.ts';
import { AccountSection } from './account-section.tsx';

const resolver = zodResolver(passwordChangeSchema);
const EMPTY: PasswordChangeInput = { currentPassword: '', newPassword: '' };

/** A new password with the current one; the admin's other sessions end with it (decision 021). */
export function AccountPasswordForm() {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const changePassword = useChangePassword();
  const form = useForm<PasswordChangeInput>({ resolver, defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { endedSessions } = await changePassword.mutateAsync(values);
      form.reset(EMPTY);
      toast({
        title: t('account.password.changed'),
        description: endedSessions > 0 ? t('account.password.changedOthers', { count: endedSessions }) : undefined,
      });
    } catch (error) {
      const fields = serverFieldMessages(error);
      for (const field of ['currentPassword', 'newPassword'] as const) {
        const message = fields[field];
        if (message) form.setError(field, fieldError(message), { shouldFocus: true });
      }
      toastFailure(error, { title: t('account.password.failed') });
    }
  });

  return (
    <AccountSection
      id="account-password"
      heading={t('account.password.heading')}
      description={t('account.password.description')}
    >
      <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-4">
        <FormField
          name="current-password"
          id="current-password"
          label={t('account.password.current')}
          error={say(messageOfFieldError(errors.currentPassword))}
        >
          {(control) => (
            <Input {...control} {...form.register('currentPassword')} type="password" autoComplete="current-password" />
          )}
        </FormField>
        <FormField
          name="new-password"
          id="new-password"
          label={t('account.password.new')}
          hint={t('account.password.newHint', { min: ADMIN_PASSWORD_MIN_LENGTH })}
          error={say(messageOfFieldError(errors.newPassword))}
        >
          {(control) => (
            <Input {...control} {...form.register('newPassword')} type="password" autoComplete="new-password" />
          )}
        </FormField>
        <div>
          <Button type="submit" disabled={changePassword.isPending}>
            {changePassword.isPending ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <KeyRoundIcon aria-hidden="true" />
            )}
            {changePassword.isPending ? t('account.password.submitting') : t('account.password.submit')}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
