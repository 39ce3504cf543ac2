// A small registry of the state machines running in this browser, so the machine
// inspector can highlight their live states. Every actor the shell starts goes through
// `startTracked` (outside React) or `useTrackedMachine` (inside), which register it and
// report each snapshot.
import { observable } from '@legendapp/state';
import { useSelector } from '@legendapp/state/react';
import { useActorRef, useSelector as useActorSelector } from '@xstate/react';
import { useEffect } from 'react';
import { createActor, type Actor, type ActorOptions, type AnyStateMachine, type SnapshotFrom } from 'xstate';

export interface RunningActor {
  /** Instance key: machine id plus a counter. */
  key: string;
  machineId: string;
  /** Where it runs (component or module), for the inspector's list. */
  label: string;
  /** The snapshot's state value. */
  value: unknown;
  status: string;
  updatedAt: number;
}

export const running$ = observable<Record<string, RunningActor>>({});
let counter = 0;

function track(machineId: string, label: string, actor: { subscribe: Actor<AnyStateMachine>['subscribe']; getSnapshot: () => unknown }): () => void {
  const key = `${machineId}#${++counter}`;
  const report = (snap: unknown) => {
    const s = snap as { value?: unknown; status?: string };
    running$[key].set({ key, machineId, label, value: s.value, status: s.status ?? 'active', updatedAt: Date.now() });
  };
  report(actor.getSnapshot());
  const sub = actor.subscribe({ next: report, error: () => report({ ...(actor.getSnapshot() as object), status: 'error' }) });
  return () => {
    sub.unsubscribe();
    running$[key].delete();
  };
}

/** createActor + start, registered with the inspector. Stop through the returned actor. */
export function startTracked<M extends AnyStateMachine>(
  machine: M,
  options: ActorOptions<M> & { label?: string } = {},
): Actor<M> {
  const actor = createActor(machine, options);
  const untrack = track(machine.id, options.label ?? machine.id, actor as unknown as Actor<AnyStateMachine>);
  actor.subscribe({ complete: untrack, error: untrack });
  const stop = actor.stop.bind(actor);
  actor.stop = () => { untrack(); return stop(); };
  actor.start();
  return actor;
}

/** useActorRef + useSelector(snapshot), registered with the inspector while mounted. */
export function useTrackedMachine<M extends AnyStateMachine>(
  machine: M,
  options: ActorOptions<M> & { label?: string } = {},
): [SnapshotFrom<M>, Actor<M>['send'], Actor<M>] {
  const ref = useActorRef(machine, options) as unknown as Actor<M>;
  const snapshot = useActorSelector(ref, (s) => s) as SnapshotFrom<M>;
  useEffect(() => track(machine.id, options.label ?? machine.id, ref as unknown as Actor<AnyStateMachine>), [ref, machine.id, options.label]);
  return [snapshot, ref.send, ref];
}

export function useRunningActors(): RunningActor[] {
  return Object.values(useSelector(() => running$.get()) ?? {});
}

/**
 * Reports a machine that runs elsewhere (the session machine lives in the worker): the
 * page mirrors its state from the worker's messages. Returns the remover.
 */
export function reportExternal(machineId: string, label: string, value: unknown, status = 'active'): () => void {
  const key = `${machineId}@${label}`;
  running$[key].set({ key, machineId, label, value, status, updatedAt: Date.now() });
  return () => running$[key].delete();
}
