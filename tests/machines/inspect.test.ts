import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { coreMachines } from '../../machines/index.ts';
import { activeStateIds, createCoverage, machineGraph, runScript } from '../../machines/inspect.ts';
import { testClock } from './helpers.ts';

// A small machine with one of each kind of transition the inspector must draw.
const door = setup({
  types: { context: {} as { locked: boolean }, events: {} as { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'LOCK' } },
  actors: { check: fromPromise(async () => 'ok') },
  guards: { unlocked: ({ context }) => !context.locked },
  delays: { autoClose: 3000 },
}).createMachine({
  id: 'door',
  context: { locked: false },
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: { guard: 'unlocked', target: 'open' },
        LOCK: { actions: assign({ locked: true }) },
      },
    },
    open: {
      initial: 'swinging',
      states: { swinging: { after: { 500: 'still' } }, still: {} },
      after: { autoClose: 'closed' },
      on: { CLOSE: 'checking' },
    },
    checking: {
      invoke: { src: 'check', onDone: 'closed', onError: 'broken' },
    },
    transient: { always: 'closed' },
    broken: { type: 'final' },
  },
});

describe('machine inspector graph', () => {
  it('lists every state with its parent and initial/final flags', () => {
    const graph = machineGraph(door);
    expect(graph.id).toBe('door');
    expect(graph.nodes).toEqual([
      { id: 'door', key: 'door', parent: null, type: 'compound', initial: true, final: false },
      { id: 'door.closed', key: 'closed', parent: 'door', type: 'atomic', initial: true, final: false },
      { id: 'door.open', key: 'open', parent: 'door', type: 'compound', initial: false, final: false },
      { id: 'door.open.swinging', key: 'swinging', parent: 'door.open', type: 'atomic', initial: true, final: false },
      { id: 'door.open.still', key: 'still', parent: 'door.open', type: 'atomic', initial: false, final: false },
      { id: 'door.checking', key: 'checking', parent: 'door', type: 'atomic', initial: false, final: false },
      { id: 'door.transient', key: 'transient', parent: 'door', type: 'atomic', initial: false, final: false },
      { id: 'door.broken', key: 'broken', parent: 'door', type: 'final', initial: false, final: true },
    ]);
  });

  it('lists every transition with its event, guard and delay labels', () => {
    const edges = machineGraph(door).edges.map(({ source, target, label, kind, guard, delay }) =>
      ({ source, target, label, kind, guard, delay }));
    expect(edges).toEqual([
      { source: 'door.closed', target: 'door.open', label: 'OPEN', kind: 'event', guard: 'unlocked', delay: undefined },
      { source: 'door.closed', target: 'door.closed', label: 'LOCK', kind: 'event', guard: undefined, delay: undefined },
      { source: 'door.open', target: 'door.checking', label: 'CLOSE', kind: 'event', guard: undefined, delay: undefined },
      { source: 'door.open', target: 'door.closed', label: 'after autoClose', kind: 'after', guard: undefined, delay: 'autoClose' },
      { source: 'door.open.swinging', target: 'door.open.still', label: 'after 500', kind: 'after', guard: undefined, delay: 500 },
      { source: 'door.checking', target: 'door.closed', label: 'done: check', kind: 'done', guard: undefined, delay: undefined },
      { source: 'door.checking', target: 'door.broken', label: 'error: check', kind: 'error', guard: undefined, delay: undefined },
      { source: 'door.transient', target: 'door.closed', label: 'always', kind: 'always', guard: undefined, delay: undefined },
    ]);
    const lock = machineGraph(door).edges[1]!;
    expect(lock.targets).toEqual([]);
    expect(lock.id).toBe('door.closed -LOCK-> (stays)');
  });

  it('names the active states of a snapshot value, ancestors included', () => {
    expect(activeStateIds(door, { open: 'still' })).toEqual(['door', 'door.open', 'door.open.still']);
    expect(activeStateIds(door, 'closed')).toEqual(['door', 'door.closed']);
  });
});

describe('coverage recording', () => {
  it('reports the states and transitions a run did not reach', () => {
    const t = testClock();
    const { actor, coverage } = runScript(door, [{ type: 'OPEN' }, { wait: 600 }, { type: 'CLOSE' }], { clock: t.clock });
    expect(actor.getSnapshot().value).toBe('checking');
    const report = coverage.report();
    expect(report.states).toEqual(['door.transient', 'door.broken']);
    expect(report.transitions).toEqual([
      'door.closed -LOCK-> (stays)',
      'door.open -after autoClose-> door.closed',
      'door.checking -done: check-> door.closed',
      'door.checking -error: check-> door.broken',
      'door.transient -always-> door.closed',
    ]);
  });

  it('accumulates over several runs, and a guard that blocks is not a transition taken', () => {
    const t = testClock();
    const coverage = createCoverage(door);
    runScript(door, [{ type: 'LOCK' }, { type: 'OPEN' }], { clock: t.clock }, coverage);
    expect(coverage.taken.has('door.closed -OPEN [unlocked]-> door.open')).toBe(false);
    expect(coverage.taken.has('door.closed -LOCK-> (stays)')).toBe(true);
    runScript(door, [{ type: 'OPEN' }, { wait: 3000 }], { clock: t.clock }, coverage);
    expect(coverage.taken.has('door.open -after autoClose-> door.closed')).toBe(true);
    expect(coverage.reached.has('door.open.still')).toBe(true);
  });

  it('records a machine.provide() of the machine, but no other machine', () => {
    const coverage = createCoverage(door);
    const provided = door.provide({ guards: { unlocked: () => true } });
    coverage.createActor(provided).start().send({ type: 'OPEN' });
    expect(coverage.reached.has('door.open')).toBe(true);
    expect(() => coverage.createActor(coreMachines[0]!.machine)).toThrow(/cannot record/);
  });
});

describe('core machines', () => {
  it('registers every statechart once, each drawable', () => {
    expect(coreMachines.map((m) => m.id)).toEqual([
      'session', 'realtime-connection', 'realtime-subscription', 'filter-templates', 'timeout-dialog', 'notification-stack',
    ]);
    for (const def of coreMachines) {
      expect(def.description.length).toBeGreaterThan(10);
      const graph = machineGraph(def.machine);
      expect(graph.nodes.length).toBeGreaterThan(2);
      expect(graph.edges.length).toBeGreaterThan(2);
      expect(new Set(graph.edges.map((e) => e.id)).size).toBe(graph.edges.length);
    }
  });
});
