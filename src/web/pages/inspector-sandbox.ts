// The inspector's sandbox: a copy of a machine stepped with xstate's pure transition API
// (initialTransition / transition), so nothing the machine would do runs: no timers, no
// invoked services, no fetches, no emitted events. What would run is returned as a list
// and written in the step log. Pure: no React, no DOM.
import {
  enqueueActions, getNextTransitions, initialTransition, transition,
  type AnyMachineSnapshot, type AnyStateMachine, type AnyTransitionDefinition, type EventObject, type StateValue,
} from 'xstate';
import { activeStateIds } from '../../../machines/inspect.ts';
import { formatDelay } from './inspector-layout.ts';

/** One event the current state accepts, as a button offers it. */
export interface SandboxEvent {
  /** The event type sent ('CONNECT', 'xstate.after.tick.session.warning'). */
  type: string;
  /** What the button says: 'CONNECT', 'after 5s', 'done: check'. */
  label: string;
  kind: 'event' | 'after' | 'done' | 'error';
  /** Guards of the candidate transitions ('' entries for unguarded ones). */
  guards: string[];
  /** False when no transition would be taken (snapshot.can). */
  enabled: boolean;
}

export interface SandboxStep {
  /** 1, 2, … in the order sent. */
  n: number;
  from: string;
  event: string;
  to: string;
  /** What would run, in order: named actions, then built-ins described ('start check', 'timer 5s'). */
  actions: string[];
}

export interface Sandbox {
  /** The machine as given (for highlighting); steps run on a recording copy of it. */
  machine: AnyStateMachine;
  recorder: AnyStateMachine;
  snapshot: AnyMachineSnapshot;
  /** The initial state, as the log writes states. */
  start: string;
  /** Actions the initial transition would run. */
  startActions: string[];
  log: SandboxStep[];
}

const RECORD = 'inspector.record';
const RECORD_END = 'inspector.recordEnd';
const ORIGINAL = 'inspector.original.';

/**
 * The machine with every named action wrapped so that the pure transition reports it by
 * name: a marker, the original action (so assignments still change the context), an end
 * marker. xstate reports built-in actions (assign, emit, raise) by their built-in type
 * only, which would lose the names QA testers look for.
 */
export function recordingMachine(machine: AnyStateMachine): AnyStateMachine {
  const named = (machine.implementations.actions ?? {}) as Record<string, unknown>;
  const actions: Record<string, unknown> = { [RECORD]: () => {}, [RECORD_END]: () => {} };
  for (const [name, impl] of Object.entries(named)) {
    actions[ORIGINAL + name] = impl;
    actions[name] = enqueueActions(({ enqueue }, params: unknown) => {
      enqueue({ type: RECORD, params: { name } });
      enqueue({ type: ORIGINAL + name, params } as never);
      enqueue({ type: RECORD_END, params: { name } });
    });
  }
  return machine.provide({ actions } as never);
}

interface ExecutableLike { type: string; params?: unknown }

/** The names of the actions a pure step returned, built-ins described in words. */
export function actionNames(actions: readonly ExecutableLike[]): string[] {
  const out: string[] = [];
  let depth = 0;
  for (const a of actions) {
    const params = (a.params ?? {}) as Record<string, unknown>;
    if (a.type === RECORD) {
      if (depth === 0) out.push(String(params.name));
      depth += 1;
      continue;
    }
    if (a.type === RECORD_END) { depth = Math.max(0, depth - 1); continue; }
    if (depth > 0) continue;
    switch (a.type) {
      case 'xstate.spawnChild': out.push(`start ${String(params.src ?? params.id ?? 'actor')}`); break;
      case 'xstate.stopChild': out.push('stop actor'); break;
      case 'xstate.raise': {
        const event = (params.event as { type?: string } | undefined)?.type ?? '';
        if (typeof params.delay === 'number') out.push(Number.isFinite(params.delay) ? `timer ${formatDelay(params.delay)}` : 'timer (delay not computable)');
        else if (event) out.push(`raise ${event}`);
        break;
      }
      case 'xstate.cancel': break; // a timer of a state being left: nothing a tester acts on
      case 'xstate.emit': out.push(`emit ${(params.event as { type?: string } | undefined)?.type ?? ''}`.trim()); break;
      case 'xstate.assign': out.push('assign'); break;
      case 'xstate.sendTo': out.push('send to actor'); break;
      case 'xstate.sendParent': out.push('send to parent'); break;
      case 'xstate.log': out.push('log'); break;
      default: out.push(a.type.startsWith('xstate.') ? a.type.slice(7) : a.type);
    }
  }
  return out;
}

/** 'connected.idleTimer.counting, connected.ping.pingReady' for a nested value. */
export function formatStateValue(value: unknown): string {
  const paths: string[] = [];
  const visit = (v: unknown, prefix: string) => {
    if (typeof v === 'string') { paths.push(prefix ? `${prefix}.${v}` : v); return; }
    if (v && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>);
      if (entries.length === 0 && prefix) paths.push(prefix);
      for (const [k, sub] of entries) visit(sub, prefix ? `${prefix}.${k}` : k);
      return;
    }
    if (prefix) paths.push(prefix);
  };
  visit(value, '');
  return paths.join(', ');
}

/**
 * Starts a sandbox in the machine's initial state (input: what the machine is created
 * with). Throws when the machine cannot start, e.g. its context needs an input field.
 */
export function startSandbox(machine: AnyStateMachine, input?: unknown): Sandbox {
  const recorder = recordingMachine(machine);
  const [snapshot, actions] = initialTransition(recorder, input as never);
  // xstate reports a failing start as an error snapshot rather than throwing.
  if ((snapshot as AnyMachineSnapshot).status === 'error') {
    const error = (snapshot as AnyMachineSnapshot).error;
    throw error instanceof Error ? error : new Error(String(error));
  }
  return {
    machine, recorder, snapshot: snapshot as AnyMachineSnapshot,
    start: formatStateValue(snapshot.value), startActions: actionNames(actions as ExecutableLike[]), log: [],
  };
}

/** Starts with no input, else with an empty object (a context reading `input.x`), else says why not. */
export function startSandboxOrExplain(machine: AnyStateMachine): { sandbox: Sandbox | null; error: string | null } {
  try { return { sandbox: startSandbox(machine), error: null }; } catch { /* try an empty input */ }
  try { return { sandbox: startSandbox(machine, {}), error: null }; } catch (e) {
    return { sandbox: null, error: e instanceof Error ? e.message : String(e) };
  }
}

/** Ids of every active state node of the sandbox (all levels, all regions). */
export function sandboxActiveIds(sandbox: Sandbox): string[] {
  return activeStateIds(sandbox.machine, sandbox.snapshot.value as StateValue);
}

function guardName(t: AnyTransitionDefinition): string {
  const g = t.guard as unknown;
  if (!g) return '';
  if (typeof g === 'string') return g;
  if (typeof g === 'function') return g.name || 'inline';
  if (typeof g === 'object' && g && 'type' in g) return String((g as { type: unknown }).type);
  return 'inline';
}

function delayText(machine: AnyStateMachine, t: AnyTransitionDefinition): string {
  // The `after` list of the source node names each delayed transition's delay; a named
  // delay configured as a number also says how long it is.
  const own = t.source.after.find((d) => d.eventType === t.eventType);
  const delay = own?.delay as number | string | undefined;
  if (delay === undefined) return '?';
  if (typeof delay === 'number') return formatDelay(delay);
  const configured = (machine.implementations.delays as Record<string, unknown> | undefined)?.[delay];
  return typeof configured === 'number' ? `${delay} (${formatDelay(configured)})` : delay;
}

function describeEvent(machine: AnyStateMachine, t: AnyTransitionDefinition): Pick<SandboxEvent, 'label' | 'kind'> {
  const type = t.eventType;
  if (type.startsWith('xstate.after.')) return { kind: 'after', label: `after ${delayText(machine, t)}` };
  const done = /^xstate\.done\.actor\.(.*)$/.exec(type);
  if (done) return { kind: 'done', label: `done: ${srcOf(t, done[1]!)}` };
  const error = /^xstate\.error\.actor\.(.*)$/.exec(type);
  if (error) return { kind: 'error', label: `error: ${srcOf(t, error[1]!)}` };
  if (type.startsWith('xstate.done.state.')) return { kind: 'done', label: `done: ${type.slice('xstate.done.state.'.length)}` };
  if (type === '*') return { kind: 'event', label: '* (any event)' };
  return { kind: 'event', label: type };
}

function srcOf(t: AnyTransitionDefinition, id: string): string {
  const def = t.source.invoke.find((i) => i.id === id);
  return def && typeof def.src === 'string' ? def.src : id;
}

/**
 * The events the current state accepts, from the machine definition: every transition of
 * the active states and their ancestors (getNextTransitions), eventless ones left out
 * (they are taken by themselves). Disabled where no transition would be taken, e.g. a
 * guard refuses it; `payload` is merged into the event for that check.
 */
export function sandboxEvents(sandbox: Sandbox, payload: Record<string, unknown> = {}): SandboxEvent[] {
  if (sandbox.snapshot.status !== 'active') return [];
  const byType = new Map<string, SandboxEvent>();
  for (const t of getNextTransitions(sandbox.snapshot)) {
    if (t.eventType === '') continue;
    const known = byType.get(t.eventType);
    if (known) { known.guards.push(guardName(t)); continue; }
    byType.set(t.eventType, { type: t.eventType, ...describeEvent(sandbox.machine, t), guards: [guardName(t)], enabled: false });
  }
  for (const e of byType.values()) {
    try {
      e.enabled = sandbox.snapshot.can({ ...payload, type: e.type } as EventObject);
    } catch {
      e.enabled = false; // a guard that reads a field the event lacks
    }
  }
  return [...byType.values()];
}

/** Sends one event through the pure transition and logs the step. */
export function sendSandbox(sandbox: Sandbox, event: EventObject, label = event.type): Sandbox {
  const [next, actions] = transition(sandbox.recorder, sandbox.snapshot as never, event as never);
  const step: SandboxStep = {
    n: sandbox.log.length + 1,
    from: formatStateValue(sandbox.snapshot.value),
    event: label,
    to: formatStateValue((next as AnyMachineSnapshot).value),
    actions: actionNames(actions as ExecutableLike[]),
  };
  return { ...sandbox, snapshot: next as AnyMachineSnapshot, log: [...sandbox.log, step] };
}
