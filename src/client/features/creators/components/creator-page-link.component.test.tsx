import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { insertCreator } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { CreatorPageLink } from './creator-page-link.tsx';

const t = setUpTestApp();

describe('her own page’s link in the details', () => {
  it('issues a new link staff can pass on, and revokes it after asking, so it opens nothing', async () => {
    await loadAdminTexts();
    const creator = await insertCreator(t.database.db, {
      name: 'Valentina Ortega',
      contactMethod: 'Telegram',
      contactInfo: '@valen_ortega',
    });
    const { user } = await renderAsAdmin(<CreatorPageLink creatorId={creator.creatorId} />, t);
    const herPage = (url: string) => {
      const { pathname, search } = new URL(url);
      return t.app.inject({ method: 'GET', url: `/api${pathname}${search}` });
    };

    await user.click(screen.getByRole('button', { name: 'New link to her page' }));
    const field = await screen.findByRole('textbox', { name: 'Link to her own page' }, { timeout: 5000 });
    const url = (field as HTMLInputElement).value;
    expect(url).toMatch(new RegExp(`/me/${creator.creatorId}\\?token=[A-Za-z0-9_-]{20,}$`));
    expect((await herPage(url)).statusCode).toBe(200);

    await user.click(screen.getByRole('button', { name: 'Revoke her link' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke the link to her page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke her link' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 5000 });
    expect(screen.queryByRole('textbox', { name: 'Link to her own page' })).toBeNull();
    expect((await herPage(url)).statusCode).toBe(404);
  });
});
