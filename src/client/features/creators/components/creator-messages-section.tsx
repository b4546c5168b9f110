import { useTranslation } from '#client/lib/i18n.ts';
import { REMINDER_SENDER } from '#shared/message-templates.ts';
import type { CreatorMessage } from '#shared/replies/creator-messages.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { languageNameIn } from '../lib/creator-fields.ts';
import { CreatorContactPanel } from './creator-contact-panel.tsx';

const DELIVERY_CLASSES = {
  sent: 'text-success',
  pending: 'text-muted-foreground',
  failed: 'text-destructive',
} as const;

/** One message of her history: which template, how, in which language, by whom and when, and for e-mail its fate. */
function MessageItem({ message }: { message: CreatorMessage }) {
  const { t, i18n } = useTranslation('admin');
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const { delivery } = message;
  return (
    <li className="grid gap-0.5 rounded-lg border bg-card px-3 py-2 text-sm" data-testid="creator-message">
      <p className="font-medium [overflow-wrap:anywhere]">
        {t(`contact.purposes.${message.purpose}`)}
        <span className="font-normal text-muted-foreground">
          {' · '}
          {t(`contact.channels.${message.channel}`)}
          {' · '}
          {languageNameIn(i18n.resolvedLanguage, message.language)}
        </span>
      </p>
      <p className="text-xs text-muted-foreground">
        {message.sentBy === REMINDER_SENDER
          ? t('contact.byReminder', { date: format.format(new Date(message.sentAt)) })
          : t('contact.byline', { performedBy: message.sentBy, date: format.format(new Date(message.sentAt)) })}
      </p>
      {delivery && (
        <p className={`text-xs ${DELIVERY_CLASSES[delivery.status]} [overflow-wrap:anywhere]`}>
          {delivery.status === 'sent' && delivery.sentAt
            ? t('contact.delivery.sent', { date: format.format(new Date(delivery.sentAt)) })
            : delivery.status === 'failed'
              ? t('contact.delivery.failed', { reason: delivery.lastError ?? '' })
              : t('contact.delivery.pending')}
        </p>
      )}
    </li>
  );
}

/**
 * Messages (decision 060): contact her from a template, and what was sent to her, newest first; e-mails show
 * where their delivery stands, as the deliveries screen does.
 */
export function CreatorMessagesSection({ creator, messages }: { creator: Creator; messages: CreatorMessage[] }) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-3">
      <CreatorContactPanel creator={creator} />
      {messages.length > 0 ? (
        <ol className="grid gap-2" aria-label={t('contact.historyLabel')}>
          {[...messages].reverse().map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">{t('contact.noMessages')}</p>
      )}
    </div>
  );
}
