// Shared bits of the machine tests: a simulated clock that lets time pass like real time,
// a recorder of emitted events, promises the test settles by hand, and the coverage check
// every machine's tests must pass.
import { afterAll, expect } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { advanceClock, createCoverage, type Coverage } from '../../machines/inspect.ts';

export interface TestClock {
  clock: SimulatedClock;
  now(): number;
  /** Lets `ms` of simulated time pass, firing every timer at its own due time. */
  advance(ms: number, stepMs?: number): void;
}

export function testClock(): TestClock {
  const clock = new SimulatedClock();
  return {
    clock,
    now: () => clock.now(),
    advance: (ms, stepMs = 1) => advanceClock(clock, ms, stepMs),
  };
}

export interface Recorded<E> {
  at: number;
  event: E;
}

/** Records the events an actor emits (actor.on), with the simulated time of each. */
export function recordEmitted<E extends { type: string }>(
  actor: AnyActorRef,
  types: readonly string[],
  now: () => number = () => 0,
): Recorded<E>[] {
  const out: Recorded<E>[] = [];
  for (const type of types) actor.on(type, (event: E) => out.push({ at: now(), event }));
  return out;
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

/** Lets settled promises (promise actors) deliver their results to the machine. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise<void>((r) => setImmediate(r));
}

/**
 * Records the machine's states and transitions over every test of the file (actors made with
 * `coverage.createActor`). Once all of them have run, in whatever order, every state must have
 * been reached and every transition taken: the check runs in afterAll and fails the file
 * otherwise, naming what no test exercised.
 */
export function fullCoverage(machine: AnyStateMachine): Coverage {
  const coverage = createCoverage(machine);
  afterAll(async () => {
    await settle();
    expect(coverage.report(), `states and transitions of '${machine.id}' that no test of this file exercised`)
      .toEqual({ states: [], transitions: [] });
  });
  return coverage;
}
