import type { CreatorStatus } from './creator-status.ts';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from './languages.ts';

/**
 * The messages staff send creators (decision 060): one template per purpose and language, owners' wording over
 * the defaults shipped here. Pure and shared, so the details dialog's preview, the server's e-mail and the
 * reminders render one text the same way.
 */

export const MESSAGE_PURPOSES = [
  'first_contact',
  'stage2_invitation',
  'stage2_reminder',
  'listed',
  'matched',
  'cancelled',
] as const;

export type MessagePurpose = (typeof MESSAGE_PURPOSES)[number];

export const isMessagePurpose = (value: unknown): value is MessagePurpose =>
  typeof value === 'string' && (MESSAGE_PURPOSES as readonly string[]).includes(value);

export const TEMPLATE_VARIABLES = ['name', 'creatorId', 'brand', 'stage2Link', 'recruiter'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/**
 * `{stage2Link}` exists only where a link is being made (the stage-2 invitation): the server keeps no usable
 * link afterwards (architecture §5), so a contact or a reminder cannot carry one.
 */
export function variablesOf(purpose: MessagePurpose): readonly TemplateVariable[] {
  return purpose === 'stage2_invitation' ? TEMPLATE_VARIABLES : TEMPLATE_VARIABLES.filter((v) => v !== 'stage2Link');
}

/** The template a contact starts from, by the creator's status; staff may pick another. */
export const PURPOSE_FOR_STATUS: Record<CreatorStatus, MessagePurpose> = {
  pending: 'first_contact',
  stage2_sent: 'stage2_reminder',
  stage2_submitted: 'first_contact',
  listed: 'listed',
  matched: 'matched',
  finalized: 'matched',
  cancelled: 'cancelled',
};

/** The purposes a contact from the record can use: the invitation goes out with its new link (Send stage 2). */
export const CONTACT_PURPOSES: readonly MessagePurpose[] = MESSAGE_PURPOSES.filter((p) => p !== 'stage2_invitation');

/** How a contact leaves (decision 060): a link staff open, or an e-mail the server sends (`email`). */
export const CONTACT_CHANNELS = ['whatsapp', 'telegram', 'sms', 'email', 'mailto'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** The channels a creator's chosen contact method allows: e-mail goes from the server or from staff's mail app. */
export function channelsForMethod(contactMethod: string): readonly ContactChannel[] {
  switch (contactMethod) {
    case 'WhatsApp':
      return ['whatsapp'];
    case 'Telegram':
      return ['telegram'];
    case 'SMS/Phone':
      return ['sms'];
    case 'Email':
      return ['email', 'mailto'];
    default:
      return [];
  }
}

/** The activity-log action of a message sent (decision 060); its details name channel, template and language. */
export const CONTACT_ACTION = 'Message sent';

/** Who the activity log names for an automatic stage-2 reminder: no admin sent it. */
export const REMINDER_SENDER = 'system';

export interface TemplateText {
  subject: string;
  body: string;
}

export const SUBJECT_MAX_LENGTH = 200;
export const BODY_MAX_LENGTH = 2000;

export const DEFAULT_TEMPLATES: Record<MessagePurpose, Record<LanguageCode, TemplateText>> = {
  first_contact: {
    en: {
      subject: 'Your application to {brand}',
      body: 'Hi {name}, this is the {brand} team. Thank you for your application ({creatorId})! We would like to talk about the next steps. When is a good time for you?',
    },
    es: {
      subject: 'Tu solicitud en {brand}',
      body: 'Hola {name}, te escribe el equipo de {brand}. ¡Gracias por tu solicitud ({creatorId})! Nos gustaría hablar contigo de los próximos pasos. ¿Cuándo te viene bien?',
    },
    pt: {
      subject: 'Sua candidatura na {brand}',
      body: 'Olá, {name}, aqui é a equipe da {brand}. Obrigado pela sua candidatura ({creatorId})! Gostaríamos de conversar sobre os próximos passos. Qual é um bom horário para você?',
    },
    de: {
      subject: 'Deine Bewerbung bei {brand}',
      body: 'Hallo {name}, hier ist das Team von {brand}. Danke für deine Bewerbung ({creatorId})! Wir würden gern die nächsten Schritte mit dir besprechen. Wann passt es dir?',
    },
    ru: {
      subject: 'Ваша заявка в {brand}',
      body: 'Здравствуйте, {name}! Это команда {brand}. Спасибо за вашу заявку ({creatorId})! Мы хотели бы обсудить следующие шаги. Когда вам удобно?',
    },
    fr: {
      subject: 'Votre candidature chez {brand}',
      body: 'Bonjour {name}, ici l’équipe {brand}. Merci pour votre candidature ({creatorId}) ! Nous aimerions échanger avec vous sur les prochaines étapes. Quand êtes-vous disponible ?',
    },
  },
  stage2_invitation: {
    en: {
      subject: 'Your next step with {brand}',
      body: 'Hi {name}, please complete the second part of your {brand} application here: {stage2Link}',
    },
    es: {
      subject: 'Tu siguiente paso con {brand}',
      body: 'Hola {name}, completa la segunda parte de tu solicitud en {brand} aquí: {stage2Link}',
    },
    pt: {
      subject: 'Seu próximo passo com a {brand}',
      body: 'Olá, {name}, conclua a segunda parte da sua candidatura na {brand} aqui: {stage2Link}',
    },
    de: {
      subject: 'Dein nächster Schritt mit {brand}',
      body: 'Hallo {name}, bitte fülle hier den zweiten Teil deiner Bewerbung bei {brand} aus: {stage2Link}',
    },
    ru: {
      subject: 'Следующий шаг с {brand}',
      body: 'Здравствуйте, {name}! Заполните, пожалуйста, вторую часть заявки в {brand} по ссылке: {stage2Link}',
    },
    fr: {
      subject: 'Votre prochaine étape avec {brand}',
      body: 'Bonjour {name}, veuillez compléter la deuxième partie de votre candidature chez {brand} ici : {stage2Link}',
    },
  },
  stage2_reminder: {
    en: {
      subject: 'A reminder from {brand}',
      body: 'Hi {name}, the second part of your {brand} application ({creatorId}) is still open. Please complete it with the link from our earlier message. If you cannot find it, just reply and we will send a new one.',
    },
    es: {
      subject: 'Un recordatorio de {brand}',
      body: 'Hola {name}, la segunda parte de tu solicitud en {brand} ({creatorId}) sigue pendiente. Complétala con el enlace de nuestro mensaje anterior. Si no lo encuentras, responde y te enviaremos uno nuevo.',
    },
    pt: {
      subject: 'Um lembrete da {brand}',
      body: 'Olá, {name}, a segunda parte da sua candidatura na {brand} ({creatorId}) ainda está em aberto. Conclua-a com o link da nossa mensagem anterior. Se não o encontrar, responda e enviaremos um novo.',
    },
    de: {
      subject: 'Eine Erinnerung von {brand}',
      body: 'Hallo {name}, der zweite Teil deiner Bewerbung bei {brand} ({creatorId}) ist noch offen. Bitte fülle ihn über den Link aus unserer letzten Nachricht aus. Wenn du ihn nicht findest, antworte einfach, dann schicken wir dir einen neuen.',
    },
    ru: {
      subject: 'Напоминание от {brand}',
      body: 'Здравствуйте, {name}! Вторая часть вашей заявки в {brand} ({creatorId}) ещё не заполнена. Заполните её по ссылке из нашего прошлого сообщения. Если не можете её найти, просто ответьте, и мы пришлём новую.',
    },
    fr: {
      subject: 'Un rappel de {brand}',
      body: 'Bonjour {name}, la deuxième partie de votre candidature chez {brand} ({creatorId}) est toujours en attente. Complétez-la avec le lien de notre message précédent. Si vous ne le trouvez pas, répondez et nous vous en enverrons un nouveau.',
    },
  },
  listed: {
    en: {
      subject: 'You are now listed with {brand}',
      body: 'Hi {name}, good news: your profile ({creatorId}) is now listed on the {brand} partner marketplace. We will let you know as soon as an agency is interested.',
    },
    es: {
      subject: 'Ya apareces en {brand}',
      body: 'Hola {name}, buenas noticias: tu perfil ({creatorId}) ya aparece en el mercado de socios de {brand}. Te avisaremos en cuanto una agencia muestre interés.',
    },
    pt: {
      subject: 'Agora você está listada na {brand}',
      body: 'Olá, {name}, boas notícias: seu perfil ({creatorId}) agora está listado no marketplace de parceiros da {brand}. Avisaremos assim que uma agência se interessar.',
    },
    de: {
      subject: 'Du bist jetzt bei {brand} gelistet',
      body: 'Hallo {name}, gute Nachrichten: Dein Profil ({creatorId}) ist jetzt auf dem Partner-Marktplatz von {brand} gelistet. Wir melden uns, sobald eine Agentur Interesse hat.',
    },
    ru: {
      subject: 'Ваш профиль опубликован в {brand}',
      body: 'Здравствуйте, {name}! Хорошие новости: ваш профиль ({creatorId}) опубликован на партнёрской площадке {brand}. Мы сообщим, как только агентство проявит интерес.',
    },
    fr: {
      subject: 'Vous êtes maintenant référencée chez {brand}',
      body: 'Bonjour {name}, bonne nouvelle : votre profil ({creatorId}) est maintenant publié sur la place de marché partenaire de {brand}. Nous vous préviendrons dès qu’une agence sera intéressée.',
    },
  },
  matched: {
    en: {
      subject: 'An agency wants to work with you',
      body: 'Hi {name}, an agency on {brand} has chosen to work with you ({creatorId}). We will be in touch shortly with the details.',
    },
    es: {
      subject: 'Una agencia quiere trabajar contigo',
      body: 'Hola {name}, una agencia de {brand} ha decidido trabajar contigo ({creatorId}). Pronto te contactaremos con los detalles.',
    },
    pt: {
      subject: 'Uma agência quer trabalhar com você',
      body: 'Olá, {name}, uma agência da {brand} escolheu trabalhar com você ({creatorId}). Em breve entraremos em contato com os detalhes.',
    },
    de: {
      subject: 'Eine Agentur möchte mit dir arbeiten',
      body: 'Hallo {name}, eine Agentur auf {brand} möchte mit dir zusammenarbeiten ({creatorId}). Wir melden uns in Kürze mit den Einzelheiten.',
    },
    ru: {
      subject: 'Агентство хочет работать с вами',
      body: 'Здравствуйте, {name}! Агентство на {brand} выбрало вас для сотрудничества ({creatorId}). Скоро мы свяжемся с вами и расскажем подробности.',
    },
    fr: {
      subject: 'Une agence souhaite travailler avec vous',
      body: 'Bonjour {name}, une agence de {brand} a choisi de travailler avec vous ({creatorId}). Nous revenons vers vous très vite avec les détails.',
    },
  },
  cancelled: {
    en: {
      subject: 'Your application to {brand}',
      body: 'Hi {name}, thank you for your interest in {brand}. We are not able to take your application ({creatorId}) further at this time. We wish you every success.',
    },
    es: {
      subject: 'Tu solicitud en {brand}',
      body: 'Hola {name}, gracias por tu interés en {brand}. Por ahora no podemos seguir adelante con tu solicitud ({creatorId}). Te deseamos mucho éxito.',
    },
    pt: {
      subject: 'Sua candidatura na {brand}',
      body: 'Olá, {name}, obrigado pelo seu interesse na {brand}. No momento não podemos dar seguimento à sua candidatura ({creatorId}). Desejamos muito sucesso.',
    },
    de: {
      subject: 'Deine Bewerbung bei {brand}',
      body: 'Hallo {name}, danke für dein Interesse an {brand}. Leider können wir deine Bewerbung ({creatorId}) derzeit nicht weiterführen. Wir wünschen dir viel Erfolg.',
    },
    ru: {
      subject: 'Ваша заявка в {brand}',
      body: 'Здравствуйте, {name}! Спасибо за интерес к {brand}. Сейчас мы не можем продолжить работу по вашей заявке ({creatorId}). Желаем вам успехов.',
    },
    fr: {
      subject: 'Votre candidature chez {brand}',
      body: 'Bonjour {name}, merci pour votre intérêt pour {brand}. Nous ne pouvons pas donner suite à votre candidature ({creatorId}) pour le moment. Nous vous souhaitons beaucoup de succès.',
    },
  },
};

/** An owner's wording of one template, or `null` texts: the translation was removed, English stands in. */
export interface TemplateOverride {
  purpose: MessagePurpose;
  language: LanguageCode;
  subject: string | null;
  body: string | null;
}

export interface ResolvedTemplate extends TemplateText {
  /** The language the text is in: the one asked for, or English when that translation was removed. */
  language: LanguageCode;
  isFallback: boolean;
}

/** The text a purpose has in a language: the owners' wording, else the shipped one; English if removed. */
export function resolveTemplate(
  purpose: MessagePurpose,
  language: LanguageCode,
  overrides: readonly TemplateOverride[],
): ResolvedTemplate {
  const own = (code: LanguageCode): TemplateText | null => {
    const override = overrides.find((o) => o.purpose === purpose && o.language === code);
    if (!override) return DEFAULT_TEMPLATES[purpose][code];
    return override.subject !== null && override.body !== null
      ? { subject: override.subject, body: override.body }
      : null;
  };
  const text = own(language);
  if (text) return { ...text, language, isFallback: false };
  // English is never removed (the server refuses it), so it always has a text.
  const english = own(FALLBACK_LANGUAGE) ?? DEFAULT_TEMPLATES[purpose][FALLBACK_LANGUAGE];
  return { ...english, language: FALLBACK_LANGUAGE, isFallback: language !== FALLBACK_LANGUAGE };
}

export type TemplateValues = Partial<Record<TemplateVariable, string>>;

const VARIABLE = /\{(name|creatorId|brand|stage2Link|recruiter)\}/g;

/**
 * Fills the variables in one pass, so a value that itself looks like `{brand}` (a name typed so) stays as
 * typed. A variable without a value is left as written. The result is plain text: whoever shows it as HTML
 * escapes it.
 */
export function renderTemplate(text: string, values: TemplateValues): string {
  return text.replace(VARIABLE, (whole, name: TemplateVariable) => values[name] ?? whole);
}

export function renderMessage(template: TemplateText, values: TemplateValues): TemplateText {
  return { subject: renderTemplate(template.subject, values), body: renderTemplate(template.body, values) };
}

/** The `{…}` names a text uses that its purpose does not offer: the editor and the server refuse them. */
export function unknownVariables(purpose: MessagePurpose, text: string): string[] {
  const offered = new Set<string>(variablesOf(purpose));
  const used = [...text.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1] ?? '');
  return [...new Set(used.filter((name) => !offered.has(name)))];
}

/** A sample creator for the editor's live preview. */
export const SAMPLE_VALUES: Required<TemplateValues> = {
  name: 'Anna Kowalska',
  creatorId: 'RC-7Q4M2KXH',
  brand: 'Rollick',
  stage2Link: 'https://rollick.example/stage2/RC-7Q4M2KXH?token=…',
  recruiter: 'Maria Santos',
};

export const TEMPLATE_LANGUAGES = LANGUAGE_CODES;
