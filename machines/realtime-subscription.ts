// One realtime channel subscription (spec 4, constants of spec 9): unsubscribed,
// subscribing, subscribed. A subscribe request that fails or outlives the request timeout
// is retried after at least 1 s (doubling, capped like reconnects); a dropped connection
// drops the subscription, and the app subscribes again once the connection is back.
import { assign, emit, fromPromise, setup } from 'xstate';
import { REALTIME_MAX_RECONNECT_DELAY_MS, REALTIME_REQUEST_TIMEOUT_MS } from './realtime-connection.ts';

export const REALTIME_MIN_RESUBSCRIBE_DELAY_MS = 1000;

export interface SubscribeInput {
  channel: string;
}

export type RealtimeSubscriptionEvent =
  | { type: 'SUBSCRIBE'; channel: string }
  | { type: 'UNSUBSCRIBE' }
  /** The connection dropped its listeners and subscriptions. */
  | { type: 'DROPPED' };

export type RealtimeSubscriptionEmitted =
  | { type: 'SUBSCRIBED'; channel: string }
  | { type: 'UNSUBSCRIBED'; channel: string | null };

export interface RealtimeSubscriptionContext {
  channel: string | null;
  /** Failed subscribe requests since the last success. */
  retries: number;
}

/** Delay before resubscribe attempt n (1-based): 1 s, 2 s, 4 s … capped at 20 s. */
export function resubscribeDelay(attempt: number): number {
  const doubled = REALTIME_MIN_RESUBSCRIBE_DELAY_MS * 2 ** Math.max(0, attempt - 1);
  return Math.min(REALTIME_MAX_RECONNECT_DELAY_MS, doubled);
}

export type SubscriptionStatus = 'unsubscribed' | 'subscribing' | 'subscribed';

/** The three statuses of spec 4; waiting to resubscribe counts as subscribing. */
export function subscriptionStatus(snapshot: { matches(value: unknown): boolean }): SubscriptionStatus {
  if (snapshot.matches('subscribed')) return 'subscribed';
  if (snapshot.matches('unsubscribed')) return 'unsubscribed';
  return 'subscribing';
}

export const realtimeSubscriptionMachine = setup({
  types: {
    context: {} as RealtimeSubscriptionContext,
    events: {} as RealtimeSubscriptionEvent,
    emitted: {} as RealtimeSubscriptionEmitted,
  },
  actors: {
    /** Injected by the app: fetch the channel token, send the subscribe frame, await the ack. */
    subscribe: fromPromise<void, SubscribeInput>(() => new Promise<void>(() => undefined)),
  },
  actions: {
    storeChannel: assign(({ event }) => (event.type === 'SUBSCRIBE' ? { channel: event.channel, retries: 0 } : {})),
    countRetry: assign(({ context }) => ({ retries: context.retries + 1 })),
    resetRetries: assign({ retries: 0 }),
    /** Injected by the app: tell the server (only while the connection is up). */
    sendUnsubscribe: () => undefined,
    announceSubscribed: emit(({ context }) => ({ type: 'SUBSCRIBED' as const, channel: context.channel ?? '' })),
    announceUnsubscribed: emit(({ context }) => ({ type: 'UNSUBSCRIBED' as const, channel: context.channel })),
  },
  delays: {
    requestTimeout: REALTIME_REQUEST_TIMEOUT_MS,
    resubscribe: ({ context }) => resubscribeDelay(context.retries),
  },
}).createMachine({
  id: 'realtimeSubscription',
  description: 'One realtime channel: subscribe, retry at least 1 s apart, drop with the connection.',
  context: { channel: null, retries: 0 },
  initial: 'unsubscribed',
  states: {
    unsubscribed: {
      on: { SUBSCRIBE: { target: 'subscribing', actions: 'storeChannel' } },
    },
    subscribing: {
      invoke: {
        src: 'subscribe',
        input: ({ context }) => ({ channel: context.channel ?? '' }),
        onDone: { target: 'subscribed', actions: ['resetRetries', 'announceSubscribed'] },
        onError: 'resubscribing',
      },
      after: { requestTimeout: 'resubscribing' },
      on: {
        // The request may still land on the server: undo it there too.
        UNSUBSCRIBE: { target: 'unsubscribed', actions: ['sendUnsubscribe', 'announceUnsubscribed'] },
        DROPPED: { target: 'unsubscribed', actions: 'announceUnsubscribed' },
      },
    },
    subscribed: {
      on: {
        UNSUBSCRIBE: { target: 'unsubscribed', actions: ['sendUnsubscribe', 'announceUnsubscribed'] },
        // The connection is gone: nothing to tell the server.
        DROPPED: { target: 'unsubscribed', actions: 'announceUnsubscribed' },
      },
    },
    resubscribing: {
      entry: 'countRetry',
      after: { resubscribe: 'subscribing' },
      on: {
        UNSUBSCRIBE: { target: 'unsubscribed', actions: 'announceUnsubscribed' },
        DROPPED: { target: 'unsubscribed', actions: 'announceUnsubscribed' },
      },
    },
  },
});

export type RealtimeSubscriptionMachine = typeof realtimeSubscriptionMachine;
