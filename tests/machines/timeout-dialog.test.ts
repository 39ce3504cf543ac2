import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { TIMEOUT_DIALOG_TEXTS, formatCountdown, timeoutDialogMachine } from '../../machines/timeout-dialog.ts';
import { deferred, fullCoverage, settle } from './helpers.ts';
import type { Deferred } from './helpers.ts';

const coverage = fullCoverage(timeoutDialogMachine);

function start() {
  const refreshes: Deferred<unknown>[] = [];
  const workerRefreshes: unknown[] = [];
  let loggedOut = 0;
  const logic = timeoutDialogMachine.provide({
    actors: {
      refreshSession: fromPromise<unknown, void>(() => {
        const d = deferred<unknown>();
        refreshes.push(d);
        return d.promise;
      }),
    },
    actions: {
      refreshWorkerTime: ({ event }) => { workerRefreshes.push((event as { output?: unknown }).output); },
      logOut: () => { loggedOut += 1; },
    },
  });
  const actor = coverage.createActor(logic);
  actor.start();
  const state = () => actor.getSnapshot().value;
  const canContinue = () => actor.getSnapshot().can({ type: 'CONTINUE' });
  return { actor, refreshes, workerRefreshes, loggedOut: () => loggedOut, state, canContinue };
}

describe('timeout dialog machine', () => {
  it('appears with the countdown and follows it; a cleared countdown hides it', () => {
    const { actor, state } = start();
    actor.send({ type: 'UPDATE_TIME', time: null });
    expect(state()).toBe('hidden');
    actor.send({ type: 'UPDATE_TIME', time: 120_000 });
    expect(state()).toBe('shown');
    expect(actor.getSnapshot().context.time).toBe(120_000);
    actor.send({ type: 'UPDATE_TIME', time: 119_000 });
    expect(actor.getSnapshot().context.time).toBe(119_000);
    actor.send({ type: 'UPDATE_TIME', time: Number.NaN });
    expect(state()).toBe('hidden');
    expect(actor.getSnapshot().context.time).toBeNull();
  });

  it('disables Continue while the refresh call runs, then hides and refreshes the worker', async () => {
    const { actor, refreshes, workerRefreshes, state, canContinue } = start();
    actor.send({ type: 'UPDATE_TIME', time: 60_000 });
    expect(canContinue()).toBe(true);
    actor.send({ type: 'CONTINUE' });
    expect(state()).toBe('continuing');
    expect(canContinue()).toBe(false);
    actor.send({ type: 'CONTINUE' });
    expect(refreshes).toHaveLength(1);
    actor.send({ type: 'UPDATE_TIME', time: 59_000 });
    expect(actor.getSnapshot().context.time).toBe(59_000);
    refreshes[0]!.resolve({ expires_in: 900 });
    await settle();
    expect(state()).toBe('hidden');
    expect(workerRefreshes).toEqual([{ expires_in: 900 }]);
  });

  it('shows the overlay again with Continue enabled when the refresh fails', async () => {
    const { actor, refreshes, state, canContinue } = start();
    actor.send({ type: 'UPDATE_TIME', time: 30_000 });
    actor.send({ type: 'CONTINUE' });
    refreshes[0]!.reject(new Error('network'));
    await settle();
    expect(state()).toBe('shown');
    expect(canContinue()).toBe(true);
    expect(actor.getSnapshot().context.error).toBeInstanceOf(Error);
  });

  it('hides when the worker clears the countdown during the refresh', () => {
    const { actor, state } = start();
    actor.send({ type: 'UPDATE_TIME', time: 30_000 });
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'UPDATE_TIME', time: null });
    expect(state()).toBe('hidden');
  });

  it('logs out from the overlay, also while a refresh is running', () => {
    const a = start();
    a.actor.send({ type: 'UPDATE_TIME', time: 30_000 });
    a.actor.send({ type: 'LOG_OUT' });
    expect(a.state()).toBe('loggingOut');
    expect(a.loggedOut()).toBe(1);
    expect(a.actor.getSnapshot().status).toBe('done');

    const b = start();
    b.actor.send({ type: 'UPDATE_TIME', time: 30_000 });
    b.actor.send({ type: 'CONTINUE' });
    b.actor.send({ type: 'LOG_OUT' });
    expect(b.state()).toBe('loggingOut');
    expect(b.loggedOut()).toBe(1);
  });

  it('formats the countdown as minutes:seconds, clamped at zero', () => {
    expect(formatCountdown(120_000)).toBe('2:00');
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(9_000)).toBe('0:09');
    expect(formatCountdown(118_996)).toBe('1:59');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-4000)).toBe('0:00');
  });

  it('carries the overlay texts of spec 2.3', () => {
    expect(TIMEOUT_DIALOG_TEXTS.title).toBe('You are about to be logged off');
    expect(TIMEOUT_DIALOG_TEXTS.body).toBe('If you want to continue working, please press “Continue”. Otherwise, press “Log out”.');
  });
});
