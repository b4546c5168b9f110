import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FIRST_PAGE } from '#client/lib/page-position.ts';
import type { Creator } from '#shared/replies/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { insertCreator, insertRecruiter } from '#tests/factories.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { RecruiterListings } from './recruiter-listings.tsx';

const t = setUpTestApp();

describe('keyboard flow on a recruiter’s listings', () => {
  it('moves through the shown rows with j and k and opens the marked one’s details with Enter', async () => {
    await loadAdminTexts();
    const { db } = t.database;
    const recruiter = await insertRecruiter(db, { name: 'Robin Hale' });
    for (const name of ['Ana Silva', 'Bea Costa']) {
      await insertCreator(db, { name, recruiterId: recruiter.id, recruiterName: recruiter.name });
    }
    const opened = vi.fn<(creator: Creator) => void>();
    const { user } = await renderAsAdmin(
      <RecruiterListings
        recruiterId={recruiter.id}
        status="all"
        onStatusChange={() => {}}
        position={FIRST_PAGE}
        onPositionChange={() => {}}
        backHref="/admin/recruiters"
        onViewDetails={opened}
      />,
      t,
    );
    const rows = () => [...document.querySelectorAll<HTMLElement>('[data-creator-id]')];
    await waitFor(() => expect(rows().length).toBeGreaterThan(0), { timeout: 5000 });
    // The table and the cards are both in the page; jsdom hides neither, so the keys walk every row shown.
    const ids = rows().map((row) => row.dataset.creatorId);

    await user.keyboard('jj');
    expect(document.activeElement?.getAttribute('data-creator-id')).toBe(ids[1]);
    await user.keyboard('k{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened.mock.calls[0]?.[0].creatorId).toBe(ids[0]);
  });
});
