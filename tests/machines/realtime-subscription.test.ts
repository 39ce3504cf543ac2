import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { REALTIME_REQUEST_TIMEOUT_MS } from '../../machines/realtime-connection.ts';
import {
  REALTIME_MIN_RESUBSCRIBE_DELAY_MS, realtimeSubscriptionMachine, resubscribeDelay, subscriptionStatus,
} from '../../machines/realtime-subscription.ts';
import type { RealtimeSubscriptionEmitted, SubscribeInput } from '../../machines/realtime-subscription.ts';
import { deferred, fullCoverage, recordEmitted, settle, testClock } from './helpers.ts';
import type { Deferred } from './helpers.ts';

const coverage = fullCoverage(realtimeSubscriptionMachine);

function start() {
  const t = testClock();
  const requests: { input: SubscribeInput; at: number; answer: Deferred<void> }[] = [];
  const unsubscribed: string[] = [];
  const logic = realtimeSubscriptionMachine.provide({
    actors: {
      subscribe: fromPromise<void, SubscribeInput>(({ input }) => {
        const answer = deferred<void>();
        requests.push({ input, at: t.now(), answer });
        return answer.promise;
      }),
    },
    actions: { sendUnsubscribe: ({ context }) => { unsubscribed.push(context.channel ?? ''); } },
  });
  const actor = coverage.createActor(logic, { clock: t.clock });
  const emitted = recordEmitted<RealtimeSubscriptionEmitted>(actor, ['SUBSCRIBED', 'UNSUBSCRIBED'], t.now);
  actor.start();
  const status = () => subscriptionStatus(actor.getSnapshot());
  return { t, actor, requests, unsubscribed, emitted, status };
}

describe('realtime subscription machine', () => {
  it('goes unsubscribed → subscribing → subscribed', async () => {
    const { actor, requests, emitted, status } = start();
    expect(status()).toBe('unsubscribed');
    actor.send({ type: 'SUBSCRIBE', channel: 'client:c1' });
    expect(status()).toBe('subscribing');
    expect(requests.map((r) => r.input)).toEqual([{ channel: 'client:c1' }]);
    requests[0]!.answer.resolve();
    await settle();
    expect(status()).toBe('subscribed');
    expect(emitted.map((e) => e.event)).toEqual([{ type: 'SUBSCRIBED', channel: 'client:c1' }]);
  });

  it('waits at least 1 s before resubscribing after a failed request', async () => {
    const { t, actor, requests, status } = start();
    actor.send({ type: 'SUBSCRIBE', channel: 'client:c1' });
    requests[0]!.answer.reject(new Error('token call failed'));
    await settle();
    expect(status()).toBe('subscribing');
    expect(actor.getSnapshot().value).toBe('resubscribing');
    t.advance(REALTIME_MIN_RESUBSCRIBE_DELAY_MS - 1);
    expect(requests).toHaveLength(1);
    t.advance(1);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.at).toBe(1000);
  });

  it('retries a request that gets no answer within the 5 s timeout, backing off', async () => {
    const { t, actor, requests } = start();
    actor.send({ type: 'SUBSCRIBE', channel: 'client:c1' });
    t.advance(REALTIME_REQUEST_TIMEOUT_MS - 1, 100);
    expect(actor.getSnapshot().value).toBe('subscribing');
    t.advance(1);
    expect(actor.getSnapshot().value).toBe('resubscribing');
    t.advance(1000);
    expect(requests.map((r) => r.at)).toEqual([0, 6000]);
    // Second silence: the next wait doubles.
    t.advance(REALTIME_REQUEST_TIMEOUT_MS + 2000, 100);
    expect(requests.map((r) => r.at)).toEqual([0, 6000, 13_000]);
    requests[2]!.answer.resolve();
    await settle();
    expect(actor.getSnapshot().value).toBe('subscribed');
    expect(actor.getSnapshot().context.retries).toBe(0);
    // A late answer to an abandoned request changes nothing.
    requests[0]!.answer.resolve();
    await settle();
    expect(actor.getSnapshot().value).toBe('subscribed');
  });

  it('is dropped with the connection, without telling the server', async () => {
    const { actor, requests, unsubscribed, emitted, status } = start();
    actor.send({ type: 'SUBSCRIBE', channel: 'client:c1' });
    requests[0]!.answer.resolve();
    await settle();
    actor.send({ type: 'DROPPED' });
    expect(status()).toBe('unsubscribed');
    expect(unsubscribed).toEqual([]);
    expect(emitted.at(-1)?.event).toEqual({ type: 'UNSUBSCRIBED', channel: 'client:c1' });
  });

  it('unsubscribes on request, telling the server', async () => {
    const { actor, requests, unsubscribed, status } = start();
    actor.send({ type: 'SUBSCRIBE', channel: 'client:c1' });
    requests[0]!.answer.resolve();
    await settle();
    actor.send({ type: 'UNSUBSCRIBE' });
    expect(status()).toBe('unsubscribed');
    expect(unsubscribed).toEqual(['client:c1']);
  });

  it('can be unsubscribed or dropped while a request is out or a retry is waiting', async () => {
    const { t, actor, requests, unsubscribed, status } = start();
    actor.send({ type: 'SUBSCRIBE', channel: 'a' });
    actor.send({ type: 'UNSUBSCRIBE' });
    expect(status()).toBe('unsubscribed');
    expect(unsubscribed).toEqual(['a']);

    actor.send({ type: 'SUBSCRIBE', channel: 'b' });
    actor.send({ type: 'DROPPED' });
    expect(status()).toBe('unsubscribed');

    actor.send({ type: 'SUBSCRIBE', channel: 'c' });
    requests[2]!.answer.reject(new Error('x'));
    await settle();
    actor.send({ type: 'UNSUBSCRIBE' });
    expect(status()).toBe('unsubscribed');

    actor.send({ type: 'SUBSCRIBE', channel: 'd' });
    requests[3]!.answer.reject(new Error('x'));
    await settle();
    actor.send({ type: 'DROPPED' });
    expect(status()).toBe('unsubscribed');
    t.advance(30_000, 1000);
    expect(requests).toHaveLength(4);
    expect(unsubscribed).toEqual(['a']);
  });

  it('never resubscribes sooner than 1 s', () => {
    expect([1, 2, 3, 9].map(resubscribeDelay)).toEqual([1000, 2000, 4000, 20_000]);
    expect(resubscribeDelay(0)).toBe(REALTIME_MIN_RESUBSCRIBE_DELAY_MS);
  });
});
