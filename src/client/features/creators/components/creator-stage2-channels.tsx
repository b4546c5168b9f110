import { MailIcon, MessageCircleIcon, MessageSquareIcon, SendIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { BRAND_NAME } from '#client/lib/brand.ts';
import { copyText } from '#client/lib/clipboard.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import { renderMessage, resolveTemplate } from '#shared/message-templates.ts';
import { creatorLanguage, messageChannel, type Stage2ChannelKind } from '#shared/stage2-channels.ts';
import { useMessageTemplates } from '../api/contact-creator.ts';
import { contactMethodText, languageNameIn } from '../lib/creator-fields.ts';
import type { RowCreator } from './creator-action-button.tsx';
import { overridesOf } from './creator-contact-panel.tsx';

const OPEN_TEXTS = {
  whatsapp: 'stage2Link.openWhatsApp',
  telegram: 'stage2Link.openTelegram',
  sms: 'stage2Link.openSms',
  email: 'stage2Link.openEmail',
} as const satisfies Record<Stage2ChannelKind, string>;

const ICONS: Record<Stage2ChannelKind, ReactNode> = {
  whatsapp: <MessageCircleIcon aria-hidden="true" />,
  telegram: <SendIcon aria-hidden="true" />,
  sms: <MessageSquareIcon aria-hidden="true" />,
  email: <MailIcon aria-hidden="true" />,
};

export interface CreatorStage2ChannelsProps {
  creator: RowCreator;
  /** The full link (site origin + path). */
  url: string;
  /** The server is e-mailing this very link to her (E-mail link): nothing to open by hand. */
  isEmailed: boolean;
}

/**
 * One tap to send her the link through the contact she chose, with a message in the language she applied
 * in (shared/stage2-channels.ts). Telegram's address cannot carry a message, so it is copied on the way.
 */
export function CreatorStage2Channels({ creator, url, isEmailed }: CreatorStage2ChannelsProps) {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const contactMethod = creator.contactMethod ?? '';
  const contactInfo = creator.contactInfo ?? '';
  const templates = useMessageTemplates();
  // The owners' wording of the invitation (decision 060), in her language or English where it was removed.
  const template = resolveTemplate(
    'stage2_invitation',
    creatorLanguage(creator),
    overridesOf(templates.data?.templates ?? []),
  );
  const language = template.language;
  const { subject, body } = renderMessage(template, {
    name: creator.name,
    creatorId: creator.creatorId,
    brand: BRAND_NAME,
    stage2Link: url,
    ...(creator.recruiter ? { recruiter: creator.recruiter } : {}),
  });
  const channel = messageChannel({ contactMethod, contactInfo }, { subject, text: body });
  const languageName = languageNameIn(i18n.resolvedLanguage, language);

  async function copyMessage(message: string) {
    if (await copyText(message)) toast({ title: t('toast.copiedTitle'), description: t('toast.copied') });
    else toast({ variant: 'destructive', title: t('toast.copyFailedTitle'), description: t('toast.copyFailed') });
  }

  return (
    <section className="grid gap-2 rounded-lg border p-3" aria-labelledby="stage2-send-to">
      <h3 id="stage2-send-to" className="text-sm font-semibold">
        {t('stage2Link.sendTo', { name: creator.name })}
      </h3>
      <p className="text-sm">
        <span className="text-muted-foreground">{contactMethodText(tc, contactMethod)}: </span>
        <span className="[overflow-wrap:anywhere]">{contactInfo}</span>
      </p>
      {isEmailed ? (
        <p className="text-sm text-success">{t('stage2Link.emailed', { address: contactInfo })}</p>
      ) : channel ? (
        <>
          <div className="flex flex-wrap gap-2">
            <a
              href={channel.href}
              target="_blank"
              rel="noopener noreferrer"
              data-channel={channel.kind}
              className={buttonVariants({ size: 'sm' })}
              // Telegram opens a chat without text: the message goes to the clipboard first, to paste there.
              onClick={channel.kind === 'telegram' ? () => void copyText(channel.message) : undefined}
            >
              {ICONS[channel.kind]}
              {t(OPEN_TEXTS[channel.kind])}
            </a>
            <button
              type="button"
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
              onClick={() => void copyMessage(channel.message)}
            >
              {t('stage2Link.copyMessage')}
            </button>
          </div>
          <p className="text-xs text-muted-foreground">{t('stage2Link.inLanguage', { language: languageName })}</p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t('stage2Link.noChannel')}</p>
      )}
    </section>
  );
}
