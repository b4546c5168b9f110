import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  changedReads,
  READ_UNDER_EVERY_ROOT,
  type Reads,
  runMutation,
  seededClient,
  stubServer,
} from '#client/lib/query-keys.test-support.ts';
import type { AdminRecruiter } from '#shared/replies/recruiters.ts';
import { createRecruiterMutation } from './create-recruiter.ts';
import { deleteRecruiterMutation } from './delete-recruiter.ts';
import { recruiterKeys } from './query-keys.ts';
import { updateRecruiterEmailMutation } from './update-recruiter-email.ts';

const MARIA = '0b6c4f0e-8a57-4b8e-9d1c-2f3a4b5c6d7e';
const JOAO = '5d4c3b2a-1f0e-4d9c-8b7a-6e5f4d3c2b1a';

const maria: AdminRecruiter = {
  id: MARIA,
  name: 'Maria',
  email: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  applicationsCount: 2,
};

const READS: Reads = {
  ...READ_UNDER_EVERY_ROOT,
  mariaListings: recruiterKeys.listings(MARIA, 'all', 'first'),
  joaoListings: recruiterKeys.listings(JOAO, 'listed', { cursor: 'abc' }),
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('recruiter mutations refresh only the reads their change shows in', () => {
  it('adding one: the admin list and the public form’s list', async () => {
    stubServer({ 'POST /api/admin/recruiters': maria });
    const client = seededClient(READS);
    await runMutation(client, createRecruiterMutation, { name: 'Maria', email: null });
    expect(changedReads(client, READS)).toEqual({ stale: ['publicRecruiters', 'recruiters'], removed: [] });
  });

  it('an e-mail: the admin list alone, with the new address shown at once', async () => {
    const updated = { ...maria, email: 'maria@rollick.example' };
    stubServer({ [`PATCH /api/admin/recruiters/${MARIA}`]: updated });
    const client = seededClient(READS);
    client.setQueryData(recruiterKeys.list(), [maria]);
    await runMutation(client, updateRecruiterEmailMutation, { id: MARIA, email: updated.email });
    expect(client.getQueryData(recruiterKeys.list())).toEqual([updated]);
    expect(client.getQueryState(recruiterKeys.list())?.isInvalidated).toBe(true);
    expect(changedReads(client, READS)).toEqual({ stale: ['recruiters'], removed: [] });
  });

  it('a delete: both lists, the insights’ names, the creators who lose the link; its listings go', async () => {
    stubServer({
      [`DELETE /api/admin/recruiters/${MARIA}`]: { associatedApplicationsCount: 2, message: 'Recruiter Maria deleted' },
    });
    const client = seededClient(READS);
    await runMutation(client, deleteRecruiterMutation, MARIA);
    expect(changedReads(client, READS)).toEqual({
      stale: ['creators', 'dashboard', 'insights', 'publicRecruiters', 'recruiters', 'savedViews'],
      removed: ['mariaListings'],
    });
  });
});
