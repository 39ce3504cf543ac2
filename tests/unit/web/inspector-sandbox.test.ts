// The inspector's sandbox: a machine stepped through xstate's pure transitions, the
// events on offer read from the definition, and a log of what would have run.
import { describe, expect, it } from 'vitest';
import { assign, emit, fromPromise, setup } from 'xstate';
import { sessionMachine } from '../../../machines/session.ts';
import {
  actionNames, formatStateValue, sandboxActiveIds, sandboxEvents, sendSandbox, startSandbox, startSandboxOrExplain,
} from '../../../src/web/pages/inspector-sandbox.ts';

let fetched = 0;
const order = setup({
  types: {
    context: {} as { items: number; paid: boolean },
    events: {} as { type: 'ADD' } | { type: 'PAY'; amount?: number } | { type: 'CANCEL' },
  },
  actors: { charge: fromPromise(async () => { fetched += 1; return 'ok'; }) },
  actions: {
    addItem: assign({ items: ({ context }) => context.items + 1 }),
    announce: emit({ type: 'ORDER_PAID' }),
    markPaid: assign({ paid: true }),
  },
  guards: {
    hasItems: ({ context }) => context.items > 0,
    bigEnough: ({ event }) => event.type === 'PAY' && (event.amount ?? 0) >= 10,
  },
  delays: { patience: 30_000 },
}).createMachine({
  id: 'order',
  context: { items: 0, paid: false },
  initial: 'cart',
  states: {
    cart: {
      on: {
        ADD: { actions: 'addItem' },
        PAY: { guard: 'hasItems', target: 'paying' },
      },
      after: { patience: 'abandoned' },
    },
    paying: {
      invoke: { src: 'charge', onDone: { target: 'paid', actions: ['markPaid', 'announce'] }, onError: 'cart' },
      on: { CANCEL: 'cart' },
    },
    paid: {
      type: 'parallel',
      states: {
        shipping: { initial: 'packing', states: { packing: { after: { 5000: 'sent' } }, sent: {} } },
        invoice: { initial: 'draft', states: { draft: { on: { PAY: { guard: 'bigEnough', target: 'settled' } } }, settled: {} } },
      },
    },
    abandoned: { type: 'final' },
  },
});

describe('sandbox', () => {
  it('starts in the initial state without running anything', () => {
    const box = startSandbox(order);
    expect(box.snapshot.value).toBe('cart');
    expect(sandboxActiveIds(box)).toEqual(['order', 'order.cart']);
    expect(box.start).toBe('cart');
    expect(box.startActions).toEqual(['timer 30s']);
    expect(box.log).toEqual([]);
  });

  it('offers the events the current state accepts, disabled where a guard refuses', () => {
    const box = startSandbox(order);
    const events = sandboxEvents(box);
    expect(events.map(({ label, kind, enabled, guards }) => ({ label, kind, enabled, guards }))).toEqual([
      { label: 'ADD', kind: 'event', enabled: true, guards: [''] },
      { label: 'PAY', kind: 'event', enabled: false, guards: ['hasItems'] },
      { label: 'after patience (30s)', kind: 'after', enabled: true, guards: [''] },
    ]);
    // Once the cart has an item, the guard lets PAY through.
    const added = sendSandbox(box, { type: 'ADD' });
    expect(sandboxEvents(added).find((e) => e.type === 'PAY')?.enabled).toBe(true);
  });

  it('steps through events, logging from → event → to and the actions by name', () => {
    let box = startSandbox(order);
    box = sendSandbox(box, { type: 'ADD' });
    box = sendSandbox(box, { type: 'PAY' });
    expect(box.snapshot.value).toBe('paying');
    // The invoked service is not started: a pure transition only says it would be.
    expect(fetched).toBe(0);
    const done = sandboxEvents(box).find((e) => e.kind === 'done')!;
    expect(done.label).toBe('done: charge');
    box = sendSandbox(box, { type: done.type }, done.label);
    expect(box.snapshot.value).toEqual({ paid: { shipping: 'packing', invoice: 'draft' } });
    expect(box.snapshot.context).toEqual({ items: 1, paid: true });
    expect(box.log).toEqual([
      { n: 1, from: 'cart', event: 'ADD', to: 'cart', actions: ['addItem'] },
      { n: 2, from: 'cart', event: 'PAY', to: 'paying', actions: ['start charge'] },
      { n: 3, from: 'paying', event: 'done: charge', to: 'paid.shipping.packing, paid.invoice.draft', actions: ['stop actor', 'markPaid', 'announce', 'timer 5s'] },
    ]);
    expect(fetched).toBe(0);
  });

  it('highlights every active state of every parallel region, and fires delays by hand', () => {
    let box = startSandbox(order);
    box = sendSandbox(sendSandbox(box, { type: 'ADD' }), { type: 'PAY' });
    box = sendSandbox(box, { type: 'xstate.done.actor.0.order.paying' });
    expect(sandboxActiveIds(box)).toEqual([
      'order', 'order.paid', 'order.paid.shipping', 'order.paid.shipping.packing', 'order.paid.invoice', 'order.paid.invoice.draft',
    ]);
    const after = sandboxEvents(box).find((e) => e.kind === 'after')!;
    expect(after.label).toBe('after 5s');
    // A guard that reads the event: the payload typed in the sandbox decides.
    expect(sandboxEvents(box).find((e) => e.type === 'PAY')?.enabled).toBe(false);
    expect(sandboxEvents(box, { amount: 20 }).find((e) => e.type === 'PAY')?.enabled).toBe(true);
    box = sendSandbox(box, { type: after.type }, after.label);
    expect(box.log.at(-1)).toMatchObject({ event: 'after 5s', to: 'paid.shipping.sent, paid.invoice.draft' });
  });

  it('offers nothing once the machine has finished', () => {
    const box = startSandbox(order);
    const timer = sandboxEvents(box).find((e) => e.kind === 'after')!;
    const ended = sendSandbox(box, { type: timer.type }, timer.label);
    expect(ended.snapshot.status).toBe('done');
    expect(sandboxEvents(ended)).toEqual([]);
  });

  it('runs the session machine: connect, then the warning when the time is nearly up', () => {
    const now = () => 1_000_000;
    let box = startSandbox(sessionMachine, { now });
    expect(sandboxEvents(box).map((e) => e.label)).toEqual(['CONNECT', 'DESTROY']);
    box = sendSandbox(box, { type: 'CONNECT', expiresAt: now() + 3_600_000, userId: 'u1' } as never);
    expect(formatStateValue(box.snapshot.value)).toBe('connected.idleTimer.counting, connected.ping.pingReady');
    expect(box.log[0]!.actions).toEqual(['storeSession', 'timer 58 min']);
    const labels = sandboxEvents(box).map((e) => e.label);
    expect(labels).toEqual(['after untilWarning', 'REFRESH_TIME', 'DESTROY', 'ACTIVITY']);
    const untilWarning = sandboxEvents(box).find((e) => e.label === 'after untilWarning')!;
    box = sendSandbox(box, { type: untilWarning.type }, untilWarning.label);
    expect(box.snapshot.value).toBe('warning');
    // Still an hour left on the sandbox's clock: the warning counts down from there.
    expect(box.log[1]!.actions).toEqual(['showCountdown', 'timer 1s']);
  });
});

describe('starting', () => {
  const needsInput = setup({ types: { input: {} as { name: string }, context: {} as { name: string } } }).createMachine({
    id: 'needsInput', context: ({ input }) => ({ name: input.name.toUpperCase() }), initial: 'a', states: { a: {} },
  });
  const needsName = setup({ types: { input: {} as { name?: string }, context: {} as { name: string } } }).createMachine({
    id: 'needsName', context: ({ input }) => ({ name: input.name ?? 'anon' }), initial: 'a', states: { a: {} },
  });

  it('says why a machine cannot start instead of showing a broken sandbox', () => {
    expect(() => startSandbox(needsName)).toThrow();
    expect(startSandboxOrExplain(needsName).sandbox?.snapshot.context).toEqual({ name: 'anon' });
    const failed = startSandboxOrExplain(needsInput);
    expect(failed.sandbox).toBeNull();
    expect(failed.error).toMatch(/toUpperCase|undefined/);
  });
});

describe('action names and state values', () => {
  it('describes built-in actions in words', () => {
    expect(actionNames([
      { type: 'xstate.spawnChild', params: { src: 'check', id: 'x' } },
      { type: 'xstate.raise', params: { event: { type: 'NEXT' } } },
      { type: 'xstate.raise', params: { event: { type: 'xstate.after.500.m.a' }, delay: 500 } },
      { type: 'xstate.raise', params: { event: { type: 'xstate.after.x.m.a' }, delay: Number.NaN } },
      { type: 'xstate.cancel', params: { sendId: 'x' } },
      { type: 'xstate.emit', params: { event: { type: 'SAVED' } } },
      { type: 'xstate.assign' },
      { type: 'customThing' },
    ])).toEqual(['start check', 'raise NEXT', 'timer 500ms', 'timer (delay not computable)', 'emit SAVED', 'assign', 'customThing']);
  });

  it('writes nested values as dotted paths', () => {
    expect(formatStateValue('idle')).toBe('idle');
    expect(formatStateValue({ a: { b: 'c', d: 'e' } })).toBe('a.b.c, a.d.e');
    expect(formatStateValue({ done: {} })).toBe('done');
  });
});
