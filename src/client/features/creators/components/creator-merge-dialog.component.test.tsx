import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MERGE_ACTION } from '#shared/creator-merge.ts';
import type { PossibleDuplicate } from '#shared/replies/creators.ts';
import { readCreator, storedCreator } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { type CompleteCreator, insertCompleteCreator } from '#tests/fixtures/creators.ts';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { CreatorDuplicatesSection } from './creator-duplicates-section.tsx';

const t = setUpTestApp();
const reviewer = t.signedInAs({ username: 'rui-reviewer', password: 'a long test password', role: 'reviewer' });

beforeAll(loadAdminTexts);

const duplicateOf = (c: CompleteCreator): PossibleDuplicate => ({
  creatorId: c.duplicate.creatorId,
  name: c.duplicate.name,
  status: 'pending',
  reasons: ['contact', 'photo'],
});

/** The row of one field: its label's group, holding the two values to choose from. */
const fieldRow = (label: string) => screen.getByRole('radiogroup', { name: label });
const checked = (label: string) =>
  within(fieldRow(label))
    .getAllByRole('radio')
    .map((radio) => radio.getAttribute('aria-checked') === 'true');
const keptRadio = (creatorId: string) =>
  within(fieldRow('Record that stays')).getByRole('radio', { name: new RegExp(creatorId) });

describe('Merge… in the duplicates section', () => {
  it('shows both records with the newer values chosen, takes a value the owner picks, and merges on confirmation', async () => {
    const c = await insertCompleteCreator(t);
    const onNavigate = vi.fn();
    const { user, api } = await renderAsAdmin(
      <CreatorDuplicatesSection
        creatorId={c.creator.creatorId}
        duplicates={[duplicateOf(c)]}
        onNavigate={onNavigate}
      />,
      t,
    );
    await user.click(screen.getByRole('button', { name: `Merge ${c.duplicate.creatorId} with this record…` }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge duplicate records' });
    await within(dialog).findByText(/Newest wins/);

    // The opened record is further along, so it stays; the newer application's name is chosen.
    expect(checked('Record that stays')).toEqual([true, false]);
    expect(checked('Name')).toEqual([false, true]);
    // Only the older record answered stage 2, so its answers are kept.
    expect(checked('Stage 2 answers')).toEqual([true, false]);
    expect(dialog.textContent).toContain(
      `${c.duplicate.creatorId} will be removed. Its notes, activity, messages, files and Stage 2 data move to ${c.creator.creatorId}`,
    );
    expect(dialog.textContent).toContain('A merge cannot be undone.');

    // Keeping the other record would move it back: said, and not offered.
    await user.click(keptRadio(c.duplicate.creatorId));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/further along/);
    const backwards = within(dialog).getByRole('button', { name: 'Merge records' });
    expect((backwards as HTMLButtonElement).disabled).toBe(true);
    await user.click(keptRadio(c.creator.creatorId));

    await user.click(within(fieldRow('Name')).getAllByRole('radio')[0] as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Merge records' }));
    await screen.findByText('Records merged');

    const call = api.calls.find((entry) => entry.path.endsWith('/merge'));
    expect(call).toMatchObject({
      method: 'POST',
      path: `/api/admin/creators/${c.creator.creatorId}/merge`,
      body: { from: c.duplicate.creatorId, fields: { name: 'into', contact: 'from', stage2: 'into' } },
    });
    expect(await readCreator(t, c.creator.creatorId)).toMatchObject({
      name: c.creator.name,
      contactInfo: c.duplicate.contactInfo,
    });
    expect(await storedCreator(t, c.duplicate.creatorId)).toBeUndefined();
    const stored = await storedCreator(t, c.creator.creatorId);
    expect(stored?.activity.find((entry) => entry.action === MERGE_ACTION)?.additionalInfo).toMatchObject({
      merged: c.duplicate.creatorId,
    });
    // The record whose details were open stayed, so they stay open.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('is not offered to a reviewer', async () => {
    const c = await insertCompleteCreator(t);
    await renderAsAdmin(
      <CreatorDuplicatesSection creatorId={c.creator.creatorId} duplicates={[duplicateOf(c)]} onNavigate={() => {}} />,
      t,
      reviewer,
    );
    expect(screen.getByText(c.duplicate.name, { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Merge/ })).toBeNull();
  });
});
