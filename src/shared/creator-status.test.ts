import { describe, expect, it } from 'vitest';
import { canTransition, TRANSITIONS } from './creator-actions.ts';
import { CREATOR_STATUSES, isCreatorStatus, statusLabel } from './creator-status.ts';

describe('creator status machine', () => {
  it('allows exactly the transitions of architecture §4', () => {
    const allowed = CREATOR_STATUSES.flatMap((from) =>
      CREATOR_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed).toEqual([
      'pending->stage2_sent',
      'pending->listed',
      'stage2_sent->stage2_sent',
      'stage2_sent->stage2_submitted',
      'stage2_submitted->stage2_submitted',
      'stage2_submitted->listed',
      'listed->matched',
      'matched->finalized',
      'matched->cancelled',
      'cancelled->listed',
    ]);
  });

  it('makes finalized final', () => {
    expect(TRANSITIONS.finalized).toEqual([]);
  });

  it('recognises statuses and rejects anything else', () => {
    expect(isCreatorStatus('listed')).toBe(true);
    expect(isCreatorStatus('LISTED')).toBe(false);
    expect(isCreatorStatus('deleted')).toBe(false);
    expect(isCreatorStatus(undefined)).toBe(false);
  });

  it('shows underscores as spaces', () => {
    expect(statusLabel('stage2_submitted')).toBe('stage2 submitted');
  });
});
