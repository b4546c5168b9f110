import { beforeAll, describe, expect, it } from 'vitest';
import { createTranslator, type TFunction } from '#client/lib/translator.ts';
import { APPLICATION_MESSAGES, PHOTO_BAD_TYPE, PHOTO_TOO_LARGE } from '#shared/schemas/application.ts';
import { AGE_RULES, tooLong } from '#shared/schemas/fields.ts';
import deForm from '../../../locales/application/de.json';
import enForm from '../../../locales/application/en.json';
import esForm from '../../../locales/application/es.json';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';
import { submissionFailureText, translateMessage } from './validation-messages.ts';

const SHARED_MESSAGES = [...Object.values(APPLICATION_MESSAGES), PHOTO_TOO_LARGE, PHOTO_BAD_TYPE, AGE_RULES.invalid];

let t: Record<'en' | 'de' | 'es', TFunction>;

beforeAll(() => {
  const translator = createTranslator();
  for (const [code, parts] of [
    ['en', [en, enForm]],
    ['de', [de, deForm]],
    ['es', [es, esForm]],
  ] as const) {
    for (const part of parts) translator.add(code, 'translation', part);
  }
  t = {
    en: translator.fixed('en', 'translation'),
    de: translator.fixed('de', 'translation'),
    es: translator.fixed('es', 'translation'),
  };
});

describe('translateMessage', () => {
  it.each(SHARED_MESSAGES)('shows %j word for word in English', (message) => {
    expect(translateMessage(t.en, message)).toBe(message);
  });

  it.each(SHARED_MESSAGES)('translates %j into German and Spanish', (message) => {
    for (const translate of [t.de, t.es]) {
      const text = translateMessage(translate, message);
      expect(text).not.toBe(message);
      expect(text).not.toMatch(/^application\./);
    }
  });

  it('fills in the numbers of the age range and the length limit', () => {
    expect(translateMessage(t.en, AGE_RULES.outOfRange ?? '')).toBe(AGE_RULES.outOfRange);
    expect(translateMessage(t.de, AGE_RULES.outOfRange ?? '')).toBe('Du musst zwischen 18 und 99 Jahre alt sein');
    expect(translateMessage(t.en, tooLong(100))).toBe(tooLong(100));
    expect(translateMessage(t.es, tooLong(2000))).toBe('Usa como máximo 2000 caracteres');
  });

  it('shows a message it does not know as sent', () => {
    expect(translateMessage(t.de, 'Something new from the server')).toBe('Something new from the server');
  });
});

describe('submissionFailureText (product §8 Submission Failed)', () => {
  it('translates a known server message', () => {
    expect(submissionFailureText(t.de, { code: 'VALIDATION_FAILED', serverMessage: 'Name is required' })).toBe(
      'Bitte gib deinen Namen an',
    );
  });

  it('says the server is busy in the interface language', () => {
    expect(
      submissionFailureText(t.de, {
        code: 'UNAVAILABLE',
        serverMessage: 'The server is busy. Please try again in a moment.',
      }),
    ).toBe(deForm.application.errors.busy);
  });

  it('explains the per-network upload cap and a cut-off slow upload in the interface language', () => {
    expect(submissionFailureText(t.de, { code: 'TOO_MANY_UPLOADS', serverMessage: 'Another upload' })).toBe(
      deForm.application.errors.tooManyUploads,
    );
    expect(submissionFailureText(t.de, { code: 'REQUEST_TIMEOUT', serverMessage: 'Too slow' })).toBe(
      deForm.application.errors.tooSlow,
    );
  });

  it('shows the rate limit in the interface language', () => {
    expect(submissionFailureText(t.es, { code: 'RATE_LIMITED', serverMessage: 'Too many applications' })).toBe(
      'Se enviaron demasiadas solicitudes desde esta red. Inténtalo de nuevo más tarde.',
    );
  });

  it('shows an unknown server message as sent, and the generic text when there is none', () => {
    expect(submissionFailureText(t.en, { code: 'INTERNAL', serverMessage: 'Storage is full' })).toBe('Storage is full');
    expect(submissionFailureText(t.en, { code: undefined, serverMessage: undefined })).toBe(
      'There was an error submitting your application. Please try again.',
    );
  });
});
