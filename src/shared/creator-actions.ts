import type { Permission } from './admin-roles.ts';
import { CREATOR_STATUSES, type CreatorStatus } from './creator-status.ts';

/** The API call that carries an action; the server checks each call against the table. */
export type ActionCall = 'sendStage2' | 'listDirectly' | 'status' | 'delete' | 'submitStage2';

/**
 * What the person acting gives before it runs: nothing (one click), the marketplace listing (URL required,
 * hub id optional), a confirmation (it cannot be undone), or the creator's stage-2 answers.
 */
export type ActionAsks = 'nothing' | 'listing' | 'confirmation' | 'stage2Answers';

/** The bulk request's `action` that runs an action for many creators (docs/decisions/027). */
export type BulkWorkKind = 'status' | 'stage2' | 'delete';

interface ActionRuleBase {
  /** Staff press it; the creator's own moves (answering stage 2) are legal but on no admin screen. */
  by: 'admin' | 'creator';
  from: readonly CreatorStatus[];
  call: ActionCall;
  asks: ActionAsks;
  /** Null when it is done one creator at a time only. */
  bulk: BulkWorkKind | null;
  /** The role permission it needs beyond being signed in (architecture §5). */
  permission: Permission | null;
}

/** An action that moves the creator, and the activity log's `action` text it writes (architecture §4). */
export interface MoveRule extends ActionRuleBase {
  to: CreatorStatus;
  activity: string;
}

/** An action that removes the creator: the activity log goes with it, so it writes none. */
export interface RemoveRule extends ActionRuleBase {
  to: null;
  activity: null;
}

export type CreatorActionRule = MoveRule | RemoveRule;
export type CreatorActionTable = Readonly<Record<string, CreatorActionRule>>;

/**
 * The status machine of product §4 as its actions, written once: the legal moves, the server's checks of
 * each call, the row and card buttons (in this order), the bulk bar's offer and the role each needs are
 * all derived from it. Actions that differ on screen or in the activity log (Send Stage 2 and Send Again)
 * are rows of their own even when one call makes both. Each row says enough for a screen to run it without
 * knowing the action: where it applies, where it leads, the call to make and what to ask first.
 */
export const CREATOR_ACTIONS = {
  sendStage2: {
    by: 'admin',
    from: ['pending'],
    to: 'stage2_sent',
    call: 'sendStage2',
    asks: 'nothing',
    activity: 'Stage 2 link generated',
    bulk: 'stage2',
    permission: null,
  },
  // A new link replaces (and so kills) the old one.
  sendAgain: {
    by: 'admin',
    from: ['stage2_sent'],
    to: 'stage2_sent',
    call: 'sendStage2',
    asks: 'nothing',
    activity: 'Stage 2 link regenerated',
    bulk: 'stage2',
    permission: null,
  },
  listDirectly: {
    by: 'admin',
    from: ['pending'],
    to: 'listed',
    call: 'listDirectly',
    asks: 'listing',
    activity: 'Listed directly',
    bulk: null,
    permission: null,
  },
  // Every way to listed needs that creator's own marketplace URL, so none of them is a bulk action.
  list: {
    by: 'admin',
    from: ['stage2_submitted'],
    to: 'listed',
    call: 'status',
    asks: 'listing',
    activity: 'Status changed to listed',
    bulk: null,
    permission: null,
  },
  relist: {
    by: 'admin',
    from: ['cancelled'],
    to: 'listed',
    call: 'status',
    asks: 'listing',
    activity: 'Status changed to listed',
    bulk: null,
    permission: null,
  },
  markMatched: {
    by: 'admin',
    from: ['listed'],
    to: 'matched',
    call: 'status',
    asks: 'nothing',
    activity: 'Status changed to matched',
    bulk: 'status',
    permission: null,
  },
  finalize: {
    by: 'admin',
    from: ['matched'],
    to: 'finalized',
    call: 'status',
    asks: 'nothing',
    activity: 'Status changed to finalized',
    bulk: 'status',
    permission: null,
  },
  cancel: {
    by: 'admin',
    from: ['matched'],
    to: 'cancelled',
    call: 'status',
    asks: 'nothing',
    activity: 'Status changed to cancelled',
    bulk: 'status',
    permission: null,
  },
  // Permanent (product §9), so an owner's. The DELETE call itself is also the erasure of a creator's data
  // and takes any status; the button and the bulk action keep to pending applications.
  delete: {
    by: 'admin',
    from: ['pending'],
    to: null,
    call: 'delete',
    asks: 'confirmation',
    activity: null,
    bulk: 'delete',
    permission: 'deleteCreators',
  },
  submitStage2: {
    by: 'creator',
    from: ['stage2_sent'],
    to: 'stage2_submitted',
    call: 'submitStage2',
    asks: 'stage2Answers',
    activity: 'Stage 2 submitted',
    bulk: null,
    permission: null,
  },
  // Re-opening the link prefills the answers and replaces them.
  resubmitStage2: {
    by: 'creator',
    from: ['stage2_submitted'],
    to: 'stage2_submitted',
    call: 'submitStage2',
    asks: 'stage2Answers',
    activity: 'Stage 2 re-submitted',
    bulk: null,
    permission: null,
  },
} as const satisfies CreatorActionTable;

/** The activity entry an application starts with; the applicant writes it, so it is no action of the table. */
export const SUBMITTED_ACTIVITY = 'Application submitted';

/**
 * Entries of her own page (decision 047): her withdrawal (to cancelled, from any open status; no staff screen
 * makes it, so it is no action of the table), and staff issuing or revoking her page's link.
 */
export const WITHDRAWN_ACTIVITY = 'Withdrawn by the applicant';
export const PAGE_LINK_ISSUED_ACTIVITY = 'Own page link issued';
export const PAGE_LINK_REVOKED_ACTIVITY = 'Own page link revoked';
/** Who the activity log names for what she does on her own page. */
export const OWN_PAGE_PERFORMER = 'own page';

type Actions = typeof CREATOR_ACTIONS;
export type CreatorActionName = keyof Actions;
/** The actions staff take: each is a button on the creator's row and card. */
export type AdminActionName = {
  [K in CreatorActionName]: Actions[K]['by'] extends 'admin' ? K : never;
}[CreatorActionName];
/** The statuses a bulk status change may move creators to. */
export type BulkTargetStatus = {
  [K in CreatorActionName]: Actions[K]['bulk'] extends 'status' ? Actions[K]['to'] : never;
}[CreatorActionName];

export interface CreatorMachine {
  /** Each status's reachable statuses. */
  transitions: Readonly<Record<CreatorStatus, readonly CreatorStatus[]>>;
  canTransition(from: CreatorStatus, to: CreatorStatus): boolean;
  /**
   * The action a call makes from a status (for PATCH …/status, the one reaching `to`), or undefined when the
   * call may not be made from there: the server's check before any change (409 otherwise).
   */
  moveMaking(call: ActionCall, from: CreatorStatus, to?: CreatorStatus): MoveRule | undefined;
  /** Staff's actions from a status, in the table's order: the row and card buttons. */
  adminActionsFrom(status: CreatorStatus): AdminActionName[];
  /** Nothing more can happen to a creator in this status (product §4: it shows "Completed"). */
  isFinal(status: CreatorStatus): boolean;
  /** What bulk may run on creators of a status, or of any status when none is given. */
  bulkActionsFrom(status: CreatorStatus | undefined): AdminActionName[];
  /** The statuses a bulk status change may reach, in the table's order. */
  bulkTargets: readonly BulkTargetStatus[];
  /** The statuses a bulk action of this kind may start from. */
  bulkFrom(kind: BulkWorkKind): CreatorStatus[];
  /** The permissions a bulk request of this kind needs: the role decides the whole request. */
  bulkPermissions(kind: BulkWorkKind): Permission[];
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** Everything the rest of the code knows about the machine, read from a table of actions. */
export function describeMachine(table: CreatorActionTable): CreatorMachine {
  const entries = Object.entries(table) as [AdminActionName, CreatorActionRule][];
  const moves = entries.flatMap(([, rule]) => (rule.to === null ? [] : [rule]));
  const transitions = Object.fromEntries(
    CREATOR_STATUSES.map((from) => [
      from,
      unique(moves.filter((rule) => rule.from.includes(from)).map((rule) => rule.to)),
    ]),
  ) as Record<CreatorStatus, CreatorStatus[]>;
  const ofBulk = (kind: BulkWorkKind) => entries.filter(([, rule]) => rule.bulk === kind).map(([, rule]) => rule);

  return {
    transitions,
    canTransition: (from, to) => transitions[from].includes(to),
    moveMaking: (call, from, to) =>
      moves.find((rule) => rule.call === call && rule.from.includes(from) && (to === undefined || rule.to === to)),
    adminActionsFrom: (status) =>
      entries.filter(([, rule]) => rule.by === 'admin' && rule.from.includes(status)).map(([name]) => name),
    isFinal: (status) => !entries.some(([, rule]) => rule.from.includes(status)),
    bulkActionsFrom: (status) =>
      entries
        .filter(([, rule]) => rule.bulk !== null && (status === undefined || rule.from.includes(status)))
        .map(([name]) => name),
    bulkTargets: unique(ofBulk('status').flatMap((rule) => (rule.to === null ? [] : [rule.to as BulkTargetStatus]))),
    bulkFrom: (kind) => unique(ofBulk(kind).flatMap((rule) => rule.from)),
    bulkPermissions: (kind) => unique(ofBulk(kind).flatMap((rule) => (rule.permission ? [rule.permission] : []))),
  };
}

/** The machine of product §4, as every side reads it. */
export const CREATOR_MACHINE: CreatorMachine = describeMachine(CREATOR_ACTIONS);

export const TRANSITIONS = CREATOR_MACHINE.transitions;

export function canTransition(from: CreatorStatus, to: CreatorStatus): boolean {
  return CREATOR_MACHINE.canTransition(from, to);
}

/** The activity log's `action` text of a change taken back (docs/decisions/033). */
export const UNDO_ACTIVITY = 'Change undone';

/** The table's name of an action, for the server to remember which action a change was. */
export function actionNameOf(rule: CreatorActionRule): CreatorActionName | undefined {
  return (Object.keys(CREATOR_ACTIONS) as CreatorActionName[]).find((name) => CREATOR_ACTIONS[name] === rule);
}

/**
 * The action a change was, when staff may take it back: every move staff make. The creator's own moves are
 * hers, and a removal leaves nothing to put back. Taking a change back needs the role its action needs.
 */
export function undoableAction(name: string): MoveRule | undefined {
  if (!Object.hasOwn(CREATOR_ACTIONS, name)) return undefined;
  const rule: CreatorActionRule = CREATOR_ACTIONS[name as CreatorActionName];
  return rule.by === 'admin' && rule.to !== null ? rule : undefined;
}
