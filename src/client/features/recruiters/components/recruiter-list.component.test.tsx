import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { onlyRecruiters } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { RecruiterList } from './recruiter-list.tsx';

const t = setUpTestApp();

describe('deleting recruiters', () => {
  it('says why the only recruiter stays, and offers no delete', async () => {
    await loadAdminTexts();
    const { db } = t.database;
    await onlyRecruiters(db, 'Rollick team');
    const { user } = await renderAsAdmin(
      <RecruiterList listingsHref={(recruiter) => `/admin/recruiters/${recruiter.id}`} />,
      t,
    );

    // The table and the cards are both in the page (jsdom hides neither): either row's button opens the dialog.
    const [deleteButton] = await screen.findAllByRole('button', { name: 'Delete Rollick team' }, { timeout: 5000 });
    await user.click(deleteButton as HTMLElement);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('This is the only recruiter, and applicants must choose one on the form.');
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    // The footer's Close and the corner's × both close it.
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((await t.app.inject({ method: 'GET', url: '/api/recruiters' })).json()).toHaveLength(1);
  });
});
