// The machine inspector's drawing: a machine → an ELK graph → boxes, markers and routed
// edges. The layout itself is elkjs's, run here as the page runs it.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { coreMachines } from '../../../machines/index.ts';
import { machineGraph } from '../../../machines/inspect.ts';
import {
  CHART_ROOT, drawingFromElk, edgeText, formatDelay, layoutStatechart, markerId, roundedPath, statechartToElk,
  type DrawBox, type Drawing,
} from '../../../src/web/pages/inspector-layout.ts';

// One of each thing a chart must show: a guarded event, a self-transition, a targetless
// one, a parallel state whose regions are compound, a delayed transition, an eventless
// guarded one, an edge leaving a region for a state outside, a final state.
const job = setup({
  types: { events: {} as { type: 'START' } | { type: 'PING' } | { type: 'RETRY' } | { type: 'CANCEL' } | { type: 'SAVED' } | { type: 'ALERT' } },
  guards: { allowed: () => true, calm: () => true },
}).createMachine({
  id: 'job',
  initial: 'idle',
  states: {
    idle: {
      on: {
        START: { guard: 'allowed', target: 'running' },
        PING: {},
        RETRY: { target: 'idle', reenter: true },
      },
    },
    running: {
      type: 'parallel',
      on: { CANCEL: 'idle' },
      states: {
        work: {
          initial: 'fetching',
          states: {
            fetching: { after: { 5000: 'saving' } },
            saving: { on: { SAVED: '#job.done' } },
          },
        },
        watch: {
          initial: 'quiet',
          states: {
            quiet: { on: { ALERT: 'loud' } },
            loud: { always: { guard: 'calm', target: 'quiet' } },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});

const elk = new ELK();
const graph = machineGraph(job);

function find(node: ElkNode, id: string): ElkNode | undefined {
  if (node.id === id) return node;
  for (const c of node.children ?? []) {
    const hit = find(c, id);
    if (hit) return hit;
  }
  return undefined;
}
const kids = (node: ElkNode | undefined) => (node?.children ?? []).map((c) => c.id);
const edgeWith = (elkGraph: ElkNode, source: string, target: string): ElkExtendedEdge | undefined =>
  elkGraph.edges?.find((e) => e.sources[0] === source && e.targets[0] === target);

const inside = (inner: DrawBox, outer: DrawBox) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const onBorder = (p: { x: number; y: number }, b: DrawBox) => {
  const within = (v: number, lo: number, hi: number) => v >= lo - 1 && v <= hi + 1;
  const onX = within(p.x, b.x, b.x + b.width) && (Math.abs(p.y - b.y) <= 1 || Math.abs(p.y - (b.y + b.height)) <= 1);
  const onY = within(p.y, b.y, b.y + b.height) && (Math.abs(p.x - b.x) <= 1 || Math.abs(p.x - (b.x + b.width)) <= 1);
  return onX || onY;
};

describe('arrow labels', () => {
  it('reads events, guards, delays and eventless transitions as a statechart writes them', () => {
    const texts = graph.edges.map(edgeText);
    expect(texts).toEqual(expect.arrayContaining(['START [allowed]', 'PING', 'RETRY', 'CANCEL', 'after 5s', 'SAVED', 'ALERT', 'always [calm]']));
    expect([formatDelay(500), formatDelay(5000), formatDelay(1500), formatDelay(120_000), formatDelay(90_400), formatDelay('backoff')])
      .toEqual(['500ms', '5s', '1.5s', '2 min', '1 min 30s', 'backoff']);
  });
});

describe('machine → ELK graph', () => {
  const g = statechartToElk(graph);

  it('nests compound and parallel states and lays the whole hierarchy out at once', () => {
    expect(g.id).toBe(CHART_ROOT);
    expect(g.layoutOptions?.['elk.hierarchyHandling']).toBe('INCLUDE_CHILDREN');
    expect(kids(g)).toEqual(['job']);
    expect(kids(find(g, 'job'))).toEqual([markerId('job'), 'job.idle', 'job.running', 'job.done']);
    // Parallel regions are all entered: no initial marker in a parallel state.
    expect(kids(find(g, 'job.running'))).toEqual(['job.running.work', 'job.running.watch']);
    expect(kids(find(g, 'job.running.work'))).toEqual([markerId('job.running.work'), 'job.running.work.fetching', 'job.running.work.saving']);
    // Atomic states are sized to their names; compound ones by ELK, with room for the header.
    expect(find(g, 'job.idle')?.width).toBeGreaterThan(0);
    expect(find(g, 'job.running')?.width).toBeUndefined();
    expect(find(g, 'job.running')?.layoutOptions?.['elk.padding']).toMatch(/top=\d+/);
  });

  it('draws an arrow from each initial marker and one per transition, self-transitions as loops', () => {
    expect(edgeWith(g, markerId('job'), 'job.idle')).toBeDefined();
    expect(edgeWith(g, markerId('job.running.watch'), 'job.running.watch.quiet')).toBeDefined();
    const labelOf = (s: string, t: string) => edgeWith(g, s, t)?.labels?.[0]?.text;
    expect(labelOf('job.idle', 'job.running')).toBe('START [allowed]');
    expect(labelOf('job.running.work.fetching', 'job.running.work.saving')).toBe('after 5s');
    expect(labelOf('job.running.watch.loud', 'job.running.watch.quiet')).toBe('always [calm]');
    // Leaving a region for a state of the machine: one edge across the compound borders.
    expect(labelOf('job.running.work.saving', 'job.done')).toBe('SAVED');
    // A targetless transition and a re-entering one both loop on their state.
    const loops = g.edges!.filter((e) => e.sources[0] === 'job.idle' && e.targets[0] === 'job.idle').map((e) => e.labels?.[0]?.text);
    expect(loops).toEqual(['PING', 'RETRY']);
    for (const e of g.edges!) for (const l of e.labels ?? []) expect(l.width).toBeGreaterThan(0);
  });
});

describe('ELK result → drawing', () => {
  let drawing: Drawing;
  const box = (id: string) => drawing.boxes.find((b) => b.id === id)!;

  it('gives every state a box inside its parent, siblings apart', async () => {
    drawing = await layoutStatechart(elk, graph);
    expect(drawing.boxes.map((b) => [b.id, b.kind])).toEqual(expect.arrayContaining([
      ['job', 'compound'], ['job.idle', 'atomic'], ['job.running', 'parallel'], ['job.running.work', 'region'],
      ['job.running.watch', 'region'], ['job.running.work.fetching', 'atomic'], ['job.done', 'final'],
    ]));
    expect(drawing.boxes).toHaveLength(graph.nodes.length);
    for (const b of drawing.boxes) {
      if (b.parent) expect(inside(b, box(b.parent)), `${b.id} inside ${b.parent}`).toBe(true);
      for (const other of drawing.boxes) {
        if (other !== b && other.parent === b.parent) expect(overlap(b, other), `${b.id} / ${other.id}`).toBe(false);
      }
    }
    // Painted outside in: a parent before its children.
    const order = drawing.boxes.map((b) => b.id);
    expect(order.indexOf('job.running')).toBeLessThan(order.indexOf('job.running.work.saving'));
    expect(drawing.width).toBeGreaterThanOrEqual(box('job').x + box('job').width);
  });

  it('puts initial markers inside their state, pointing at the initial child', () => {
    const m = drawing.markers.find((k) => k.parent === 'job.running.work')!;
    const work = box('job.running.work');
    expect(m.cx).toBeGreaterThan(work.x);
    expect(m.cx).toBeLessThan(work.x + work.width);
    const arrow = drawing.edges.find((e) => e.kind === 'initial' && e.target === 'job.running.work.fetching')!;
    expect(arrow.points.length).toBeGreaterThanOrEqual(2);
    expect(onBorder(arrow.points.at(-1)!, box('job.running.work.fetching'))).toBe(true);
  });

  it('routes every transition, across compound borders too, with its label clear of the states', () => {
    for (const e of drawing.edges) expect(e.points.length, e.id).toBeGreaterThanOrEqual(2);
    const saved = drawing.edges.find((e) => e.label?.text === 'SAVED')!;
    expect(saved.transition).toBe('job.running.work.saving -SAVED-> job.done');
    expect(onBorder(saved.points[0]!, box('job.running.work.saving'))).toBe(true);
    expect(onBorder(saved.points.at(-1)!, box('job.done'))).toBe(true);
    const atomic = drawing.boxes.filter((b) => b.kind === 'atomic' || b.kind === 'final');
    for (const e of drawing.edges) {
      if (!e.label) continue;
      for (const b of atomic) expect(overlap(e.label, b), `${e.label.text} over ${b.id}`).toBe(false);
    }
    const kinds = Object.fromEntries(drawing.edges.filter((e) => e.label).map((e) => [e.label!.text, e.kind]));
    expect(kinds).toMatchObject({ 'after 5s': 'after', 'always [calm]': 'always', 'START [allowed]': 'event' });
  });

  it('draws a self-transition as a loop leaving and re-entering its state', () => {
    const idle = box('job.idle');
    const loops = drawing.edges.filter((e) => e.selfLoop && e.source === 'job.idle');
    expect(loops.map((e) => e.label?.text)).toEqual(['PING', 'RETRY']);
    for (const loop of loops) {
      expect(onBorder(loop.points[0]!, idle)).toBe(true);
      expect(onBorder(loop.points.at(-1)!, idle)).toBe(true);
      // It goes out of the box and comes back: some point lies outside.
      expect(loop.points.some((p) => p.x < idle.x - 1 || p.x > idle.x + idle.width + 1 || p.y < idle.y - 1 || p.y > idle.y + idle.height + 1)).toBe(true);
    }
  });

  it('lays out every registered core machine with all transitions routed', async () => {
    for (const def of coreMachines) {
      const d = await layoutStatechart(elk, machineGraph(def.machine));
      expect(d.edges.filter((e) => e.points.length < 2).map((e) => e.id), def.id).toEqual([]);
      expect(d.boxes.length, def.id).toBe(machineGraph(def.machine).nodes.length);
    }
  });

  it('reads a hand-made ELK result, and draws loops ELK left unrouted on a compound state', () => {
    const tiny = machineGraph(setup({}).createMachine({ id: 'm', initial: 'a', on: { TICK: {} }, states: { a: {} } }));
    const laidOut: ElkNode = {
      id: CHART_ROOT, width: 200, height: 100,
      children: [{ id: 'm', x: 10, y: 20, width: 150, height: 70, children: [
        { id: markerId('m'), x: 20, y: 60, width: 10, height: 10 },
        { id: 'm.a', x: 60, y: 50, width: 80, height: 30 },
      ] }],
      edges: [
        { id: 'm::initial->m.a', sources: [markerId('m')], targets: ['m.a'], sections: [{ id: 's', startPoint: { x: 30, y: 65 }, endPoint: { x: 60, y: 65 } }] },
        { id: 't0.0', sources: ['m'], targets: ['m'], labels: [{ text: 'TICK', width: 30, height: 16, x: 0, y: 0 }] },
      ],
    };
    const d = drawingFromElk(tiny, laidOut);
    const m = d.boxes.find((b) => b.id === 'm')!;
    const a = d.boxes.find((b) => b.id === 'm.a')!;
    expect(d.markers).toMatchObject([{ id: markerId('m'), parent: 'm', r: 5 }]);
    expect([d.markers[0]!.cx - m.x, d.markers[0]!.cy - m.y, a.x - m.x, a.y - m.y]).toEqual([15, 45, 50, 30]);
    const loop = d.edges.find((e) => e.transition === 'm -TICK-> (stays)')!;
    expect(loop.selfLoop).toBe(true);
    expect(loop.points.length).toBeGreaterThan(2);
    // Everything was shifted so that the loop above the machine stays in view.
    expect(Math.min(...loop.points.map((p) => p.y))).toBeGreaterThanOrEqual(0);
    expect(m.y).toBeGreaterThan(20);
    expect(loop.label!.y).toBeGreaterThanOrEqual(0);
  });
});

describe('edge paths', () => {
  it('rounds the corners of an orthogonal route', () => {
    expect(roundedPath([{ x: 0, y: 0 }, { x: 20, y: 0 }])).toBe('M0,0 L20,0');
    expect(roundedPath([{ x: 0, y: 0 }, { x: 20, y: 0 }, { x: 20, y: 20 }], 4)).toBe('M0,0 L16,0 Q20,0 20,4 L20,20');
  });
});
