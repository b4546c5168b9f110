import { describe, expect, it } from 'vitest';
import { boardMovesFrom, boardRefusal } from './board-moves.ts';

describe('boardMovesFrom', () => {
  it.each([
    [
      'pending',
      [
        { to: 'stage2_sent', action: 'sendStage2' },
        { to: 'listed', action: 'listDirectly' },
      ],
    ],
    ['stage2_sent', []],
    ['stage2_submitted', [{ to: 'listed', action: 'list' }]],
    ['listed', [{ to: 'matched', action: 'markMatched' }]],
    [
      'matched',
      [
        { to: 'finalized', action: 'finalize' },
        { to: 'cancelled', action: 'cancel' },
      ],
    ],
    ['finalized', []],
    ['cancelled', [{ to: 'listed', action: 'relist' }]],
  ] as const)('offers a %s card the columns of the row buttons that move her: %j', (status, moves) => {
    expect(boardMovesFrom(status)).toEqual(moves);
  });

  it('leaves out a move the role may not make', () => {
    expect(boardMovesFrom('matched', (permission) => permission === null)).toHaveLength(2);
    expect(boardMovesFrom('matched', () => false)).toEqual([]);
  });
});

describe('boardRefusal', () => {
  it('says nothing for a legal move or a drop back home', () => {
    expect(boardRefusal('matched', 'cancelled')).toBeUndefined();
    expect(boardRefusal('matched', 'matched')).toBeUndefined();
  });

  it('tells a finished creator, a move only she makes and any other apart', () => {
    expect(boardRefusal('finalized', 'cancelled')).toBe('final');
    expect(boardRefusal('stage2_sent', 'stage2_submitted')).toBe('creatorOnly');
    expect(boardRefusal('pending', 'matched')).toBe('notAllowed');
  });
});
