import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  changedReads,
  READ_UNDER_EVERY_ROOT,
  type Reads,
  runMutation,
  seededClient,
  stubServer,
} from '#client/lib/query-keys.test-support.ts';
import { recruiterListingsRoot } from '#client/lib/query-keys.ts';
import type { BulkRequest } from '#shared/schemas/bulk.ts';
import { addCreatorNoteMutation } from './add-creator-note.ts';
import { changeCreatorStatusMutation } from './change-creator-status.ts';
import { deleteCreatorMutation } from './delete-creator.ts';
import { listCreatorDirectlyMutation } from './list-creator-directly.ts';
import { mergeCreatorsMutation } from './merge-creators.ts';
import { creatorKeys } from './query-keys.ts';
import { runBulkActionMutation } from './run-bulk-action.ts';

const ANA = 'RC-7KX3P9QD';
const BIA = 'RC-2M4N6P8R';
const ANA_RECRUITER = '0b6c4f0e-8a57-4b8e-9d1c-2f3a4b5c6d7e';
const OTHER_RECRUITER = '5d4c3b2a-1f0e-4d9c-8b7a-6e5f4d3c2b1a';

/** Every kind of read an admin may hold, the creators' own by their real keys. */
const READS: Reads = {
  ...READ_UNDER_EVERY_ROOT,
  anaDetail: creatorKeys.detail(ANA),
  biaDetail: creatorKeys.detail(BIA),
  pendingPage: creatorKeys.byStatus('pending', 'first', ''),
  listedSearch: creatorKeys.byStatus('listed', { cursor: 'abc' }, 'ana', { sort: 'oldest', sla: null }),
  anaRecruiterListings: [...recruiterListingsRoot(ANA_RECRUITER), 'all', 'first'],
  otherRecruiterListings: [...recruiterListingsRoot(OTHER_RECRUITER), 'listed', 'first'],
};

const anaListed = { creator: { creatorId: ANA, status: 'listed', recruiterId: ANA_RECRUITER } };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('creator mutations refresh only the reads their change shows in', () => {
  it('a status change: that creator, the status pages, dashboard, insights and its recruiter’s listings', async () => {
    stubServer({ [`PATCH /api/admin/creators/${ANA}/status`]: anaListed });
    const client = seededClient(READS);
    await runMutation(client, changeCreatorStatusMutation, { creatorId: ANA, status: 'matched' });
    expect(changedReads(client, READS)).toEqual({
      stale: [
        'anaDetail',
        'anaRecruiterListings',
        'dashboard',
        'insights',
        'listedSearch',
        'pendingPage',
        'savedViews',
      ],
      removed: [],
    });
  });

  it('a status change: the board’s columns too, as status lists', async () => {
    stubServer({ [`PATCH /api/admin/creators/${ANA}/status`]: anaListed });
    const boardReads: Reads = {
      pendingColumn: creatorKeys.boardColumn('pending', {}),
      mineMatchedColumn: creatorKeys.boardColumn('matched', { assignee: 'me' }),
    };
    const client = seededClient(boardReads);
    await runMutation(client, changeCreatorStatusMutation, { creatorId: ANA, status: 'matched' });
    expect(changedReads(client, boardReads)).toEqual({ stale: ['mineMatchedColumn', 'pendingColumn'], removed: [] });
  });

  it('listing directly: the same as a status change', async () => {
    stubServer({ [`PATCH /api/admin/creators/${ANA}/list-directly`]: anaListed });
    const client = seededClient(READS);
    await runMutation(client, listCreatorDirectlyMutation, {
      creatorId: ANA,
      rollickListingUrl: 'https://rollick.example/ana',
      rollickCreatorHubId: null,
    });
    expect(changedReads(client, READS).stale).toEqual([
      'anaDetail',
      'anaRecruiterListings',
      'dashboard',
      'insights',
      'listedSearch',
      'pendingPage',
      'savedViews',
    ]);
  });

  it('a note: that creator, the status pages and the dashboard (it stops the clock), not insights or listings', async () => {
    stubServer({ [`POST /api/admin/creators/${ANA}/notes`]: { entry: { id: '1', action: 'Note added' } } });
    const client = seededClient(READS);
    await runMutation(client, addCreatorNoteMutation, { creatorId: ANA, text: 'Called' });
    expect(changedReads(client, READS)).toEqual({
      stale: ['anaDetail', 'dashboard', 'listedSearch', 'pendingPage', 'savedViews'],
      removed: [],
    });
  });

  /** What deleting Ana changes, alone or in a bulk delete. */
  const ANA_DELETED = {
    stale: [
      'anaRecruiterListings',
      'dashboard',
      'deliveries',
      'listedSearch',
      'otherRecruiterListings',
      'pendingPage',
      'recruiterListings',
      'recruiters',
      'savedViews',
    ],
    removed: ['anaDetail'],
  };

  it('a delete: drops its details; lists, counts, listings, recruiter counts and alerts, not insights', async () => {
    stubServer({ [`DELETE /api/admin/creators/${ANA}`]: { message: `Creator ${ANA} deleted` } });
    const client = seededClient(READS);
    await runMutation(client, deleteCreatorMutation, ANA);
    expect(changedReads(client, READS)).toEqual(ANA_DELETED);
  });

  it('a merge: drops the removed details; every other detail, lists, counts, insights, listings and alerts', async () => {
    stubServer({
      [`POST /api/admin/creators/${BIA}/merge`]: { ...anaListed, creator: { ...anaListed.creator, creatorId: BIA } },
    });
    const client = seededClient(READS);
    await runMutation(client, mergeCreatorsMutation, { into: BIA, from: ANA, fields: {} });
    expect(changedReads(client, READS)).toEqual({
      stale: [
        'anaRecruiterListings',
        'biaDetail',
        'dashboard',
        'deliveries',
        'insights',
        'listedSearch',
        'otherRecruiterListings',
        'pendingPage',
        'recruiterListings',
        'recruiters',
        'savedViews',
      ],
      removed: ['anaDetail'],
    });
  });

  it('a bulk status change: every creator’s details and listings, the lists, dashboard and insights', async () => {
    const request: BulkRequest = { action: 'status', status: 'cancelled', creatorIds: [ANA, BIA] };
    stubServer({ 'POST /api/admin/creators/bulk': { action: 'status', succeeded: [ANA, BIA], failed: [] } });
    const client = seededClient(READS);
    await runMutation(client, runBulkActionMutation, request);
    expect(changedReads(client, READS)).toEqual({
      stale: [
        'anaDetail',
        'anaRecruiterListings',
        'biaDetail',
        'dashboard',
        'insights',
        'listedSearch',
        'otherRecruiterListings',
        'pendingPage',
        'recruiterListings',
        'savedViews',
      ],
      removed: [],
    });
  });

  it('a bulk delete, even one that failed half-way: as deletes, dropping the details of those deleted', async () => {
    const request: BulkRequest = { action: 'delete', creatorIds: [ANA, BIA] };
    stubServer({ 'POST /api/admin/creators/bulk': { action: 'delete', succeeded: [ANA], failed: [] } });
    const client = seededClient(READS);
    await runMutation(client, runBulkActionMutation, request);
    expect(changedReads(client, READS)).toEqual(ANA_DELETED);

    stubServer({});
    const failed = seededClient(READS);
    await expect(runMutation(failed, runBulkActionMutation, request)).rejects.toThrow();
    expect(changedReads(failed, READS).stale).toEqual(
      expect.arrayContaining(['deliveries', 'dashboard', 'pendingPage', 'recruiters']),
    );
  });

  it('never refreshes the account, the admins, the auth status, the public list or a stage-2 form', async () => {
    stubServer({ [`PATCH /api/admin/creators/${ANA}/status`]: anaListed });
    const client = seededClient(READS);
    await runMutation(client, changeCreatorStatusMutation, { creatorId: ANA, status: 'matched' });
    const { stale } = changedReads(client, READS);
    for (const untouched of ['account', 'admins', 'authStatus', 'publicRecruiters', 'stage2', 'deliveries']) {
      expect(stale).not.toContain(untouched);
    }
  });
});
