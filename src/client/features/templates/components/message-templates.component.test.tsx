import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadNamespace } from '#client/lib/i18n.ts';
import { DEFAULT_TEMPLATES } from '#shared/message-templates.ts';
import type { MessageTemplateList } from '#shared/replies/message-templates.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { MessageTemplatesScreen } from './message-templates-screen.tsx';

const t = setUpTestApp();
const reviewer = t.signedInAs({ username: 'ravi.reviewer', password: 'reviewer password 1', role: 'reviewer' });

beforeAll(async () => {
  await loadAdminTexts();
  await loadNamespace('templates');
});

// The template shown lives in the address; each test starts from the page's own.
beforeEach(() => window.history.replaceState(null, '', '/admin/templates'));

/** What the server holds now for one template, as every admin's GET reports it. */
async function stored(purpose: string, language: string) {
  const reply = await t.app.inject({ method: 'GET', url: '/api/admin/message-templates', headers: t.headers });
  const { templates } = reply.json<MessageTemplateList>();
  return templates.find((template) => template.purpose === purpose && template.language === language);
}

/** Opens one purpose in one language, as an owner picks them. */
async function open(user: Awaited<ReturnType<typeof renderAsAdmin>>['user'], purpose: string, language: RegExp) {
  await user.click(await screen.findByRole('button', { name: purpose }));
  await user.click(screen.getByRole('button', { name: language }));
  expect(screen.getByRole('button', { name: purpose }).getAttribute('aria-pressed')).toBe('true');
  expect(screen.getByRole('button', { name: language }).getAttribute('aria-pressed')).toBe('true');
}

const subjectField = () => screen.getByLabelText('Subject') as HTMLInputElement;
const bodyField = () => screen.getByLabelText('Message') as HTMLTextAreaElement;
const preview = () => screen.getByTestId('template-preview');

describe('the message templates screen (decision 060)', () => {
  it('renders the text as the sample creator reads it while the owner types, variables put in at the cursor', async () => {
    const { user } = await renderAsAdmin(<MessageTemplatesScreen />, t);
    await open(user, 'Matched', /^English/);
    expect(subjectField().value).toBe(DEFAULT_TEMPLATES.matched.en.subject);
    expect(within(preview()).getByTestId('template-preview-body').textContent).toContain('Hi Anna Kowalska, an agency');

    await user.clear(bodyField());
    await user.type(bodyField(), 'Dear ');
    await user.click(screen.getByRole('button', { name: /^\{name\}/ }));
    await user.type(bodyField(), ',{Enter}{Enter}  your profile ', { skipClick: true });
    await user.click(screen.getByRole('button', { name: /^\{creatorId\}/ }));
    await user.type(bodyField(), ' has <b>news</b>.', { skipClick: true });

    expect(bodyField().value).toBe('Dear {name},\n\n  your profile {creatorId} has <b>news</b>.');
    const body = within(preview()).getByTestId('template-preview-body');
    // Plain text with its line breaks and spaces kept: nothing typed becomes markup.
    expect(body.textContent).toBe('Dear Anna Kowalska,\n\n  your profile RC-7Q4M2KXH has <b>news</b>.');
    expect(body.querySelector('b')).toBeNull();
    // jsdom has no stylesheet: the class that keeps them on screen (the browser journey measures it).
    expect(body.classList.contains('whitespace-pre-wrap')).toBe(true);
    // The invitation alone may carry the stage-2 link.
    expect(screen.queryByRole('button', { name: /^\{stage2Link\}/ })).toBeNull();
  });

  it('saves the wording, and a new visit shows it', async () => {
    const first = await renderAsAdmin(<MessageTemplatesScreen />, t);
    await open(first.user, 'Listed', /^Deutsch/);
    await first.user.clear(subjectField());
    await first.user.type(subjectField(), 'Du bist jetzt live');
    await first.user.clear(bodyField());
    await first.user.type(bodyField(), 'Hallo {{name}, dein Profil ist online.');
    const save = screen.getByRole('button', { name: 'Save' });
    await first.user.click(save);

    expect(await screen.findByText('Template saved')).toBeTruthy();
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(true));
    expect(await stored('listed', 'de')).toMatchObject({
      source: 'custom',
      subject: 'Du bist jetzt live',
      body: 'Hallo {name}, dein Profil ist online.',
      updatedBy: 'alice',
    });
    first.unmount();

    const again = await renderAsAdmin(<MessageTemplatesScreen />, t);
    await open(again.user, 'Listed', /^Deutsch/);
    expect(screen.getByRole('button', { name: /^Deutsch/ }).textContent).toContain('Edited');
    expect(subjectField().value).toBe('Du bist jetzt live');
    expect(bodyField().value).toBe('Hallo {name}, dein Profil ist online.');
    expect(screen.getByText(/^Edited by alice/)).toBeTruthy();
  });

  it('shows the server’s refusal of a variable the purpose cannot fill at the message field', async () => {
    const { user, api } = await renderAsAdmin(<MessageTemplatesScreen />, t);
    await open(user, 'First contact', /^English/);
    await user.type(bodyField(), ' Here is your link: {{stage2Link}');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe(
      'This template cannot use {stage2Link}; it may use {name}, {creatorId}, {brand}, {recruiter}',
    );
    expect(bodyField().getAttribute('aria-invalid')).toBe('true');
    expect(bodyField().getAttribute('aria-describedby')).toContain(error.id);
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    expect((await stored('first_contact', 'en'))?.source).toBe('default');
  });

  it('removes a translation: the screen says English is sent and shows it', async () => {
    const { user } = await renderAsAdmin(<MessageTemplatesScreen />, t);
    await open(user, 'Cancelled', /^Русский/);
    await user.click(screen.getByRole('button', { name: 'Remove translation (send English)' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Remove the Russian translation?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove translation' }));

    const notice = await screen.findByTestId('english-notice');
    expect(notice.textContent).toContain('Creators who applied in Russian get the English text.');
    expect(screen.getByRole('button', { name: /^Русский/ }).textContent).toContain('English sent');
    expect(within(preview()).getByTestId('template-preview-body').textContent).toContain(
      'Hi Anna Kowalska, thank you for your interest in Rollick.',
    );
    expect(screen.queryByLabelText('Message')).toBeNull();
    expect(await screen.findByText('Translation removed: English is sent')).toBeTruthy();
    expect(await stored('cancelled', 'ru')).toMatchObject({ source: 'english', subject: null, body: null });
    // English itself is what the others fall back to: it has no such button.
    await user.click(screen.getByRole('button', { name: /^English/ }));
    expect(screen.queryByRole('button', { name: 'Remove translation (send English)' })).toBeNull();

    // Restoring brings the shipped Russian text back.
    await user.click(screen.getByRole('button', { name: /^Русский/ }));
    await user.click(screen.getByRole('button', { name: 'Restore the translation' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(bodyField().value).toBe(DEFAULT_TEMPLATES.cancelled.ru.body));
    expect((await stored('cancelled', 'ru'))?.source).toBe('default');
  });

  it('resets an edited template to the shipped text, shown before it is confirmed', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/message-templates/stage2_reminder/fr',
      headers: t.headers,
      payload: { subject: 'Petit rappel', body: 'Bonjour {name}, il manque la deuxième partie.' },
    });
    const { user } = await renderAsAdmin(<MessageTemplatesScreen />, t);
    await open(user, 'Stage 2 reminder', /^Français/);
    expect(bodyField().value).toBe('Bonjour {name}, il manque la deuxième partie.');

    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('shipped-text').textContent).toContain(DEFAULT_TEMPLATES.stage2_reminder.fr.body);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));

    await waitFor(() => expect(bodyField().value).toBe(DEFAULT_TEMPLATES.stage2_reminder.fr.body));
    expect(subjectField().value).toBe(DEFAULT_TEMPLATES.stage2_reminder.fr.subject);
    expect(await screen.findByText('Back to the shipped text')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset to default' })).toBeNull();
    expect((await stored('stage2_reminder', 'fr'))?.source).toBe('default');
  });

  it('asks before leaving unsaved changes for another template', async () => {
    const { user } = await renderAsAdmin(<MessageTemplatesScreen />, t);
    await open(user, 'Stage 2 invitation', /^Español/);
    await user.type(bodyField(), ' ¡Gracias!');
    await user.click(screen.getByRole('button', { name: 'Matched' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Discard your changes?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('button', { name: 'Stage 2 invitation' }).getAttribute('aria-pressed')).toBe('true');
    expect(bodyField().value).toContain('¡Gracias!');

    await user.click(screen.getByRole('button', { name: 'Matched' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByRole('button', { name: 'Matched' }).getAttribute('aria-pressed')).toBe('true');
    expect(bodyField().value).toBe(DEFAULT_TEMPLATES.matched.es.body);
    expect((await stored('stage2_invitation', 'es'))?.source).toBe('default');
  });

  it('lets a reviewer read the templates but change nothing, as the server refuses', async () => {
    const { user } = await renderAsAdmin(<MessageTemplatesScreen />, t, reviewer);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Only owners can change the templates. Here you can read what the team sends.',
    );
    await open(user, 'First contact', /^Português/);
    expect(subjectField().readOnly).toBe(true);
    expect(bodyField().readOnly).toBe(true);
    expect(bodyField().value).toBe(DEFAULT_TEMPLATES.first_contact.pt.body);
    expect(within(preview()).getByTestId('template-preview-body').textContent).toContain('Olá, Anna Kowalska');
    for (const name of ['Save', 'Reset to default', 'Remove translation (send English)']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: /^\{name\}/ })).toBeNull();

    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/message-templates/first_contact/pt',
      headers: reviewer,
      payload: { subject: 'Olá', body: 'Olá {name}' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
