import { describe, expect, it } from 'vitest';
import {
  type AdminActionName,
  actionNameOf,
  CREATOR_ACTIONS,
  CREATOR_MACHINE,
  type CreatorActionName,
  type CreatorActionTable,
  describeMachine,
  undoableAction,
} from './creator-actions.ts';
import { CREATOR_STATUSES } from './creator-status.ts';

const ACTION_NAMES = Object.keys(CREATOR_ACTIONS) as CreatorActionName[];

function tableWithout(name: CreatorActionName): CreatorActionTable {
  const { [name]: _removed, ...rest } = CREATOR_ACTIONS;
  return rest;
}

describe('the creator actions table (product §4)', () => {
  it('gives each status the buttons of the spec, in order', () => {
    expect(
      Object.fromEntries(CREATOR_STATUSES.map((status) => [status, CREATOR_MACHINE.adminActionsFrom(status)])),
    ).toEqual({
      pending: ['sendStage2', 'listDirectly', 'delete'],
      stage2_sent: ['sendAgain'],
      stage2_submitted: ['list'],
      listed: ['markMatched'],
      matched: ['finalize', 'cancel'],
      finalized: [],
      cancelled: ['relist'],
    });
  });

  it('makes only finalized final; the creator’s own stage-2 answers keep the stage-2 statuses open', () => {
    expect(CREATOR_STATUSES.filter(CREATOR_MACHINE.isFinal)).toEqual(['finalized']);
    expect(CREATOR_MACHINE.moveMaking('submitStage2', 'stage2_sent')?.to).toBe('stage2_submitted');
    expect(CREATOR_MACHINE.moveMaking('submitStage2', 'stage2_submitted')?.to).toBe('stage2_submitted');
    expect(CREATOR_MACHINE.adminActionsFrom('stage2_sent')).not.toContain('submitStage2');
  });

  it('writes the activity log’s texts of architecture §4', () => {
    const activity = Object.fromEntries(ACTION_NAMES.map((name) => [name, CREATOR_ACTIONS[name].activity]));
    expect(activity).toEqual({
      sendStage2: 'Stage 2 link generated',
      sendAgain: 'Stage 2 link regenerated',
      listDirectly: 'Listed directly',
      list: 'Status changed to listed',
      relist: 'Status changed to listed',
      markMatched: 'Status changed to matched',
      finalize: 'Status changed to finalized',
      cancel: 'Status changed to cancelled',
      delete: null,
      submitStage2: 'Stage 2 submitted',
      resubmitStage2: 'Stage 2 re-submitted',
    });
  });

  it('lets each call make only its own moves (the server’s check)', () => {
    const movesOf = (call: Parameters<typeof CREATOR_MACHINE.moveMaking>[0]) =>
      CREATOR_STATUSES.flatMap((from) =>
        CREATOR_STATUSES.filter((to) => CREATOR_MACHINE.moveMaking(call, from, to)).map((to) => `${from}->${to}`),
      );
    expect(movesOf('sendStage2')).toEqual(['pending->stage2_sent', 'stage2_sent->stage2_sent']);
    expect(movesOf('listDirectly')).toEqual(['pending->listed']);
    // Entering stage2_sent needs a link, and pending → listed goes through list-directly.
    expect(movesOf('status')).toEqual([
      'stage2_submitted->listed',
      'listed->matched',
      'matched->finalized',
      'matched->cancelled',
      'cancelled->listed',
    ]);
    expect(movesOf('delete')).toEqual([]);
  });

  it('asks for the listing on every way to listed and a confirmation before deleting', () => {
    const asking = (asks: string) => ACTION_NAMES.filter((name) => CREATOR_ACTIONS[name].asks === asks);
    expect(asking('listing')).toEqual(['listDirectly', 'list', 'relist']);
    expect(asking('confirmation')).toEqual(['delete']);
  });

  it('offers bulk the status moves, stage-2 links and deleting pending creators, deleting to owners only', () => {
    expect(CREATOR_MACHINE.bulkTargets).toEqual(['matched', 'finalized', 'cancelled']);
    expect(CREATOR_MACHINE.bulkFrom('stage2')).toEqual(['pending', 'stage2_sent']);
    expect(CREATOR_MACHINE.bulkFrom('delete')).toEqual(['pending']);
    expect(CREATOR_MACHINE.bulkPermissions('delete')).toEqual(['deleteCreators']);
    expect(CREATOR_MACHINE.bulkPermissions('status')).toEqual([]);
    expect(CREATOR_MACHINE.bulkActionsFrom('pending')).toEqual(['sendStage2', 'delete']);
    expect(CREATOR_MACHINE.bulkActionsFrom('stage2_submitted')).toEqual([]);
  });
});

describe('removing an action from the table', () => {
  it.each(ACTION_NAMES)('removes %s from the moves, the server’s check, the buttons and bulk', (name) => {
    const rule = CREATOR_ACTIONS[name];
    const machine = describeMachine(tableWithout(name));
    for (const from of rule.from) {
      expect(machine.moveMaking(rule.call, from, rule.to ?? undefined)).toBeUndefined();
      if (rule.to !== null) expect(machine.canTransition(from, rule.to)).toBe(false);
    }
    for (const status of CREATOR_STATUSES) {
      expect(machine.adminActionsFrom(status)).not.toContain(name as AdminActionName);
      expect(machine.bulkActionsFrom(status)).not.toContain(name as AdminActionName);
    }
    expect(machine.bulkActionsFrom(undefined)).not.toContain(name as AdminActionName);
  });

  it('takes a bulk move’s target off the bulk status change, and deleting off bulk with its permission', () => {
    expect(describeMachine(tableWithout('cancel')).bulkTargets).toEqual(['matched', 'finalized']);
    const withoutDelete = describeMachine(tableWithout('delete'));
    expect(withoutDelete.bulkFrom('delete')).toEqual([]);
    expect(withoutDelete.bulkPermissions('delete')).toEqual([]);
  });
});

describe('undoableAction (docs/decisions/033)', () => {
  it('lets staff take back every move staff make, and nothing else', () => {
    const undoable = ACTION_NAMES.filter((name) => undoableAction(name) !== undefined);
    expect(undoable).toEqual([
      'sendStage2',
      'sendAgain',
      'listDirectly',
      'list',
      'relist',
      'markMatched',
      'finalize',
      'cancel',
    ]);
    expect(undoableAction('toString')).toBeUndefined();
  });

  it('names each rule by its place in the table', () => {
    for (const name of ACTION_NAMES) expect(actionNameOf(CREATOR_ACTIONS[name])).toBe(name);
  });
});
