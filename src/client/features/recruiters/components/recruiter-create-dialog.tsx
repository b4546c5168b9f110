import { LoaderCircleIcon, PlusIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { fieldError, messageOfFieldError, serverFieldMessages, useMessageText } from '#client/lib/messages.ts';
import { toast } from '#client/lib/toast.ts';
import { zodResolver } from '#client/lib/zod-resolver.ts';
import { type RecruiterData, type RecruiterInput, recruiterSchema } from '#shared/schemas/recruiter.ts';
import { useCreateRecruiter } from '../api/create-recruiter.ts';
import { RecruiterFormField } from './recruiter-form-field.tsx';

const resolver = zodResolver(recruiterSchema);
const EMPTY: RecruiterInput = { name: '', email: '' };

/** Product §2 'Add Recruiter' and §5 recruiter form: name required, e-mail optional but valid, blank sent as null. */
export function RecruiterCreateDialog({ trigger }: { trigger?: ReactNode }) {
  const { t } = useTranslation('recruiters');
  const [isOpen, setIsOpen] = useState(false);
  const createRecruiter = useCreateRecruiter();
  const form = useForm<RecruiterInput, unknown, RecruiterData>({ resolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  const say = useMessageText();

  function onOpenChange(open: boolean) {
    setIsOpen(open);
    if (!open) {
      form.reset(EMPTY);
      createRecruiter.reset();
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await createRecruiter.mutateAsync(values);
      toast({ title: t('create.successTitle'), description: t('create.successDescription') });
      onOpenChange(false);
    } catch (error) {
      // A taken name comes back as the name field's message, like any other refusal of a field.
      const fields = serverFieldMessages(error);
      for (const field of ['name', 'email'] as const) {
        const message = fields[field];
        if (message) form.setError(field, fieldError(message), { shouldFocus: field === 'name' });
      }
      toastFailure(error, { title: t('errors.title'), fallback: t('create.failed') });
    }
  });

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        {trigger ?? (
          <Button>
            <PlusIcon aria-hidden="true" />
            {t('create.open')}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-w-lg gap-4 p-6 sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <RecruiterFormField
            id="recruiter-name"
            label={t('create.name')}
            error={say(messageOfFieldError(errors.name))}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register('name')}
                autoComplete="off"
                aria-required
                placeholder={t('create.namePlaceholder')}
              />
            )}
          </RecruiterFormField>
          <RecruiterFormField
            id="recruiter-email"
            label={
              <>
                {t('create.email')}
                <span className="font-normal text-muted-foreground">{t('create.optional')}</span>
              </>
            }
            error={say(messageOfFieldError(errors.email))}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register('email')}
                type="email"
                inputMode="email"
                autoComplete="off"
                placeholder={t('create.emailPlaceholder')}
              />
            )}
          </RecruiterFormField>
          <DialogFooter className="pt-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" disabled={createRecruiter.isPending}>
              {createRecruiter.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              {createRecruiter.isPending ? t('create.submitting') : t('create.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
