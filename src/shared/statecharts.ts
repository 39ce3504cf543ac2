// Stored statecharts (pure, for browser and server alike): a row's state value and context
// turned back into an xstate snapshot, the events that state accepts, and the pure
// transition the server applies. The same machine answers both sides, so a page offers
// exactly the actions the server will accept.
import { transition, type AnyStateMachine, type SnapshotFrom } from 'xstate';

/** The snapshot of a stored instance: its state value and the context its guards read (plus `now`). */
export function storedSnapshot(machine: AnyStateMachine, value: string, context: Record<string, unknown> = {}): SnapshotFrom<AnyStateMachine> {
  if (!Object.hasOwn(machine.root.states, value)) throw new Error(`${machine.id}: no state "${value}"`);
  return machine.resolveState({ value, context: { ...context, now: Date.now() } });
}

/** Event types the state accepts now (guards evaluated against the context). */
export function acceptedEvents(machine: AnyStateMachine, value: string, context: Record<string, unknown> = {}): string[] {
  const snap = storedSnapshot(machine, value, context);
  const node = machine.root.states[value];
  return node.ownEvents.filter((type) => !type.startsWith('xstate.') && snap.can({ type }));
}

export type StoredStep =
  | { ok: true; before: string; after: string }
  | { ok: false; before: string };

/** Applies an event to a stored state; a refused event leaves it as it was. */
export function applyStoredEvent(machine: AnyStateMachine, value: string, context: Record<string, unknown>, event: { type: string }): StoredStep {
  const snap = storedSnapshot(machine, value, context);
  if (!snap.can(event)) return { ok: false, before: value };
  const [next] = transition(machine, snap, event);
  if (typeof next.value !== 'string') throw new Error(`${machine.id}: stored machines keep flat states (got ${JSON.stringify(next.value)})`);
  return { ok: true, before: value, after: next.value };
}

/** Stored machines keep one flat state per row: their top-level states are atomic. */
export function isFlatMachine(machine: AnyStateMachine): boolean {
  return Object.values(machine.root.states).every((s) => Object.keys(s.states).length === 0 && s.type !== 'parallel');
}
