import { screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  interruptedBulkJob,
  LONG_BULK_COUNT,
  readBulkJob,
  seedCreators,
  storedStatuses,
} from '#tests/component/bulk-jobs.ts';
import { cancelReasonIdOf, giveCancelReason } from '#tests/component/creators.ts';
import { loadAdminTexts, renderAsAdmin } from '#tests/component/render.tsx';
import { setUpTestApp } from '#tests/setup/test-app.ts';
import { useBulkSelection } from '../lib/use-bulk-selection.ts';
import { CreatorBulkBar } from './creator-bulk-bar.tsx';
import { CreatorBulkJobWatcher } from './creator-bulk-job-watcher.tsx';

// Every bulk request is answered with its job at once here, as a long one is after a few seconds.
const t = setUpTestApp({ config: { bulkReplyWithinMs: 0 } });

const COUNT = LONG_BULK_COUNT;
/** Counts as the screen writes them in English: more than a thousand take a separator. */
const shown = (count: number) => count.toLocaleString('en');

/** A matched list with every creator in `creatorIds` ticked, and the watcher the admin pages carry. */
function MatchedListWithBar({ creatorIds }: { creatorIds: readonly string[] }) {
  const selection = useBulkSelection();
  const { setMany } = selection;
  useEffect(() => setMany(creatorIds, true), [setMany, creatorIds]);
  return (
    <>
      <CreatorBulkBar selection={selection} filter={{ status: 'matched' }} total={creatorIds.length} totalIsExact />
      <CreatorBulkJobWatcher />
    </>
  );
}

beforeAll(loadAdminTexts);
afterEach(() => window.sessionStorage.clear());

describe('CreatorBulkJobWatcher (docs/decisions/034)', () => {
  it('shows a long bulk action’s progress, follows it to another page, and shows its summary there', {
    timeout: 60_000,
  }, async () => {
    const creatorIds = await seedCreators(t, 'matched', COUNT);
    const { user, api, unmount } = await renderAsAdmin(<MatchedListWithBar creatorIds={creatorIds} />, t);

    await user.click(screen.getByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to cancelled' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Apply to the selected creators?' });
    await giveCancelReason(user);
    await user.click(
      await within(confirm).findByRole('button', { name: `Move ${shown(COUNT)} creators to cancelled` }),
    );

    const progress = await screen.findByRole('dialog', { name: 'Bulk action in progress' });
    const bar = within(progress).getByRole('progressbar', { name: 'Bulk action in progress' });
    expect(bar.getAttribute('aria-valuemax')).toBe(String(COUNT));
    expect(bar.getAttribute('aria-valuetext')).toMatch(new RegExp(`^[\\d,]+ of ${shown(COUNT)} creators$`));
    const [{ jobId }] = JSON.parse(window.sessionStorage.getItem('admin.bulkJobs') ?? '[]');
    // First the confirmation's dry run counts them, then the action runs.
    const cancelReasonId = await cancelReasonIdOf(t, 'no_response');
    const calls = api.calls.filter((call) => call.path !== '/api/admin/cancel-reasons');
    expect(calls.slice(0, 2)).toEqual([
      {
        method: 'POST',
        path: '/api/admin/creators/bulk',
        body: { action: 'status', status: 'cancelled', creatorIds, dryRun: true },
      },
      {
        method: 'POST',
        path: '/api/admin/creators/bulk',
        body: { action: 'status', status: 'cancelled', creatorIds, cancelReasonId, cancelNote: null },
      },
    ]);
    // The screen follows the job at the address the 202 gave.
    expect(calls.slice(2).every((call) => call.path === `/api/admin/creators/bulk/jobs/${jobId}`)).toBe(true);

    // The admin goes on working: the progress folds into a button, and they leave this page.
    await user.click(within(progress).getByRole('button', { name: 'Keep working' }));
    expect(screen.queryByRole('dialog', { name: 'Bulk action in progress' })).toBeNull();
    unmount();

    // Another admin page: only the watcher every admin page carries.
    await renderAsAdmin(<CreatorBulkJobWatcher />, t);
    const result = await screen.findByRole('dialog', { name: 'Bulk action finished' }, { timeout: 45_000 });
    expect(within(result).getByText(`Done: ${shown(COUNT)}`)).toBeTruthy();
    expect(await readBulkJob(t, jobId)).toMatchObject({ state: 'done', done: COUNT });
    expect(new Set(await storedStatuses(t, creatorIds))).toEqual(new Set(['cancelled']));

    await user.click(within(result).getByRole('button', { name: 'Done' }));
    expect(window.sessionStorage.getItem('admin.bulkJobs')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the server stopped before the job ended, beside what it did change', {
    timeout: 60_000,
  }, async () => {
    const job = await interruptedBulkJob(t, await seedCreators(t, 'matched', LONG_BULK_COUNT));
    expect(job.state).toBe('interrupted');
    // The tab that started it comes back to the back office after the restart.
    window.sessionStorage.setItem(
      'admin.bulkJobs',
      JSON.stringify([{ jobId: job.jobId, action: 'status', total: job.total }]),
    );

    await renderAsAdmin(<CreatorBulkJobWatcher />, t);

    const result = await screen.findByRole('dialog', { name: 'Bulk action finished' });
    expect(within(result).getByRole('alert').textContent).toContain(
      `${shown(job.total - job.done)} creators were not handled`,
    );
    expect(within(result).getByText(`Done: ${shown(job.done)}`)).toBeTruthy();
  });

  it('follows a bulk undo that outlasts its request to the toast saying how many were put back', {
    timeout: 60_000,
  }, async () => {
    const creatorIds = await seedCreators(t, 'matched', 3);
    const { user, api } = await renderAsAdmin(<MatchedListWithBar creatorIds={creatorIds} />, t);
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to cancelled' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Apply to the selected creators?' });
    await giveCancelReason(user);
    await user.click(await within(confirm).findByRole('button', { name: 'Move 3 creators to cancelled' }));
    const summary = await screen.findByRole('dialog', { name: 'Bulk action finished' }, { timeout: 30_000 });

    await user.click(within(summary).getByRole('button', { name: 'Undo these 3 changes' }));

    // The undo came back as a job too; the watcher follows it and says what it did, as a quick undo does.
    await waitFor(
      () => {
        const toasts = [...document.querySelectorAll('[data-sonner-toast]')].map((toast) => toast.textContent);
        expect(toasts.some((text) => text?.includes('3 creators are back where they were.'))).toBe(true);
      },
      { timeout: 30_000 },
    );
    const undoCall = api.calls.find((call) => call.path === '/api/admin/creators/bulk/undo');
    expect(undoCall?.method).toBe('POST');
    expect(new Set(await storedStatuses(t, creatorIds))).toEqual(new Set(['matched']));
    expect(screen.queryByRole('dialog', { name: 'Bulk action finished' })).toBeNull();
    expect(window.sessionStorage.getItem('admin.bulkJobs')).toBeNull();
  });
});
