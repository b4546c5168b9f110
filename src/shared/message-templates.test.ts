import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './languages.ts';
import {
  BODY_MAX_LENGTH,
  CONTACT_PURPOSES,
  channelsForMethod,
  DEFAULT_TEMPLATES,
  MESSAGE_PURPOSES,
  renderMessage,
  renderTemplate,
  resolveTemplate,
  SUBJECT_MAX_LENGTH,
  type TemplateOverride,
  type TemplateValues,
  unknownVariables,
  variablesOf,
} from './message-templates.ts';

/** Sofía as the admin's record holds her, with a link made for her a moment ago. */
const SOFIA: Required<TemplateValues> = {
  name: 'Sofía Martínez',
  creatorId: 'RC-7KX3P9QD',
  brand: 'Rollick',
  stage2Link: 'https://apply.rollick.example/stage2/RC-7KX3P9QD?token=Xk3_9aQ-f2&lang=es',
  recruiter: 'Marta Ruiz',
};

const EVERY_VARIABLE = 'To {name} ({creatorId}) from {brand} via {recruiter}: {stage2Link}';

describe('renderTemplate', () => {
  it('fills every variable, once each, wherever it stands', () => {
    expect(renderTemplate(EVERY_VARIABLE, SOFIA)).toBe(
      'To Sofía Martínez (RC-7KX3P9QD) from Rollick via Marta Ruiz: https://apply.rollick.example/stage2/RC-7KX3P9QD?token=Xk3_9aQ-f2&lang=es',
    );
    expect(renderTemplate('{name}, {name}!', SOFIA)).toBe('Sofía Martínez, Sofía Martínez!');
  });

  it('leaves a variable without a value, and any other braces, as written', () => {
    expect(renderTemplate('Hi {name}, see {stage2Link} or {link}', { name: 'Lena Berg' })).toBe(
      'Hi Lena Berg, see {stage2Link} or {link}',
    );
    expect(renderTemplate('{ name } {Name} {{name}}', { name: 'Lena' })).toBe('{ name } {Name} {Lena}');
  });

  it('renders the shipped templates in every language with her values and no placeholder left', () => {
    for (const purpose of MESSAGE_PURPOSES) {
      for (const language of LANGUAGE_CODES) {
        const { subject, body } = renderMessage(DEFAULT_TEMPLATES[purpose][language], SOFIA);
        expect(`${subject}\n${body}`, `${purpose}/${language}`).not.toMatch(/\{\w+\}/);
        expect(body, `${purpose}/${language}`).toContain('Sofía Martínez');
        expect(`${subject} ${body}`, `${purpose}/${language}`).toContain('Rollick');
        if (purpose === 'stage2_invitation') expect(body).toContain(SOFIA.stage2Link);
        else expect(body, `${purpose}/${language}`).toContain('RC-7KX3P9QD');
      }
    }
  });

  it('writes each language in its own words', () => {
    const firstContact = (language: (typeof LANGUAGE_CODES)[number]) =>
      renderMessage(DEFAULT_TEMPLATES.first_contact[language], SOFIA);
    expect(firstContact('en').subject).toBe('Your application to Rollick');
    expect(firstContact('es')).toEqual({
      subject: 'Tu solicitud en Rollick',
      body: 'Hola Sofía Martínez, te escribe el equipo de Rollick. ¡Gracias por tu solicitud (RC-7KX3P9QD)! Nos gustaría hablar contigo de los próximos pasos. ¿Cuándo te viene bien?',
    });
    expect(firstContact('pt').body).toMatch(/^Olá, Sofía Martínez, aqui é a equipe da Rollick\./);
    expect(firstContact('de').subject).toBe('Deine Bewerbung bei Rollick');
    expect(firstContact('ru').body).toMatch(/^Здравствуйте, Sofía Martínez! Это команда Rollick\./);
    expect(firstContact('fr').body).toContain('Merci pour votre candidature (RC-7KX3P9QD) !');
    for (const purpose of MESSAGE_PURPOSES) {
      const bodies = LANGUAGE_CODES.map((language) => DEFAULT_TEMPLATES[purpose][language].body);
      expect(new Set(bodies).size, purpose).toBe(LANGUAGE_CODES.length);
    }
  });
});

describe('what a creator typed stays text', () => {
  it('keeps a name that looks like a variable as typed, in a single pass', () => {
    const values = { ...SOFIA, name: '{brand}', recruiter: '{name}' };
    expect(renderTemplate('Hi {name}, {brand} here ({recruiter})', values)).toBe('Hi {brand}, Rollick here ({name})');
    const { body } = renderMessage(DEFAULT_TEMPLATES.stage2_reminder.en, { ...SOFIA, name: '{creatorId}' });
    expect(body).toMatch(/^Hi \{creatorId\}, the second part of your Rollick application \(RC-7KX3P9QD\)/);
  });

  it('neither escapes nor interprets markup or Markdown in a name', () => {
    const script = '<script>alert(1)</script>';
    expect(renderTemplate('Hi {name}!', { name: script })).toBe(`Hi ${script}!`);
    expect(renderTemplate('Hi {name}!', { name: '**bold** _it_ [x](javascript:alert(1))' })).toBe(
      'Hi **bold** _it_ [x](javascript:alert(1))!',
    );
    // `$&` and `$1` mean something to String.replace with a string: a function replacer leaves them alone.
    expect(renderTemplate('Hi {name}!', { name: 'Zoë $& $1 $$' })).toBe('Hi Zoë $& $1 $$!');
  });
});

describe('resolveTemplate', () => {
  const removed = (purpose: TemplateOverride['purpose'], language: TemplateOverride['language']) =>
    ({ purpose, language, subject: null, body: null }) satisfies TemplateOverride;

  it('gives the shipped text where owners changed nothing', () => {
    expect(resolveTemplate('listed', 'de', [])).toEqual({
      ...DEFAULT_TEMPLATES.listed.de,
      language: 'de',
      isFallback: false,
    });
  });

  it("gives the owners' wording over the shipped one, for that purpose and language only", () => {
    const overrides: TemplateOverride[] = [
      {
        purpose: 'first_contact',
        language: 'pt',
        subject: '{name}, falamos pelo WhatsApp?',
        body: 'Oi {name}! Aqui é {recruiter}, da {brand}.',
      },
    ];
    const resolved = resolveTemplate('first_contact', 'pt', overrides);
    expect(resolved).toEqual({
      subject: '{name}, falamos pelo WhatsApp?',
      body: 'Oi {name}! Aqui é {recruiter}, da {brand}.',
      language: 'pt',
      isFallback: false,
    });
    expect(renderMessage(resolved, { ...SOFIA, name: 'Ana Beatriz Souza' }).body).toBe(
      'Oi Ana Beatriz Souza! Aqui é Marta Ruiz, da Rollick.',
    );
    expect(resolveTemplate('first_contact', 'es', overrides).subject).toBe('Tu solicitud en {brand}');
    expect(resolveTemplate('listed', 'pt', overrides).subject).toBe('Agora você está listada na {brand}');
  });

  it('falls back to English when a translation was removed, and says so', () => {
    const resolved = resolveTemplate('matched', 'ru', [removed('matched', 'ru')]);
    expect(resolved).toEqual({ ...DEFAULT_TEMPLATES.matched.en, language: 'en', isFallback: true });
    expect(resolveTemplate('matched', 'fr', [removed('matched', 'ru')]).isFallback).toBe(false);
  });

  it("falls back to the owners' English when they reworded it", () => {
    const english: TemplateOverride = {
      purpose: 'cancelled',
      language: 'en',
      subject: 'About your {brand} application',
      body: 'Dear {name}, thank you. We will not continue with {creatorId} for now.',
    };
    expect(resolveTemplate('cancelled', 'es', [removed('cancelled', 'es'), english])).toEqual({
      subject: english.subject,
      body: english.body,
      language: 'en',
      isFallback: true,
    });
    expect(resolveTemplate('cancelled', 'en', [english]).isFallback).toBe(false);
  });

  it('keeps the shipped English if English itself is ever stored as removed', () => {
    expect(resolveTemplate('listed', 'en', [removed('listed', 'en')])).toEqual({
      ...DEFAULT_TEMPLATES.listed.en,
      language: 'en',
      isFallback: false,
    });
  });
});

describe('unknownVariables and variablesOf', () => {
  it('offers the link only to the stage-2 invitation', () => {
    expect(variablesOf('stage2_invitation')).toEqual(['name', 'creatorId', 'brand', 'stage2Link', 'recruiter']);
    for (const purpose of MESSAGE_PURPOSES.filter((p) => p !== 'stage2_invitation')) {
      expect(variablesOf(purpose), purpose).toEqual(['name', 'creatorId', 'brand', 'recruiter']);
    }
  });

  it('names each variable a purpose cannot fill, once, in order of appearance', () => {
    expect(unknownVariables('stage2_invitation', EVERY_VARIABLE)).toEqual([]);
    expect(unknownVariables('stage2_reminder', EVERY_VARIABLE)).toEqual(['stage2Link']);
    expect(unknownVariables('first_contact', 'Hi {firstName} {name}, {link} {firstName} {Name}')).toEqual([
      'firstName',
      'link',
      'Name',
    ]);
    expect(unknownVariables('listed', 'Prices in {EUR_2}')).toEqual(['EUR_2']);
    // Not a variable at all: nothing to refuse.
    expect(unknownVariables('matched', 'Braces { like this } and {} and {first name}')).toEqual([]);
  });
});

describe('the shipped templates', () => {
  it('exist for every purpose in all six languages, non-empty and within the limits', () => {
    expect(Object.keys(DEFAULT_TEMPLATES).sort()).toEqual([...MESSAGE_PURPOSES].sort());
    for (const purpose of MESSAGE_PURPOSES) {
      expect(Object.keys(DEFAULT_TEMPLATES[purpose]).sort(), purpose).toEqual([...LANGUAGE_CODES].sort());
      for (const language of LANGUAGE_CODES) {
        const { subject, body } = DEFAULT_TEMPLATES[purpose][language];
        expect(subject.trim(), `${purpose}/${language}`).not.toBe('');
        expect(body.trim(), `${purpose}/${language}`).not.toBe('');
        expect(subject.length).toBeLessThanOrEqual(SUBJECT_MAX_LENGTH);
        expect(body.length).toBeLessThanOrEqual(BODY_MAX_LENGTH);
      }
    }
  });

  it("use only their purpose's variables, and always the name", () => {
    for (const purpose of MESSAGE_PURPOSES) {
      for (const language of LANGUAGE_CODES) {
        const { subject, body } = DEFAULT_TEMPLATES[purpose][language];
        expect(unknownVariables(purpose, subject), `${purpose}/${language}`).toEqual([]);
        expect(unknownVariables(purpose, body), `${purpose}/${language}`).toEqual([]);
        expect(body, `${purpose}/${language}`).toContain('{name}');
        if (purpose === 'stage2_invitation') expect(body).toContain('{stage2Link}');
      }
    }
  });
});

describe('channels and purposes of a contact', () => {
  it('allows only the method she chose; e-mail from the server or from a mail app', () => {
    expect(channelsForMethod('WhatsApp')).toEqual(['whatsapp']);
    expect(channelsForMethod('Telegram')).toEqual(['telegram']);
    expect(channelsForMethod('SMS/Phone')).toEqual(['sms']);
    expect(channelsForMethod('Email')).toEqual(['email', 'mailto']);
    expect(channelsForMethod('Carrier pigeon')).toEqual([]);
  });

  it('sends every purpose from the record but the invitation', () => {
    expect(CONTACT_PURPOSES).toEqual(['first_contact', 'stage2_reminder', 'listed', 'matched', 'cancelled']);
  });
});
