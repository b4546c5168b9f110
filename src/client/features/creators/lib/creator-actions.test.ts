import { describe, expect, it } from 'vitest';
import { CREATOR_STATUSES } from '#shared/creator-status.ts';
import { actionsFor, canDelete, isCompleted } from './creator-actions.ts';

describe('creator row actions (product §4)', () => {
  it('offers each status the buttons of the spec', () => {
    expect(Object.fromEntries(CREATOR_STATUSES.map((status) => [status, actionsFor(status)]))).toEqual({
      pending: [{ kind: 'sendStage2', isResend: false }, { kind: 'listDirectly' }],
      stage2_sent: [{ kind: 'sendStage2', isResend: true }],
      stage2_submitted: [{ kind: 'list', isRelist: false }],
      listed: [{ kind: 'setStatus', to: 'matched' }],
      matched: [
        { kind: 'setStatus', to: 'finalized' },
        { kind: 'setStatus', to: 'cancelled' },
      ],
      finalized: [],
      cancelled: [{ kind: 'list', isRelist: true }],
    });
  });

  it('lets only pending creators be deleted and shows finalized ones as completed', () => {
    expect(CREATOR_STATUSES.filter(canDelete)).toEqual(['pending']);
    expect(CREATOR_STATUSES.filter(isCompleted)).toEqual(['finalized']);
  });
});
