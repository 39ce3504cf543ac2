// The session worker's lifecycle (spec 4): ready, then connected on the first connect,
// warning from two minutes before the idle end (a countdown every second), finished at
// the idle end or when the page destroys the worker. Time is read through the injected
// `now` and waited through xstate delays, so tests drive it with a simulated clock.
import { assign, emit, setup } from 'xstate';

/** The overlay appears this long before the idle end. */
export const SESSION_WARNING_MS = 2 * 60_000;
/** Activity asks for at most one ping per this period (each ping extends the idle timer). */
export const SESSION_PING_THROTTLE_MS = 60_000;
const SECOND = 1000;

export interface SessionInput {
  /** The clock the expiry times are measured on; Date.now in the worker. */
  now?: () => number;
  warningMs?: number;
  pingThrottleMs?: number;
}

export interface SessionContext {
  now: () => number;
  warningMs: number;
  pingThrottleMs: number;
  /** When the idle timer ends, on the `now` clock; null before connecting. */
  expiresAt: number | null;
  userId: string | null;
}

export type SessionEvent =
  | { type: 'CONNECT'; expiresAt: number; userId: string }
  | { type: 'REFRESH_TIME'; expiresAt: number; userId: string }
  | { type: 'ACTIVITY' }
  | { type: 'DESTROY' };

export type SessionEmitted =
  /** Milliseconds left before the idle end, or null to clear the countdown. */
  | { type: 'UPDATE_TIME'; time: number | null }
  | { type: 'NEED_PING' }
  | { type: 'NEED_UPDATE_USER'; userId: string }
  | { type: 'FINISH' };

function remaining(context: SessionContext): number {
  return context.expiresAt === null ? 0 : context.expiresAt - context.now();
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput | undefined,
    emitted: {} as SessionEmitted,
  },
  actions: {
    storeSession: assign(({ event }) =>
      event.type === 'CONNECT' || event.type === 'REFRESH_TIME'
        ? { expiresAt: event.expiresAt, userId: event.userId }
        : {}),
    // A refresh for another user (signed in elsewhere in this browser) resets the data store.
    announceUser: emit(({ event }) => ({
      type: 'NEED_UPDATE_USER' as const,
      userId: event.type === 'REFRESH_TIME' ? event.userId : '',
    })),
    showCountdown: emit(({ context }) => ({ type: 'UPDATE_TIME' as const, time: Math.max(0, remaining(context)) })),
    clearCountdown: emit({ type: 'UPDATE_TIME' as const, time: null }),
    needPing: emit({ type: 'NEED_PING' as const }),
    finish: emit({ type: 'FINISH' as const }),
  },
  guards: {
    warningDue: ({ context }) => remaining(context) <= context.warningMs,
    idleEnded: ({ context }) => remaining(context) <= 0,
    otherUser: ({ context, event }) => event.type === 'REFRESH_TIME' && event.userId !== context.userId,
  },
  delays: {
    untilWarning: ({ context }) => Math.max(0, remaining(context) - context.warningMs),
    // Lands each tick on a whole second left, so the countdown reads 1:59, 1:58, …
    tick: ({ context }) => Math.max(1, remaining(context) % SECOND || SECOND),
    pingThrottle: ({ context }) => context.pingThrottleMs,
  },
}).createMachine({
  id: 'session',
  description: 'Session worker: idle countdown, activity pings and the end of the session.',
  context: ({ input }) => ({
    now: input?.now ?? Date.now,
    warningMs: input?.warningMs ?? SESSION_WARNING_MS,
    pingThrottleMs: input?.pingThrottleMs ?? SESSION_PING_THROTTLE_MS,
    expiresAt: null,
    userId: null,
  }),
  initial: 'ready',
  // The page stops the worker (sign-out from the user menu): no FINISH, nothing left running.
  on: { DESTROY: '.finished' },
  states: {
    ready: {
      on: { CONNECT: { target: 'connected', actions: 'storeSession' } },
    },
    connected: {
      // A repeated CONNECT is not handled here: the first connection stands.
      type: 'parallel',
      states: {
        idleTimer: {
          // Refreshes re-enter only `counting` (restarting its delay), never the ping region.
          initial: 'counting',
          on: {
            REFRESH_TIME: [
              { guard: 'otherUser', target: '.counting', actions: ['announceUser', 'storeSession'] },
              { target: '.counting', actions: 'storeSession' },
            ],
          },
          states: {
            counting: {
              always: { guard: 'warningDue', target: '#session.warning' },
              after: { untilWarning: '#session.warning' },
            },
          },
        },
        ping: {
          initial: 'pingReady',
          states: {
            pingReady: { on: { ACTIVITY: { target: 'pingThrottled', actions: 'needPing' } } },
            pingThrottled: { after: { pingThrottle: 'pingReady' } },
          },
        },
      },
    },
    warning: {
      // The overlay blocks the page, so activity no longer counts: only Continue refreshes.
      entry: 'showCountdown',
      always: { guard: 'idleEnded', target: 'finished', actions: 'finish' },
      after: { tick: { target: 'warning', reenter: true } },
      on: {
        REFRESH_TIME: [
          { guard: 'otherUser', target: 'connected', actions: ['announceUser', 'storeSession', 'clearCountdown'] },
          { target: 'connected', actions: ['storeSession', 'clearCountdown'] },
        ],
      },
    },
    finished: { type: 'final' },
  },
});

export type SessionMachine = typeof sessionMachine;
