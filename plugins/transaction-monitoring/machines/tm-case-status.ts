// Transaction-monitoring case (investigation) statuses of spec 4: pre-open, open,
// pre-closed, closed. Closing takes two steps, the way review teams work: an investigator
// requests it (pre-closed) and a holder of MANAGE_TM approves or sends it back; MANAGE_TM
// also reopens closed cases. The page reads what is allowed with snapshot.can(...),
// persists a change on STATUS_CHANGED and sends SYNC with the server's status whenever
// it learns one (page load, realtime case_status_changes, a failed save).
import { assign, emit, setup } from 'xstate';

export const TM_CASE_STATUSES = ['pre-open', 'open', 'pre-closed', 'closed'] as const;
export type TmCaseStatus = (typeof TM_CASE_STATUSES)[number];

/** Investigators work cases with either code. */
export const TM_INVESTIGATE = ['MANAGE_TM_CASES', 'MANAGE_TM'] as const;
/** Approving, rejecting a close request and reopening are for supervisors. */
export const TM_APPROVE = ['MANAGE_TM'] as const;

export type TmCaseAction = 'OPEN' | 'REQUEST_CLOSE' | 'APPROVE_CLOSE' | 'REJECT_CLOSE' | 'REOPEN';

export const TM_CASE_ACTION_LABELS: Record<TmCaseAction, string> = {
  OPEN: 'Open',
  REQUEST_CLOSE: 'Request close',
  APPROVE_CLOSE: 'Approve close',
  REJECT_CLOSE: 'Send back',
  REOPEN: 'Reopen',
};

export type TmCaseEvent =
  | { type: TmCaseAction; comment?: string }
  | { type: 'SYNC'; status: TmCaseStatus }
  | { type: 'SET_PERMISSIONS'; permissions: readonly string[] };

export type TmCaseEmitted = {
  type: 'STATUS_CHANGED';
  from: TmCaseStatus;
  to: TmCaseStatus;
  action: TmCaseAction;
  comment?: string;
};

export interface TmCaseContext {
  status: TmCaseStatus;
  /** The member's permission codes in the current client ('ADMIN' for administrators). */
  permissions: readonly string[];
}

export interface TmCaseInput {
  status?: TmCaseStatus;
  permissions?: readonly string[];
}

function holds(context: TmCaseContext, codes: readonly string[]): boolean {
  return context.permissions.includes('ADMIN') || codes.some((c) => context.permissions.includes(c));
}

function changed(context: TmCaseContext, event: TmCaseEvent, to: TmCaseStatus): TmCaseEmitted {
  return {
    type: 'STATUS_CHANGED',
    from: context.status,
    to,
    action: event.type as TmCaseAction,
    ...('comment' in event && event.comment ? { comment: event.comment } : {}),
  };
}

const is = (status: TmCaseStatus) => ({ context }: { context: TmCaseContext }) => context.status === status;

/** The actions the current member may take now, in the order buttons show them. */
export function availableTmCaseActions(snapshot: { can(event: TmCaseEvent): boolean }): TmCaseAction[] {
  const all: TmCaseAction[] = ['OPEN', 'REQUEST_CLOSE', 'APPROVE_CLOSE', 'REJECT_CLOSE', 'REOPEN'];
  return all.filter((type) => snapshot.can({ type }));
}

export const tmCaseStatusMachine = setup({
  types: {
    context: {} as TmCaseContext,
    events: {} as TmCaseEvent,
    input: {} as TmCaseInput | undefined,
    emitted: {} as TmCaseEmitted,
  },
  actions: {
    storeStatus: assign(({ event }) => (event.type === 'SYNC' ? { status: event.status } : {})),
    storePermissions: assign(({ event }) => (event.type === 'SET_PERMISSIONS' ? { permissions: event.permissions } : {})),
    markPreOpen: assign({ status: 'pre-open' as TmCaseStatus }),
    markOpen: assign({ status: 'open' as TmCaseStatus }),
    markPreClosed: assign({ status: 'pre-closed' as TmCaseStatus }),
    markClosed: assign({ status: 'closed' as TmCaseStatus }),
    changedToOpen: emit(({ context, event }) => changed(context, event, 'open')),
    changedToPreClosed: emit(({ context, event }) => changed(context, event, 'pre-closed')),
    changedToClosed: emit(({ context, event }) => changed(context, event, 'closed')),
  },
  guards: {
    canInvestigate: ({ context }) => holds(context, TM_INVESTIGATE),
    canApprove: ({ context }) => holds(context, TM_APPROVE),
    isPreOpen: is('pre-open'),
    isOpen: is('open'),
    isPreClosed: is('pre-closed'),
  },
}).createMachine({
  id: 'tmCaseStatus',
  description: 'Transaction-monitoring case status: pre-open, open, pre-closed, closed.',
  context: ({ input }) => ({ status: input?.status ?? 'pre-open', permissions: input?.permissions ?? [] }),
  initial: 'resolving',
  on: {
    SYNC: { target: '.resolving', actions: 'storeStatus' },
    SET_PERMISSIONS: { actions: 'storePermissions' },
  },
  states: {
    // Starts (and re-syncs) in whatever status the server holds.
    resolving: {
      always: [
        { guard: 'isPreOpen', target: 'pre-open' },
        { guard: 'isOpen', target: 'open' },
        { guard: 'isPreClosed', target: 'pre-closed' },
        { target: 'closed' },
      ],
    },
    'pre-open': {
      entry: 'markPreOpen',
      on: {
        OPEN: { guard: 'canInvestigate', target: 'open', actions: 'changedToOpen' },
        // An alert that is plainly a false positive can go to review without being worked.
        REQUEST_CLOSE: { guard: 'canInvestigate', target: 'pre-closed', actions: 'changedToPreClosed' },
      },
    },
    open: {
      entry: 'markOpen',
      on: {
        REQUEST_CLOSE: { guard: 'canInvestigate', target: 'pre-closed', actions: 'changedToPreClosed' },
      },
    },
    'pre-closed': {
      entry: 'markPreClosed',
      on: {
        APPROVE_CLOSE: { guard: 'canApprove', target: 'closed', actions: 'changedToClosed' },
        REJECT_CLOSE: { guard: 'canApprove', target: 'open', actions: 'changedToOpen' },
      },
    },
    closed: {
      entry: 'markClosed',
      on: {
        REOPEN: { guard: 'canApprove', target: 'open', actions: 'changedToOpen' },
      },
    },
  },
});

export type TmCaseStatusMachine = typeof tmCaseStatusMachine;
