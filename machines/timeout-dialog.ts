// The session-expiry overlay of spec 2.3 and 4: hidden until the session worker sends a
// countdown, shown while it counts, continuing while the refresh call runs (Continue is
// disabled), hidden again once the session is refreshed, or logging out. The refresh
// call, telling the worker and the sign-out navigation are injected.
import { assign, fromPromise, setup } from 'xstate';

export const TIMEOUT_DIALOG_TEXTS = {
  title: 'You are about to be logged off',
  body: 'If you want to continue working, please press “Continue”. Otherwise, press “Log out”.',
  continue: 'Continue',
  logOut: 'Log out',
} as const;

/**
 * Milliseconds as minutes:seconds with two-digit seconds, never below 0:00. Partial
 * seconds round up, so a timer that fires a few ms late still reads the whole second.
 */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export type TimeoutDialogEvent =
  /** From the session worker: ms left, or null (or anything not a number) to clear. */
  | { type: 'UPDATE_TIME'; time: number | null }
  | { type: 'CONTINUE' }
  | { type: 'LOG_OUT' };

export interface TimeoutDialogContext {
  /** Ms left while shown; null when hidden. */
  time: number | null;
  error: unknown;
}

function timeOf(event: TimeoutDialogEvent): number | null {
  return event.type === 'UPDATE_TIME' && typeof event.time === 'number' && Number.isFinite(event.time)
    ? Math.max(0, event.time)
    : null;
}

export const timeoutDialogMachine = setup({
  types: {
    context: {} as TimeoutDialogContext,
    events: {} as TimeoutDialogEvent,
  },
  actors: {
    /**
     * Injected: the session-refresh call (spec 7). Its answer goes to refreshWorkerTime
     * untouched, so its type is the app's (actor logic is invariant in its output).
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    refreshSession: fromPromise<any, void>(() => new Promise(() => undefined)),
  },
  actions: {
    storeTime: assign(({ event }) => ({ time: timeOf(event) })),
    clearTime: assign({ time: null, error: null }),
    storeError: assign(({ event }) => ({ error: (event as { error?: unknown }).error ?? 'failed' })),
    /** Injected: send refresh_time to the session worker with the new expiry. */
    refreshWorkerTime: () => undefined,
    /** Injected: navigate to the identity provider's logout (spec 4). */
    logOut: () => undefined,
  },
  guards: {
    hasTime: ({ event }) => timeOf(event) !== null,
  },
}).createMachine({
  id: 'timeoutDialog',
  description: 'Session-expiry overlay: countdown, Continue (refresh) or Log out.',
  context: { time: null, error: null },
  initial: 'hidden',
  states: {
    hidden: {
      entry: 'clearTime',
      on: { UPDATE_TIME: { guard: 'hasTime', target: 'shown', actions: 'storeTime' } },
    },
    shown: {
      on: {
        UPDATE_TIME: [
          { guard: 'hasTime', actions: 'storeTime' },
          { target: 'hidden' },
        ],
        CONTINUE: 'continuing',
        LOG_OUT: 'loggingOut',
      },
    },
    continuing: {
      invoke: {
        src: 'refreshSession',
        onDone: { target: 'hidden', actions: 'refreshWorkerTime' },
        onError: { target: 'shown', actions: 'storeError' },
      },
      on: {
        // The countdown keeps running while the call is under way.
        UPDATE_TIME: [
          { guard: 'hasTime', actions: 'storeTime' },
          { target: 'hidden' },
        ],
        LOG_OUT: 'loggingOut',
      },
    },
    loggingOut: {
      type: 'final',
      entry: 'logOut',
    },
  },
});

export type TimeoutDialogMachine = typeof timeoutDialogMachine;
