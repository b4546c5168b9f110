import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client.ts';
import { createTranslator } from '#client/lib/translator.ts';
import de from '#client/locales/recruiters/de.json';
import en from '#client/locales/recruiters/en.json';
import { RECRUITER_MESSAGES } from '#shared/schemas/recruiter.ts';
import { recruiterFailureText, translateRecruiterMessage } from './messages.ts';

const translator = createTranslator();
translator.add('en', 'recruiters', en);
translator.add('de', 'recruiters', de);
let language = 'en';
const t = () => translator.fixed(language, 'recruiters');

function apiError(status: number, body: unknown): ApiError {
  return new ApiError(status, '', JSON.stringify(body));
}

describe('translateRecruiterMessage', () => {
  it('shows the shared schema messages of product §5 in the interface language', () => {
    expect(translateRecruiterMessage(t(), RECRUITER_MESSAGES.name)).toBe('Name is required');
    expect(translateRecruiterMessage(t(), RECRUITER_MESSAGES.email)).toBe('Invalid email');
    language = 'de';
    expect(translateRecruiterMessage(t(), RECRUITER_MESSAGES.email)).toBe('Ungültige E-Mail-Adresse');
    expect(translateRecruiterMessage(t(), 'Please use at most 100 characters')).toBe(
      'Bitte verwende höchstens 100 Zeichen',
    );
    language = 'en';
  });

  it('passes an unknown message through unchanged', () => {
    expect(translateRecruiterMessage(t(), 'Something new')).toBe('Something new');
  });
});

describe('recruiterFailureText', () => {
  it('names a duplicate recruiter by its code, not by the English text', () => {
    const error = apiError(409, { code: 'CONFLICT', message: 'A recruiter with this name already exists' });
    expect(recruiterFailureText(t(), error, 'Failed to add recruiter')).toBe(
      'A recruiter with this name already exists',
    );
  });

  it('uses the server message when there is one, translated when known', () => {
    const error = apiError(400, { code: 'VALIDATION_FAILED', message: RECRUITER_MESSAGES.name });
    expect(recruiterFailureText(t(), error, 'Failed to add recruiter')).toBe('Name is required');
    const other = apiError(500, { code: 'INTERNAL', message: 'Internal server error' });
    expect(recruiterFailureText(t(), other, 'Failed to delete recruiter')).toBe('Internal server error');
  });

  it("falls back to the screen's text without a server message (product §8)", () => {
    expect(recruiterFailureText(t(), apiError(502, ''), 'Failed to update email')).toBe('Failed to update email');
    expect(recruiterFailureText(t(), new TypeError('Failed to fetch'), 'Failed to delete recruiter')).toBe(
      'Failed to delete recruiter',
    );
  });
});

describe('delete toast pluralisation', () => {
  it('says "application remains" for one and "applications remain" otherwise', () => {
    expect(t()('delete.success', { count: 1 })).toBe(
      'Recruiter deleted successfully. 1 associated application remains unchanged.',
    );
    expect(t()('delete.success', { count: 3 })).toBe(
      'Recruiter deleted successfully. 3 associated applications remain unchanged.',
    );
  });
});
