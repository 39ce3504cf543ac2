// The realtime connection (spec 4, constants of spec 9): disconnected, connecting,
// connected. On an error, a close or a connect attempt that outlives the request timeout,
// listeners and subscriptions are dropped and the machine reconnects after a delay that
// doubles from 1 s up to 20 s. The WebSocket itself is the injected `socket` actor.
import { assign, emit, fromCallback, sendTo, setup } from 'xstate';
import type { CallbackLogicFunction } from 'xstate';

export const REALTIME_MIN_RECONNECT_DELAY_MS = 1000;
export const REALTIME_MAX_RECONNECT_DELAY_MS = 20_000;
export const REALTIME_REQUEST_TIMEOUT_MS = 5000;

/** What the socket actor needs to open the connection (spec 7: payload of /ws). */
export interface ConnectParams {
  url: string;
  sessionToken: string;
  clientId: string;
}

/** Events the socket actor sends back to the machine. */
export type SocketEvent =
  | { type: 'SOCKET.OPEN' }
  | { type: 'SOCKET.MESSAGE'; data: unknown }
  | { type: 'SOCKET.ERROR'; error: unknown }
  | { type: 'SOCKET.CLOSED'; code?: number };

/** Commands the machine sends to the socket actor. */
export type SocketCommand = { type: 'SEND'; data: unknown };

export type RealtimeConnectionEvent =
  | { type: 'CONNECT'; params: ConnectParams }
  | { type: 'DISCONNECT' }
  | { type: 'SEND'; data: unknown }
  | SocketEvent;

export type DropReason = 'error' | 'closed' | 'timeout' | 'disconnect';

export type RealtimeConnectionEmitted =
  | { type: 'CONNECTED' }
  /** Every listener and subscription must be dropped (spec 4); subscriptions resubscribe later. */
  | { type: 'DROPPED'; reason: DropReason }
  | { type: 'MESSAGE'; data: unknown }
  /** When the next attempt starts. */
  | { type: 'RECONNECT_SCHEDULED'; delayMs: number; attempt: number };

export interface RealtimeConnectionContext {
  params: ConnectParams | null;
  /** Failed attempts since the last successful connect. */
  retries: number;
  lastError: unknown;
}

/** Delay before reconnect attempt n (1-based): 1 s, 2 s, 4 s … capped at 20 s. */
export function reconnectDelay(attempt: number): number {
  const doubled = REALTIME_MIN_RECONNECT_DELAY_MS * 2 ** Math.max(0, attempt - 1);
  return Math.min(REALTIME_MAX_RECONNECT_DELAY_MS, doubled);
}

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected';

/** The three statuses of spec 4; waiting to reconnect counts as connecting. */
export function connectionStatus(snapshot: { matches(value: unknown): boolean }): ConnectionStatus {
  if (snapshot.matches({ active: 'connected' })) return 'connected';
  if (snapshot.matches('disconnected')) return 'disconnected';
  return 'connecting';
}

function dropReason(eventType: string): DropReason {
  if (eventType === 'SOCKET.ERROR' || eventType.startsWith('xstate.error.')) return 'error';
  if (eventType === 'SOCKET.CLOSED') return 'closed';
  if (eventType.startsWith('xstate.after.')) return 'timeout';
  return 'disconnect';
}

/**
 * What the app provides as `socket`: open the WebSocket from `input`, sendBack the
 * SocketEvents, handle SEND commands from `receive`, and close the socket on cleanup.
 */
export type SocketCallback = CallbackLogicFunction<SocketCommand, SocketEvent, ConnectParams>;

/** Wraps the app's socket callback as the machine's `socket` actor (sendBack typed). */
export function socketActor(callback: SocketCallback) {
  return fromCallback<SocketCommand, ConnectParams>(callback);
}

export const realtimeConnectionMachine = setup({
  types: {
    context: {} as RealtimeConnectionContext,
    events: {} as RealtimeConnectionEvent,
    emitted: {} as RealtimeConnectionEmitted,
  },
  actors: {
    // Without a provided socket the machine stays connecting and retries on the timeout.
    socket: socketActor(() => undefined),
  },
  actions: {
    storeParams: assign(({ event }) => (event.type === 'CONNECT' ? { params: event.params, retries: 0 } : {})),
    countRetry: assign(({ context }) => ({ retries: context.retries + 1 })),
    resetRetries: assign({ retries: 0, lastError: null }),
    storeError: assign(({ event }) => ({
      lastError: 'error' in event ? event.error : null,
    })),
    /** Injected by the app: the error-reporting service (spec 8). */
    reportError: () => undefined,
    announceConnected: emit({ type: 'CONNECTED' as const }),
    dropListeners: emit(({ event }) => ({ type: 'DROPPED' as const, reason: dropReason(event.type) })),
    announceRetry: emit(({ context }) => ({
      type: 'RECONNECT_SCHEDULED' as const,
      delayMs: reconnectDelay(context.retries),
      attempt: context.retries,
    })),
    deliver: emit(({ event }) => ({ type: 'MESSAGE' as const, data: event.type === 'SOCKET.MESSAGE' ? event.data : null })),
    forward: sendTo('socket', ({ event }) => ({ type: 'SEND' as const, data: event.type === 'SEND' ? event.data : null })),
  },
  delays: {
    requestTimeout: REALTIME_REQUEST_TIMEOUT_MS,
    backoff: ({ context }) => reconnectDelay(context.retries),
  },
}).createMachine({
  id: 'realtimeConnection',
  description: 'Realtime WebSocket: connect, drop listeners on failure, reconnect with backoff.',
  context: { params: null, retries: 0, lastError: null },
  initial: 'disconnected',
  states: {
    disconnected: {
      on: { CONNECT: { target: 'active', actions: 'storeParams' } },
    },
    active: {
      // One socket for both substates: it opens in connecting and carries on when connected.
      invoke: {
        id: 'socket',
        src: 'socket',
        input: ({ context }) => context.params as ConnectParams,
        onError: { target: 'reconnecting', actions: ['storeError', 'reportError'] },
      },
      exit: 'dropListeners',
      on: {
        'SOCKET.ERROR': { target: 'reconnecting', actions: ['storeError', 'reportError'] },
        'SOCKET.CLOSED': 'reconnecting',
        DISCONNECT: 'disconnected',
      },
      initial: 'connecting',
      states: {
        connecting: {
          on: { 'SOCKET.OPEN': { target: 'connected', actions: ['resetRetries', 'announceConnected'] } },
          after: { requestTimeout: '#realtimeConnection.reconnecting' },
        },
        connected: {
          on: {
            'SOCKET.MESSAGE': { actions: 'deliver' },
            SEND: { actions: 'forward' },
          },
        },
      },
    },
    reconnecting: {
      entry: ['countRetry', 'announceRetry'],
      after: { backoff: 'active' },
      on: {
        // New parameters (a fresh session token) connect at once.
        CONNECT: { target: 'active', actions: 'storeParams' },
        DISCONNECT: 'disconnected',
      },
    },
  },
});

export type RealtimeConnectionMachine = typeof realtimeConnectionMachine;
