import { CopyIcon, LoaderCircleIcon, ShieldCheckIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '#client/components/form/form-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toastFailure } from '#client/lib/failure-toast.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { fieldError, messageOfFieldError, serverFieldMessages, useMessageText } from '#client/lib/messages.ts';
import { toast } from '#client/lib/toast.ts';
import { zodResolver } from '#client/lib/zod-resolver.ts';
import type { Account, TwoFactorSetup } from '#shared/replies/account.ts';
import { type TwoFactorCodeInput, twoFactorCodeSchema } from '#shared/schemas/auth.ts';
import { useConfirmTwoFactor } from '../api/change-account.ts';
import { AccountSection } from './account-section.tsx';
import { AccountTwoFactorDisable } from './account-two-factor-disable.tsx';
import { AccountTwoFactorStart } from './account-two-factor-start.tsx';

const resolver = zodResolver(twoFactorCodeSchema);

/** The key in groups of four, as authenticator apps print it; the app takes it with or without spaces. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The QR code is an SVG drawn by the server, shown as an image: no script, nothing for the CSP to allow. */
const qrSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('account');
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: t('account.twoFactor.recoveryCopied') });
    } catch {
      // The codes stay on screen to be copied by hand.
    }
  }
  return (
    <section className="grid gap-4" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" className="font-semibold">
        {t('account.twoFactor.recoveryTitle')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('account.twoFactor.recoveryDescription')}</p>
      <ul className="grid max-w-md grid-cols-2 gap-2 rounded-lg border bg-muted/40 p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          <CopyIcon aria-hidden="true" />
          {t('account.twoFactor.recoveryCopy')}
        </Button>
        <Button onClick={onDone}>{t('account.twoFactor.recoveryDone')}</Button>
      </div>
    </section>
  );
}

/** A setup begun with the password; it goes again with the first code, from here, not typed a second time. */
interface PendingSetup {
  setup: TwoFactorSetup;
  currentPassword: string;
}

function Enrolment({
  pending: { setup, currentPassword },
  onCancel,
  onEnabled,
}: {
  pending: PendingSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const { t } = useTranslation('account');
  const say = useMessageText();
  const confirm = useConfirmTwoFactor();
  const form = useForm<TwoFactorCodeInput>({ resolver, defaultValues: { code: '' } });
  const error = say(messageOfFieldError(form.formState.errors.code));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { recoveryCodes } = await confirm.mutateAsync({ ...values, currentPassword });
      toast({ title: t('account.twoFactor.enabled') });
      onEnabled(recoveryCodes);
    } catch (failure) {
      const message = serverFieldMessages(failure).code;
      if (message) form.setError('code', fieldError(message), { shouldFocus: true });
      else toastFailure(failure, { title: t('account.twoFactor.failed') });
    }
  });

  return (
    <div className="grid gap-4">
      <p className="text-sm">{t('account.twoFactor.scan')}</p>
      <img
        src={qrSource(setup.qrSvg)}
        alt={t('account.twoFactor.qrAlt')}
        width={192}
        height={192}
        className="size-48 rounded-lg border bg-white"
      />
      <div className="grid gap-1">
        <p className="text-sm font-medium">{t('account.twoFactor.secret')}</p>
        <code data-testid="totp-secret" className="w-fit rounded bg-muted px-2 py-1 font-mono text-sm break-all">
          {grouped(setup.secret)}
        </code>
      </div>
      <form noValidate onSubmit={onSubmit} className="grid max-w-xs gap-4">
        <FormField name="totp-code" id="totp-code" label={t('account.twoFactor.code')} error={error}>
          {(control) => (
            <Input {...control} {...form.register('code')} inputMode="numeric" autoComplete="one-time-code" />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <ShieldCheckIcon aria-hidden="true" />
            )}
            {confirm.isPending ? t('account.twoFactor.confirming') : t('account.twoFactor.confirm')}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('account.twoFactor.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Set up with a QR code or the key, confirmed by a first code; ten recovery codes shown once (decision 021). */
export function AccountTwoFactor({ account }: { account: Account }) {
  const { t } = useTranslation('account');
  const [pending, setPending] = useState<PendingSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let content: ReactNode;
  if (recoveryCodes) content = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (account.twoFactorEnabled)
    content = (
      <div className="grid gap-3">
        <p className="flex items-center gap-2 text-sm font-medium">
          <ShieldCheckIcon className="size-4 text-primary" aria-hidden="true" />
          {t('account.twoFactor.on')}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('account.twoFactor.recoveryLeft', { count: account.recoveryCodesLeft })}
        </p>
        {account.isTwoFactorRequired ? (
          <p className="text-sm text-muted-foreground">{t('account.twoFactor.required')}</p>
        ) : (
          <AccountTwoFactorDisable />
        )}
      </div>
    );
  else if (pending)
    content = (
      <Enrolment
        pending={pending}
        onCancel={() => setPending(null)}
        onEnabled={(codes) => {
          setPending(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  else if (!account.isTwoFactorAvailable) content = <p className="text-sm">{t('account.twoFactor.unavailable')}</p>;
  else
    content = <AccountTwoFactorStart onStarted={(setup, currentPassword) => setPending({ setup, currentPassword })} />;

  return (
    <AccountSection
      id="account-two-factor"
      heading={t('account.twoFactor.heading')}
      description={t('account.twoFactor.description')}
    >
      {content}
    </AccountSection>
  );
}
