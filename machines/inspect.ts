// Reads a machine's structure as a plain graph (for the machine inspector page) and
// records which parts of that graph a running actor actually visits (for the machine
// tests, which must reach every state and take every transition). Pure: no DOM, no I/O.
// The structure is read through xstate's public StateNode API (root, states, transitions,
// always, after, initial, invoke, type); the one private field used is noted below.
import { createActor } from 'xstate';
import type { Actor, ActorOptions, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, StateValue } from 'xstate';

export interface GraphNode {
  /** xstate state id: the machine id, then the path joined by dots ('session.connected'). */
  id: string;
  key: string;
  /** Id of the parent node; null for the machine's root. */
  parent: string | null;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** Entered when its parent is entered (the root counts as initial). */
  initial: boolean;
  final: boolean;
  description?: string;
}

export type EdgeKind = 'event' | 'after' | 'always' | 'done' | 'error';

export interface GraphEdge {
  /** Readable and unique: 'session.ready -CONNECT-> session.connected'. */
  id: string;
  source: string;
  /** First target; the source itself for a transition that stays (no target). */
  target: string;
  /** Every target (parallel targets); empty when the transition stays in place. */
  targets: string[];
  /** The event type as xstate matches it ('' for eventless `always`). */
  event: string;
  kind: EdgeKind;
  /** What a person reads on the arrow: 'CONNECT', 'after 5000', 'after backoff', 'done: socket'. */
  label: string;
  guard?: string;
  /** For delayed transitions: the delay in ms, or the name of a configured delay. */
  delay?: number | string;
  /** Exits and re-enters its source (restarts its timers and invocations). */
  reenter: boolean;
}

export interface MachineGraph {
  id: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

function guardName(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline';
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline';
}

/** The delay of a delayed transition, from its source node's public `after` list. */
function delayOf(t: AnyTransitionDefinition): number | string | undefined {
  const own = t.source.after.find((d) => d.eventType === t.eventType);
  // `after` keys are numbers or names of configured delays, never expressions.
  return own ? (own.delay as number | string) : undefined;
}

function edgeKind(t: AnyTransitionDefinition): EdgeKind {
  if (t.eventType === '') return 'always';
  if (delayOf(t) !== undefined) return 'after';
  if (t.eventType.startsWith('xstate.done.')) return 'done';
  if (t.eventType.startsWith('xstate.error.')) return 'error';
  return 'event';
}

// Invocations without an id get a generated one ('0.door.checking'); the source name reads better.
function actorName(t: AnyTransitionDefinition, id: string): string {
  const def = t.source.invoke.find((i: { id: string }) => i.id === id);
  return def && typeof def.src === 'string' && /^\d+\./.test(id) ? def.src : id;
}

function edgeLabel(t: AnyTransitionDefinition, kind: EdgeKind): string {
  switch (kind) {
    case 'always': return 'always';
    case 'after': return `after ${String(delayOf(t))}`;
    case 'done': {
      const actor = /^xstate\.done\.actor\.(.*)$/.exec(t.eventType);
      return `done: ${actor ? actorName(t, actor[1]!) : t.eventType.replace(/^xstate\.done\.state\./, '')}`;
    }
    case 'error': return `error: ${actorName(t, t.eventType.replace(/^xstate\.error\.actor\./, ''))}`;
    default: return t.eventType;
  }
}

function childNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

/** Identity of a transition that survives machine.provide(), which rebuilds the nodes. */
function transitionKey(t: AnyTransitionDefinition): string | undefined {
  const list = t.eventType === '' ? t.source.always : t.source.transitions.get(t.eventType);
  const index = list ? list.indexOf(t) : -1;
  return index < 0 ? undefined : `${t.source.id}\u0000${t.eventType}\u0000${index}`;
}

function allTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  const out: AnyTransitionDefinition[] = [];
  for (const list of node.transitions.values()) out.push(...list);
  if (node.always) out.push(...node.always);
  return out;
}

function walk(root: AnyStateNode): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const visit = (n: AnyStateNode) => { out.push(n); childNodes(n).forEach(visit); };
  visit(root);
  return out;
}

function graphWithKeys(machine: AnyStateMachine): { graph: MachineGraph; edgeByKey: Map<string, GraphEdge> } {
  const all = walk(machine.root);
  const nodes: GraphNode[] = all.map((n) => {
    const parent = n.parent;
    const initial = !parent
      || parent.type === 'parallel'
      || (parent.type === 'compound' && parent.initial.target.some((t: AnyStateNode) => t === n));
    return {
      id: n.id,
      key: n.key,
      parent: parent ? parent.id : null,
      type: n.type,
      initial,
      final: n.type === 'final',
      ...(n.description ? { description: n.description } : {}),
    };
  });
  const edges: GraphEdge[] = [];
  const edgeByKey = new Map<string, GraphEdge>();
  const seen = new Map<string, number>();
  for (const n of all) {
    for (const t of allTransitions(n)) {
      const kind = edgeKind(t);
      const label = edgeLabel(t, kind);
      const targets = (t.target ?? []).map((s: AnyStateNode) => s.id);
      const guard = guardName(t.guard);
      const base = `${n.id} -${label}${guard ? ` [${guard}]` : ''}-> ${targets.length ? targets.join(',') : '(stays)'}`;
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      const edge: GraphEdge = {
        id: count ? `${base} #${count + 1}` : base,
        source: n.id,
        target: targets[0] ?? n.id,
        targets,
        event: t.eventType,
        kind,
        label,
        ...(guard ? { guard } : {}),
        ...(kind === 'after' ? { delay: delayOf(t) } : {}),
        reenter: t.reenter,
      };
      edges.push(edge);
      const key = transitionKey(t);
      if (key) edgeByKey.set(key, edge);
    }
  }
  return { graph: { id: machine.id, nodes, edges }, edgeByKey };
}

/** The machine as nodes and edges, for drawing. */
export function machineGraph(machine: AnyStateMachine): MachineGraph {
  return graphWithKeys(machine).graph;
}

/** Ids of every state node active for a state value, root included (for highlighting). */
export function activeStateIds(machine: AnyStateMachine, value: StateValue): string[] {
  const ids: string[] = [];
  const visit = (node: AnyStateNode, v: StateValue | undefined) => {
    ids.push(node.id);
    if (v === undefined) return;
    if (typeof v === 'string') {
      const child = node.states[v] as AnyStateNode | undefined;
      if (child) visit(child, undefined);
      return;
    }
    for (const [key, sub] of Object.entries(v)) {
      const child = node.states[key] as AnyStateNode | undefined;
      if (child) visit(child, sub as StateValue);
    }
  };
  visit(machine.root, value);
  return ids;
}

export interface CoverageReport {
  /** States of the graph that no recorded run reached. */
  states: string[];
  /** Edge ids of the graph that no recorded run took. */
  transitions: string[];
}

export interface Coverage {
  readonly graph: MachineGraph;
  /** createActor, wired to record; `logic` is the machine or a machine.provide() of it. */
  createActor<T extends AnyStateMachine>(logic: T, options?: ActorOptions<T>): Actor<T>;
  readonly reached: ReadonlySet<string>;
  readonly taken: ReadonlySet<string>;
  report(): CoverageReport;
}

// xstate's inspection API names the transitions a microstep took only as `_transitions`
// (typed in its InspectedMicrostepEvent; no public equivalent exists). Only the coverage
// of the machine tests reads it; the inspector page does not.
interface InspectionLike {
  type: string;
  rootId: string;
  actorRef: { sessionId: string };
  snapshot?: { value?: StateValue };
  _transitions?: AnyTransitionDefinition[];
}

/**
 * Collects, over any number of actors of one machine, the states reached and the
 * transitions taken, and reports the parts of the graph that were never exercised.
 */
export function createCoverage(machine: AnyStateMachine): Coverage {
  const { graph, edgeByKey } = graphWithKeys(machine);
  const reached = new Set<string>();
  const taken = new Set<string>();
  const recordValue = (value: StateValue | undefined) => {
    if (value !== undefined) activeStateIds(machine, value).forEach((id) => reached.add(id));
  };
  const recordTransition = (t: AnyTransitionDefinition) => {
    const key = transitionKey(t);
    const edge = key ? edgeByKey.get(key) : undefined;
    if (!edge) return;
    taken.add(edge.id);
    reached.add(edge.source);
  };
  return {
    graph,
    reached,
    taken,
    createActor<T extends AnyStateMachine>(logic: T, options?: ActorOptions<T>): Actor<T> {
      if (logic.id !== machine.id) throw new Error(`coverage of '${machine.id}' cannot record '${logic.id}'`);
      const userInspect = options?.inspect;
      const actor = createActor(logic, {
        ...options,
        inspect: (ev) => {
          const e = ev as unknown as InspectionLike;
          // Only the machine's own steps count, not those of the actors it invokes.
          if (e.actorRef.sessionId === e.rootId) {
            if (e.type === '@xstate.microstep') {
              e._transitions?.forEach(recordTransition);
              recordValue(e.snapshot?.value);
            } else if (e.type === '@xstate.snapshot') {
              recordValue(e.snapshot?.value);
            }
          }
          if (typeof userInspect === 'function') userInspect(ev);
          else userInspect?.next?.(ev);
        },
      } as ActorOptions<T>);
      recordValue((actor.getSnapshot() as { value: StateValue }).value);
      return actor;
    },
    report(): CoverageReport {
      return {
        states: graph.nodes.map((n) => n.id).filter((id) => !reached.has(id)),
        transitions: graph.edges.map((e) => e.id).filter((id) => !taken.has(id)),
      };
    },
  };
}

/**
 * Lets simulated time pass the way real time does: in small steps, so a timer scheduled
 * by another timer fires at its own due time instead of at the end of one big jump.
 */
export function advanceClock(clock: { increment(ms: number): void }, ms: number, stepMs = 1): void {
  for (let left = ms; left > 0; left -= stepMs) clock.increment(Math.min(stepMs, left));
}

/** A scripted step: an event to send, or simulated time to let pass. */
export type ScriptStep = { type: string; [key: string]: unknown } | { wait: number; type?: never };

/**
 * Runs one actor through a script on a simulated clock and returns the coverage of
 * that run (pass an existing coverage to accumulate over several scripts).
 */
export function runScript<T extends AnyStateMachine>(
  logic: T,
  steps: ScriptStep[],
  options: ActorOptions<T> & { clock: { increment(ms: number): void } },
  coverage: Coverage = createCoverage(logic),
): { actor: Actor<T>; coverage: Coverage } {
  const actor = coverage.createActor(logic, options);
  actor.start();
  for (const step of steps) {
    if (typeof step.wait === 'number') advanceClock(options.clock, step.wait);
    else actor.send(step as never);
  }
  return { actor, coverage };
}
