import { CopyIcon, MailIcon, MessageCircleIcon, MessageSquareIcon, SendIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { LABEL_TEXT, Label } from '#client/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { BRAND_NAME } from '#client/lib/brand.ts';
import { copyText } from '#client/lib/clipboard.ts';
import { useTranslation } from '#client/lib/i18n.ts';
import { toast } from '#client/lib/toast.ts';
import { isLanguageCode, LANGUAGES, type LanguageCode } from '#shared/languages.ts';
import {
  CONTACT_PURPOSES,
  type ContactChannel,
  channelsForMethod,
  type MessagePurpose,
  PURPOSE_FOR_STATUS,
  renderMessage,
  resolveTemplate,
  type TemplateOverride,
} from '#shared/message-templates.ts';
import type { Creator } from '#shared/replies/creators.ts';
import type { MessageTemplate } from '#shared/replies/message-templates.ts';
import { creatorLanguage, messageChannel } from '#shared/stage2-channels.ts';
import { useContactCreator, useMessageTemplates } from '../api/contact-creator.ts';
import { toastActionFailure } from '../lib/action-feedback.ts';
import { contactMethodText, languageNameIn } from '../lib/creator-fields.ts';
import { CreatorPurposeSelect } from './creator-purpose-select.tsx';

type LinkChannel = Exclude<ContactChannel, 'email'>;

const LINK_ICONS: Record<LinkChannel, ReactNode> = {
  whatsapp: <MessageCircleIcon aria-hidden="true" />,
  telegram: <SendIcon aria-hidden="true" />,
  sms: <MessageSquareIcon aria-hidden="true" />,
  mailto: <MailIcon aria-hidden="true" />,
};

/** The owners' wording as the shared resolver takes it: a custom text, or English standing in. */
export function overridesOf(templates: readonly MessageTemplate[]): TemplateOverride[] {
  return templates.flatMap((template) =>
    template.source === 'default' || !isLanguageCode(template.language)
      ? []
      : [{ purpose: template.purpose, language: template.language, subject: template.subject, body: template.body }],
  );
}

/**
 * Contact from the record (decision 060): the template for her status in the language she applied in (both
 * changeable), rendered as she will read it, and sent through the method she chose. The server e-mails it
 * when it can; the other methods open her chat with the text, and opening it is recorded in her history.
 */
export function CreatorContactPanel({ creator }: { creator: Creator }) {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const languageId = useId();
  const previewId = useId();
  const templates = useMessageTemplates();
  const contact = useContactCreator();
  const [purpose, setPurpose] = useState<MessagePurpose>(() => {
    const forStatus = PURPOSE_FOR_STATUS[creator.status];
    return CONTACT_PURPOSES.includes(forStatus) ? forStatus : 'first_contact';
  });
  const [language, setLanguage] = useState<LanguageCode>(() => creatorLanguage(creator));
  const overrides = overridesOf(templates.data?.templates ?? []);
  const template = resolveTemplate(purpose, language, overrides);
  const message = renderMessage(template, {
    name: creator.name,
    creatorId: creator.creatorId,
    brand: BRAND_NAME,
    recruiter: creator.recruiter,
  });
  const channels = channelsForMethod(creator.contactMethod);
  const link = messageChannel(creator, { subject: message.subject, text: message.body });
  // The link of an e-mail contact is `mailto:`, recorded as such beside the server's own e-mail.
  const linkChannel: LinkChannel | null = link ? (link.kind === 'email' ? 'mailto' : link.kind) : null;
  const canEmail = templates.data?.canEmail === true;

  function record(channel: ContactChannel) {
    contact.mutate(
      { creatorId: creator.creatorId, purpose, language, channel },
      {
        onSuccess: () =>
          toast({
            title: channel === 'email' ? t('contact.emailQueued') : t('contact.recorded'),
            description: channel === 'email' ? t('contact.emailQueuedTo', { address: creator.contactInfo }) : undefined,
          }),
        onError: (error) => toastActionFailure(t, error, { failed: t('contact.failed') }),
      },
    );
  }

  async function copyMessage() {
    if (await copyText(message.body)) toast({ title: t('toast.copiedTitle'), description: t('toast.copied') });
    else toast({ variant: 'destructive', title: t('toast.copyFailedTitle'), description: t('toast.copyFailed') });
  }

  const isEmail = creator.contactMethod === 'Email';
  return (
    <div className="grid gap-3 rounded-lg border p-3" data-testid="contact-panel">
      <p className="text-sm">
        <span className="text-muted-foreground">{contactMethodText(tc, creator.contactMethod)}: </span>
        <span className="[overflow-wrap:anywhere]">{creator.contactInfo}</span>
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <CreatorPurposeSelect value={purpose} onChange={setPurpose} />
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={languageId} className={LABEL_TEXT}>
            {t('contact.language')}
          </Label>
          <Select value={language} onValueChange={(next) => isLanguageCode(next) && setLanguage(next)}>
            <SelectTrigger id={languageId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {LANGUAGES.map((option) => (
                <SelectItem key={option.code} value={option.code}>
                  {option.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {template.isFallback && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" role="status">
          {t('contact.fallback', { language: languageNameIn(i18n.resolvedLanguage, language) })}
        </p>
      )}
      <section className="grid gap-1" aria-labelledby={previewId}>
        <p id={previewId} className="text-xs font-medium text-muted-foreground">
          {t('contact.preview')}
        </p>
        <div className="grid gap-2 rounded-md bg-muted/50 px-3 py-2 text-sm" lang={template.language}>
          {isEmail && <p className="font-medium [overflow-wrap:anywhere]">{message.subject}</p>}
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="contact-preview">
            {message.body}
          </p>
        </div>
      </section>
      <div className="flex flex-wrap gap-2">
        {isEmail && canEmail && (
          <Button size="sm" disabled={contact.isPending} onClick={() => record('email')}>
            <MailIcon aria-hidden="true" />
            {t('contact.sendEmail')}
          </Button>
        )}
        {link && linkChannel && channels.length > 0 ? (
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            data-channel={linkChannel}
            className={buttonVariants({ size: 'sm', variant: isEmail && canEmail ? 'outline' : 'default' })}
            onClick={() => {
              // Telegram opens a chat without text: the message goes to the clipboard first, to paste there.
              if (link.kind === 'telegram') void copyText(message.body);
              record(linkChannel);
            }}
          >
            {LINK_ICONS[linkChannel]}
            {t(`contact.open.${linkChannel}`)}
          </a>
        ) : (
          <p className="text-sm text-muted-foreground">{t('contact.noLink')}</p>
        )}
        <Button size="sm" variant="outline" onClick={() => void copyMessage()}>
          <CopyIcon aria-hidden="true" />
          {t('contact.copy')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t('contact.recordedHint')}</p>
    </div>
  );
}
