import { describe, expect, it } from 'vitest';
import { type AdminRole, can, type Permission } from '#shared/admin-roles.ts';
import { bulkOfferFor } from './bulk-actions.ts';

/** What a role may run, as the admin shell's role check answers it. */
const as = (role: AdminRole) => (permission: Permission | null) => permission === null || can(role, permission);
const owner = as('owner');
const reviewer = as('reviewer');

describe('bulkOfferFor', () => {
  it("offers on a status page only what that status's machine allows", () => {
    expect(bulkOfferFor('pending', owner)).toEqual({ targets: [], canSendStage2: true, canDelete: true });
    expect(bulkOfferFor('stage2_sent', owner)).toEqual({ targets: [], canSendStage2: true, canDelete: false });
    expect(bulkOfferFor('listed', owner)).toEqual({ targets: ['matched'], canSendStage2: false, canDelete: false });
    expect(bulkOfferFor('matched', owner)).toEqual({
      targets: ['finalized', 'cancelled'],
      canSendStage2: false,
      canDelete: false,
    });
    expect(bulkOfferFor('finalized', owner)).toEqual({ targets: [], canSendStage2: false, canDelete: false });
  });

  it('offers everything on a mixed list, and delete only to a role that may delete', () => {
    expect(bulkOfferFor(undefined, owner)).toEqual({
      targets: ['matched', 'finalized', 'cancelled'],
      canSendStage2: true,
      canDelete: true,
    });
    expect(bulkOfferFor(undefined, reviewer).canDelete).toBe(false);
    expect(bulkOfferFor('pending', reviewer).canDelete).toBe(false);
  });
});
