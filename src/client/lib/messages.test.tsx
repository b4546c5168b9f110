import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { listingSchema } from '#shared/schemas/listing.ts';
import { ApiError } from './api-client.ts';
import { changeLanguage, initI18n, loadNamespace } from './i18n.ts';
import {
  messageOfFieldError,
  messageText,
  type ShownMessage,
  serverFieldMessages,
  serverReason,
  useMessageText,
} from './messages.ts';
import { zodResolver } from './zod-resolver.ts';

const apiError = (status: number, body: unknown) => new ApiError(status, '', JSON.stringify(body));

function Shown({ message }: { message: ShownMessage }) {
  const say = useMessageText();
  return <p role="alert">{say(message)}</p>;
}

describe('messages by key in Russian', () => {
  beforeAll(async () => {
    await initI18n('ru');
    await changeLanguage('ru');
    await Promise.all([loadNamespace('messages'), loadNamespace('adminMessages')]);
  });

  it('shows a key with its parameter where a message is shown', () => {
    const html = renderToStaticMarkup(<Shown message={{ key: 'field.tooLong', params: { max: 100 } }} />);
    expect(html).toBe('<p role="alert">Не более 100 символов</p>');
  });

  it('keeps the key and the bound of a failed check through the form resolver', async () => {
    const resolver = zodResolver(listingSchema);
    const result = await resolver({ rollickListingUrl: `https://a.example/${'x'.repeat(2100)}` }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    const message = messageOfFieldError(result.errors.rollickListingUrl);
    expect(message).toEqual({ key: 'field.tooLong', params: { max: 2048 } });
    expect(messageText(message)).toBe('Не более 2048 символов');
  });

  it('shows the server’s message and field messages by key, the wait of a 429 in the right plural', () => {
    const throttled = apiError(429, {
      message: 'Too many failed sign-in attempts. Please try again in 5 minutes.',
      code: 'RATE_LIMITED',
      messageKey: 'auth.throttled',
      messageParams: { count: 5 },
    });
    expect(messageText(serverReason(throttled))).toBe(
      'Слишком много неудачных попыток входа. Повторите попытку через 5 минут.',
    );
    const refused = apiError(400, {
      message: 'Invalid email',
      code: 'VALIDATION_FAILED',
      fields: { email: 'Invalid email', name: 'Something new' },
      fieldKeys: { email: { key: 'recruiters.email' } },
    });
    const fields = serverFieldMessages(refused);
    expect(messageText(fields.email)).toBe('Некорректный e-mail');
    // A field message without a key (an older server) is shown as sent.
    expect(messageText(fields.name)).toBe('Something new');
  });

  it('shows the English of a message the server sent without a key, or with one this client does not know', () => {
    expect(messageText(serverReason(apiError(409, { message: 'Not allowed', code: 'CONFLICT' })))).toBe('Not allowed');
    const newer = apiError(409, { message: 'A newer refusal', code: 'CONFLICT', messageKey: 'creators.somethingNew' });
    expect(messageText(serverReason(newer))).toBe('A newer refusal');
    expect(serverReason(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('shows English from the shared catalogue itself', async () => {
    await changeLanguage('en');
    expect(messageText({ key: 'age.range', params: { min: 18, max: 99 } })).toBe(
      'You must be between 18 and 99 years old',
    );
    expect(messageText({ key: 'auth.throttled', params: { count: 1 } })).toBe(
      'Too many failed sign-in attempts. Please try again in 1 minute.',
    );
  });
});
