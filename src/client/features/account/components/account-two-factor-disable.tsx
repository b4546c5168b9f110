import { LoaderCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '#client/components/form/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toastFailure } from '#client/lib/failure-toast.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { fieldError, messageOfFieldError, useMessageText } from '#client/lib/messages.ts';
import { toast } from '#client/lib/toast.ts';
import { zodResolver } from '#client/lib/zod-resolver.ts';
import { type TwoFactorDisableInput, twoFactorDisableSchema } from '#shared/schemas/auth.ts';
import { useDisableTwoFactor } from '../api/change-account.ts';
import { currentPasswordFailure } from './current-password-failure.ts';

const resolver = zodResolver(twoFactorDisableSchema);

/** Turning two-factor sign-in off asks for the password again: an unattended session is not enough. */
export function AccountTwoFactorDisable() {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const [isOpen, setIsOpen] = useState(false);
  const disable = useDisableTwoFactor();
  const form = useForm<TwoFactorDisableInput>({ resolver, defaultValues: { currentPassword: '' } });
  const error = say(messageOfFieldError(form.formState.errors.currentPassword));

  function onOpenChange(open: boolean) {
    setIsOpen(open);
    if (!open) form.reset({ currentPassword: '' });
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await disable.mutateAsync(values);
      toast({ title: t('account.twoFactor.disabled') });
      onOpenChange(false);
    } catch (failure) {
      const message = currentPasswordFailure(failure);
      if (message) form.setError('currentPassword', fieldError(message), { shouldFocus: true });
      else toastFailure(failure, { title: t('account.twoFactor.failed') });
    }
  });

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-fit">
          {t('account.twoFactor.disable')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg gap-4 p-6 sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('account.twoFactor.disableTitle')}</DialogTitle>
          <DialogDescription>{t('account.twoFactor.disableDescription')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField name="disable-password" id="disable-password" label={t('account.password.current')} error={error}>
            {(control) => (
              <Input
                {...control}
                {...form.register('currentPassword')}
                type="password"
                autoComplete="current-password"
              />
            )}
          </FormField>
          <DialogFooter className="pt-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('account.twoFactor.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={disable.isPending}>
              {disable.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              {t('account.twoFactor.disableSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
