import { translateAccountMessage } from '#client/lib/account-messages.ts';
import { useTranslation } from '#client/lib/i18n.ts';

export { translateAccountMessage as adminMessage };

/** A field's message, in the interface language, announced when it appears. */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation('account');
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {translateAccountMessage(t, message)}
    </p>
  );
}
