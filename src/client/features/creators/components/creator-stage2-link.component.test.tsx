import { configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BulkResult, Creator, Stage2LinkResult } from '#shared/replies/creators.ts';
import { readCreator, seedCreatorIn, storedCreator } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { CreatorBulkResultDialog } from './creator-bulk-result-dialog.tsx';
import { CreatorRowActions } from './creator-row-actions.tsx';

// No SMTP here: e-mail goes through the admin's own mail program (mailto:).
const t = setUpTestApp();

beforeAll(loadAdminTexts);
// Each step waits on the real app, which shares two cores with the rest of the suite.
const { asyncUtilTimeout } = getConfig();
beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout }));

const named = (creator: Creator, text: string) => `${text}: ${creator.name} (${creator.creatorId})`;
const stored = (creator: Creator) => storedCreator(t, creator.creatorId);

/** A link sent earlier, as the creator holds it. */
async function sendThroughApi(creator: Creator): Promise<string> {
  const reply = await t.app.inject({
    method: 'POST',
    url: `/api/admin/creators/${creator.creatorId}/send-stage2`,
    headers: t.headers,
  });
  return `${window.location.origin}${reply.json<Stage2LinkResult>().link}`;
}

/** Sends Stage 2 from her row and returns the link dialog and the link it shows. */
async function sendFromRow(creator: Creator) {
  const { user } = await renderAsAdmin(<CreatorRowActions creator={creator} />, t);
  await user.click(screen.getByRole('button', { name: named(creator, 'Send Stage 2') }));
  const dialog = await screen.findByRole('dialog', { name: 'Stage 2 Link' });
  const url = (within(dialog).getByLabelText('Link for the creator') as HTMLInputElement).value;
  return { user, dialog, url };
}

const channelLink = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('link', { name }).getAttribute('href') ?? '';

describe('Send Again', () => {
  it('says first that the link she has will stop working; cancelling keeps it working', async () => {
    const creator = await seedCreatorIn(t, 'pending');
    const oldLink = await sendThroughApi(creator);
    const { user, api } = await renderAsAdmin(
      <CreatorRowActions creator={await readCreator(t, creator.creatorId)} />,
      t,
    );

    await user.click(screen.getByRole('button', { name: named(creator, 'Send Again') }));
    const ask = await screen.findByRole('alertdialog', { name: 'Send a new link?' });
    expect(
      within(ask).getByText(`The link ${creator.name} already has will stop working as soon as the new one is made.`),
    ).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls).toEqual([]);
    expect((await stored(creator))?.opensWith(oldLink)).toBe(true);
  });

  it('issues a new link once confirmed, and only the new one opens her form', async () => {
    const creator = await seedCreatorIn(t, 'pending');
    const oldLink = await sendThroughApi(creator);
    const { user, api } = await renderAsAdmin(
      <CreatorRowActions creator={await readCreator(t, creator.creatorId)} />,
      t,
    );

    await user.click(screen.getByRole('button', { name: named(creator, 'Send Again') }));
    const ask = await screen.findByRole('alertdialog', { name: 'Send a new link?' });
    await user.click(within(ask).getByRole('button', { name: 'Send new link' }));

    const dialog = await screen.findByRole('dialog', { name: 'Stage 2 Link' });
    expect(screen.getByText('Stage 2 link regenerated')).toBeTruthy();
    const newLink = (within(dialog).getByLabelText('Link for the creator') as HTMLInputElement).value;
    expect(newLink).not.toBe(oldLink);
    expect(await navigator.clipboard.readText()).toBe(newLink);
    expect(api.calls).toEqual([
      { method: 'POST', path: `/api/admin/creators/${creator.creatorId}/send-stage2`, body: undefined },
      // The link's dialog then reads the owners' wording of the invitation (decision 060).
      { method: 'GET', path: '/api/admin/message-templates', body: undefined },
    ]);
    const after = await stored(creator);
    expect(after?.opensWith(newLink)).toBe(true);
    expect(after?.opensWith(oldLink)).toBe(false);
  });
});

describe('the link dialog after Send Stage 2', () => {
  it('shows the link and opens WhatsApp on her number with the message in her language', async () => {
    const creator = await seedCreatorIn(t, 'pending', {
      name: 'Lea Müller',
      locale: 'de',
      contactMethod: 'WhatsApp',
      contactInfo: '+49 151 2345-6789',
    });
    const { dialog, url } = await sendFromRow(creator);

    expect(url).toMatch(`${window.location.origin}/stage2/${creator.creatorId}?token=`);
    expect(await navigator.clipboard.readText()).toBe(url);
    expect((await stored(creator))?.opensWith(url)).toBe(true);
    const href = new URL(channelLink(dialog, 'Open WhatsApp'));
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/4915123456789');
    const message = href.searchParams.get('text') ?? '';
    expect(message).toMatch(/^Hallo Lea Müller, bitte fülle hier den zweiten Teil/);
    expect(message).toContain(url);
    expect(within(dialog).getByText(/German, the language of the application/)).toBeTruthy();
  });

  it('opens her Telegram chat and copies the message to paste there, in Russian', async () => {
    const creator = await seedCreatorIn(t, 'pending', {
      name: 'Ольга',
      locale: 'ru',
      contactMethod: 'Telegram',
      contactInfo: '@olga_creates',
    });
    const { user, dialog, url } = await sendFromRow(creator);

    const link = within(dialog).getByRole('link', { name: 'Copy message, open Telegram' });
    expect(link.getAttribute('href')).toBe('https://t.me/olga_creates');
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    await waitFor(async () => expect(await navigator.clipboard.readText()).toContain(url));
    expect(await navigator.clipboard.readText()).toMatch(/^Здравствуйте, Ольга!/);
  });

  it('writes an SMS to her number, and an e-mail through the mail program when the server cannot send mail', async () => {
    const bySms = await seedCreatorIn(t, 'pending', {
      locale: 'es',
      contactMethod: 'SMS/Phone',
      contactInfo: '+34 612 34 56 78',
    });
    const sms = await sendFromRow(bySms);
    const smsHref = channelLink(sms.dialog, 'Open SMS');
    expect(smsHref).toMatch(/^sms:\+34612345678\?body=Hola%20/);
    expect(decodeURIComponent(smsHref.split('body=')[1] ?? '')).toContain(sms.url);
    await sms.user.click(within(sms.dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const byEmail = await seedCreatorIn(t, 'pending', {
      locale: 'fr',
      contactMethod: 'Email',
      contactInfo: 'amelie@example.fr',
    });
    expect(screen.queryByRole('button', { name: named(byEmail, 'E-mail link') })).toBeNull();
    const mail = await sendFromRow(byEmail);
    const mailto = channelLink(mail.dialog, 'Open e-mail');
    expect(mailto).toMatch(/^mailto:amelie@example\.fr\?subject=Votre%20prochaine%20%C3%A9tape/);
    expect(decodeURIComponent(mailto.split('body=')[1] ?? '')).toContain(mail.url);
  });
});

describe('bulk Send Stage 2', () => {
  it('lists each creator with her link, to copy one or all, and as a CSV', async () => {
    const anna = await seedCreatorIn(t, 'pending', {
      name: 'Anna Kowalska',
      contactMethod: 'Telegram',
      contactInfo: '@anna_k',
    });
    const bea = await seedCreatorIn(t, 'pending', {
      name: '=cmd|calc',
      contactMethod: 'Email',
      contactInfo: 'bea@example.com',
    });
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/admin/creators/bulk',
      headers: t.headers,
      payload: { action: 'stage2', creatorIds: [anna.creatorId, bea.creatorId] },
    });
    const result = reply.json<BulkResult>();
    const urls = (result.links ?? []).map((link) => `${window.location.origin}${link.link}`);
    // What the CSV button hands the browser to save.
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:bulk-links';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { user } = await renderAsAdmin(<CreatorBulkResultDialog result={result} onClose={() => {}} />, t);

    const dialog = await screen.findByRole('dialog', { name: 'Bulk action finished' });
    const list = within(dialog).getByRole('list', { name: 'Stage 2 links' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Anna Kowalska'),
      expect.stringContaining('=cmd|calc'),
    ]);
    expect(items[0]?.textContent).toContain(urls[0]);
    expect(items[1]?.textContent).toContain(urls[1]);
    expect((await stored(anna))?.opensWith(urls[0] ?? '')).toBe(true);
    expect((await stored(bea))?.opensWith(urls[1] ?? '')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Copy the link for Anna Kowalska' }));
    expect(await navigator.clipboard.readText()).toBe(urls[0]);
    await user.click(within(dialog).getByRole('button', { name: 'Copy Stage 2 links' }));
    expect(await navigator.clipboard.readText()).toBe(
      `Anna Kowalska\t${anna.creatorId}\t${urls[0]}\n'=cmd|calc\t${bea.creatorId}\t${urls[1]}`,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Download CSV' }));
    const csv = await saved[0]?.text();
    const rows = csv?.replace(/^\uFEFF/, '').split('\r\n');
    expect(rows?.[0]).toBe('Name,Creator ID,Contact,Link,Expires');
    expect(rows?.[1]).toMatch(
      new RegExp(`^Anna Kowalska,${anna.creatorId},Telegram: @anna_k,${literally(urls[0])},"?\\w`),
    );
    expect(rows?.[2]).toMatch(
      new RegExp(`^'=cmd\\|calc,${bea.creatorId},Email: bea@example.com,${literally(urls[1])},`),
    );
  });
});

/** A text to match as it is inside a regular expression. */
const literally = (text = '') => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
