import { LoaderCircleIcon, UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
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
import { Label } from '#client/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#client/components/ui/radio-group.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { toastFailure } from '#client/lib/failure-toast.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import {
  fieldError,
  messageOfFieldError,
  serverFieldMessages,
  serverReason,
  useMessageText,
} from '#client/lib/messages.ts';
import { toast } from '#client/lib/toast.ts';
import { zodResolver } from '#client/lib/zod-resolver.ts';
import { ADMIN_ROLES } from '#shared/admin-roles.ts';
import { type AdminCreateInput, adminCreateSchema } from '#shared/schemas/auth.ts';
import { useCreateAdmin } from '../api/admins.ts';

const resolver = zodResolver(adminCreateSchema);
const EMPTY: AdminCreateInput = { username: '', password: '', role: 'reviewer' };

/** An owner adds an admin with a username, a first password and a role (reviewer unless chosen) (decision 021). */
export function AdminCreateDialog() {
  const { t } = useTranslation('account');
  const [isOpen, setIsOpen] = useState(false);
  const createAdmin = useCreateAdmin();
  const form = useForm<AdminCreateInput>({ resolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  const say = useMessageText();

  function onOpenChange(open: boolean) {
    setIsOpen(open);
    if (!open) form.reset(EMPTY);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const admin = await createAdmin.mutateAsync(values);
      toast({ title: t('admins.create.created', { username: admin.username }) });
      onOpenChange(false);
    } catch (error) {
      // A taken username is a 409 about the name field.
      const reason = serverReason(error);
      if (reason && isApiError(error) && error.code === 'CONFLICT')
        form.setError('username', fieldError(reason), { shouldFocus: true });
      for (const [field, message] of Object.entries(serverFieldMessages(error))) {
        if (field === 'username' || field === 'password') form.setError(field, fieldError(message));
      }
      toastFailure(error, { title: t('admins.create.failed') });
    }
  });

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlusIcon aria-hidden="true" />
          {t('admins.create.open')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg gap-4 p-6 sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('admins.create.title')}</DialogTitle>
          <DialogDescription>{t('admins.create.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField
            name="username"
            id="new-admin-username"
            label={t('admins.create.username')}
            error={say(messageOfFieldError(errors.username))}
          >
            {(control) => (
              <Input {...control} {...form.register('username')} autoComplete="off" autoCapitalize="none" />
            )}
          </FormField>
          <FormField
            name="password"
            id="new-admin-password"
            label={t('admins.create.password')}
            error={say(messageOfFieldError(errors.password))}
          >
            {(control) => (
              <Input {...control} {...form.register('password')} type="password" autoComplete="new-password" />
            )}
          </FormField>
          <FormField
            name="role"
            id="new-admin-role"
            label={t('admins.create.role')}
            error={undefined}
            labelKind="group"
          >
            {(_control, labelId) => (
              <Controller
                control={form.control}
                name="role"
                render={({ field }) => (
                  <RadioGroup
                    aria-labelledby={labelId}
                    value={field.value}
                    onValueChange={field.onChange}
                    className="flex gap-6"
                  >
                    {ADMIN_ROLES.map((role) => (
                      <div key={role} className="flex items-center gap-2">
                        <RadioGroupItem id={`new-admin-role-${role}`} value={role} />
                        <Label htmlFor={`new-admin-role-${role}`}>{t(`account.roles.${role}`)}</Label>
                      </div>
                    ))}
                  </RadioGroup>
                )}
              />
            )}
          </FormField>
          <DialogFooter className="pt-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('admins.create.cancel')}
            </Button>
            <Button type="submit" disabled={createAdmin.isPending}>
              {createAdmin.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              {createAdmin.isPending ? t('admins.create.submitting') : t('admins.create.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
