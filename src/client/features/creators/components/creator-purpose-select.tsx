import { useId } from 'react';
import { LABEL_TEXT, Label } from '#client/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { useTranslation } from '#client/lib/i18n.ts';
import { CONTACT_PURPOSES, isMessagePurpose, type MessagePurpose } from '#shared/message-templates.ts';

/** The template a contact sends (decision 060): the purposes a contact from the record may use, by name. */
export function CreatorPurposeSelect({
  value,
  onChange,
}: {
  value: MessagePurpose;
  onChange: (purpose: MessagePurpose) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id} className={LABEL_TEXT}>
        {t('contact.template')}
      </Label>
      <Select value={value} onValueChange={(next) => isMessagePurpose(next) && onChange(next)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {CONTACT_PURPOSES.map((option) => (
            <SelectItem key={option} value={option}>
              {t(`contact.purposes.${option}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
