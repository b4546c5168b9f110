import { describe, expect, it } from 'vitest';
import { bulkOfferFor } from './bulk-actions.ts';

describe('bulkOfferFor', () => {
  it("offers on a status page only what that status's machine allows", () => {
    expect(bulkOfferFor('pending', true)).toEqual({ targets: [], canSendStage2: true, canDelete: true });
    expect(bulkOfferFor('stage2_sent', true)).toEqual({ targets: [], canSendStage2: true, canDelete: false });
    expect(bulkOfferFor('listed', true)).toEqual({ targets: ['matched'], canSendStage2: false, canDelete: false });
    expect(bulkOfferFor('matched', true)).toEqual({
      targets: ['finalized', 'cancelled'],
      canSendStage2: false,
      canDelete: false,
    });
    expect(bulkOfferFor('finalized', true)).toEqual({ targets: [], canSendStage2: false, canDelete: false });
  });

  it('offers everything on a mixed list, and delete only to a role that may delete', () => {
    expect(bulkOfferFor(undefined, true)).toEqual({
      targets: ['matched', 'finalized', 'cancelled'],
      canSendStage2: true,
      canDelete: true,
    });
    expect(bulkOfferFor(undefined, false).canDelete).toBe(false);
    expect(bulkOfferFor('pending', false).canDelete).toBe(false);
  });
});
