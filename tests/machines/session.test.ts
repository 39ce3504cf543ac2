import { describe, expect, it } from 'vitest';
import { SESSION_PING_THROTTLE_MS, SESSION_WARNING_MS, sessionMachine } from '../../machines/session.ts';
import type { SessionEmitted } from '../../machines/session.ts';
import { fullCoverage, recordEmitted, testClock } from './helpers.ts';

const coverage = fullCoverage(sessionMachine);
const MIN = 60_000;

function start() {
  const t = testClock();
  const actor = coverage.createActor(sessionMachine, { clock: t.clock, input: { now: t.now } });
  const emitted = recordEmitted<SessionEmitted>(actor, ['UPDATE_TIME', 'NEED_PING', 'NEED_UPDATE_USER', 'FINISH'], t.now);
  actor.start();
  const of = (type: SessionEmitted['type']) => emitted.filter((e) => e.event.type === type);
  return { t, actor, emitted, of };
}

describe('session machine', () => {
  it('waits in ready until the first connect', () => {
    const { t, actor, emitted } = start();
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'ACTIVITY' });
    actor.send({ type: 'REFRESH_TIME', expiresAt: 10 * MIN, userId: 'u1' });
    t.advance(5 * MIN, 1000);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(emitted).toEqual([]);
    actor.send({ type: 'CONNECT', expiresAt: t.now() + 10 * MIN, userId: 'u1' });
    expect(actor.getSnapshot().matches('connected')).toBe(true);
  });

  it('warns two minutes before the idle end and counts down every second to FINISH', () => {
    const { t, actor, emitted, of } = start();
    actor.send({ type: 'CONNECT', expiresAt: 10 * MIN, userId: 'u1' });
    t.advance(8 * MIN - 1, 100);
    expect(emitted).toEqual([]);
    t.advance(1);
    expect(actor.getSnapshot().value).toBe('warning');
    expect(emitted).toEqual([{ at: 8 * MIN, event: { type: 'UPDATE_TIME', time: SESSION_WARNING_MS } }]);
    t.advance(2 * MIN, 100);
    const times = of('UPDATE_TIME').map((e) => e.event.type === 'UPDATE_TIME' && e.event.time);
    expect(times).toHaveLength(121);
    expect(times.slice(0, 3)).toEqual([120_000, 119_000, 118_000]);
    expect(times.at(-1)).toBe(0);
    expect(of('UPDATE_TIME').map((e) => e.at).slice(0, 3)).toEqual([8 * MIN, 8 * MIN + 1000, 8 * MIN + 2000]);
    expect(emitted.at(-1)).toEqual({ at: 10 * MIN, event: { type: 'FINISH' } });
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('ignores a repeated connect', () => {
    const { t, actor, emitted } = start();
    actor.send({ type: 'CONNECT', expiresAt: 10 * MIN, userId: 'u1' });
    actor.send({ type: 'CONNECT', expiresAt: 3 * MIN, userId: 'u2' });
    t.advance(8 * MIN - 1, 1000);
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().context.userId).toBe('u1');
    t.advance(1);
    expect(emitted[0]?.event).toEqual({ type: 'UPDATE_TIME', time: 120_000 });
    actor.send({ type: 'CONNECT', expiresAt: 30 * MIN, userId: 'u1' });
    expect(actor.getSnapshot().value).toBe('warning');
  });

  it('shows the countdown at once when connected inside the last two minutes, then on whole seconds', () => {
    const { t, actor, of } = start();
    actor.send({ type: 'CONNECT', expiresAt: 90_500, userId: 'u1' });
    expect(actor.getSnapshot().value).toBe('warning');
    t.advance(1500);
    expect(of('UPDATE_TIME').map((e) => [e.at, e.event.type === 'UPDATE_TIME' && e.event.time])).toEqual([
      [0, 90_500], [500, 90_000], [1500, 89_000],
    ]);
  });

  it('finishes at once when connected after the idle end', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'CONNECT', expiresAt: -1, userId: 'u1' });
    expect(emitted.map((e) => e.event)).toEqual([{ type: 'UPDATE_TIME', time: 0 }, { type: 'FINISH' }]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('restarts the idle timer on a refresh while connected', () => {
    const { t, actor, emitted } = start();
    actor.send({ type: 'CONNECT', expiresAt: 10 * MIN, userId: 'u1' });
    t.advance(5 * MIN, 1000);
    actor.send({ type: 'REFRESH_TIME', expiresAt: 20 * MIN, userId: 'u1' });
    t.advance(13 * MIN - 1, 1000);
    expect(emitted).toEqual([]);
    t.advance(1000);
    expect(actor.getSnapshot().value).toBe('warning');
    expect(emitted[0]?.at).toBe(18 * MIN);
  });

  it('goes straight to warning when a refresh leaves less than two minutes', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'CONNECT', expiresAt: 10 * MIN, userId: 'u1' });
    actor.send({ type: 'REFRESH_TIME', expiresAt: 60_000, userId: 'u1' });
    expect(actor.getSnapshot().value).toBe('warning');
    expect(emitted.map((e) => e.event)).toEqual([{ type: 'UPDATE_TIME', time: 60_000 }]);
  });

  it('clears the countdown when refreshed during the warning (Continue)', () => {
    const { t, actor, emitted } = start();
    actor.send({ type: 'CONNECT', expiresAt: 3 * MIN, userId: 'u1' });
    t.advance(90_000, 1000);
    expect(actor.getSnapshot().value).toBe('warning');
    actor.send({ type: 'REFRESH_TIME', expiresAt: t.now() + 10 * MIN, userId: 'u1' });
    expect(actor.getSnapshot().matches('connected')).toBe(true);
    expect(emitted.at(-1)?.event).toEqual({ type: 'UPDATE_TIME', time: null });
    const count = emitted.length;
    t.advance(8 * MIN - 1000, 1000);
    expect(emitted.length).toBe(count);
    t.advance(1000);
    expect(emitted.at(-1)?.event).toEqual({ type: 'UPDATE_TIME', time: 120_000 });
  });

  it('asks to update the user when a refresh reports another user', () => {
    const { t, actor, of } = start();
    actor.send({ type: 'CONNECT', expiresAt: 10 * MIN, userId: 'u1' });
    actor.send({ type: 'REFRESH_TIME', expiresAt: 10 * MIN, userId: 'u1' });
    expect(of('NEED_UPDATE_USER')).toEqual([]);
    actor.send({ type: 'REFRESH_TIME', expiresAt: 10 * MIN, userId: 'u2' });
    expect(of('NEED_UPDATE_USER').map((e) => e.event)).toEqual([{ type: 'NEED_UPDATE_USER', userId: 'u2' }]);
    expect(actor.getSnapshot().context.userId).toBe('u2');
    t.advance(8 * MIN, 1000);
    expect(actor.getSnapshot().value).toBe('warning');
    actor.send({ type: 'REFRESH_TIME', expiresAt: 20 * MIN, userId: 'u3' });
    expect(of('NEED_UPDATE_USER').map((e) => e.event)).toEqual([
      { type: 'NEED_UPDATE_USER', userId: 'u2' },
      { type: 'NEED_UPDATE_USER', userId: 'u3' },
    ]);
    expect(actor.getSnapshot().matches('connected')).toBe(true);
  });

  it('asks for a ping on activity at most once per throttle period', () => {
    const { t, actor, of } = start();
    actor.send({ type: 'CONNECT', expiresAt: 30 * MIN, userId: 'u1' });
    actor.send({ type: 'ACTIVITY' });
    actor.send({ type: 'ACTIVITY' });
    t.advance(SESSION_PING_THROTTLE_MS - 1, 1000);
    actor.send({ type: 'ACTIVITY' });
    expect(of('NEED_PING').map((e) => e.at)).toEqual([0]);
    t.advance(1);
    actor.send({ type: 'ACTIVITY' });
    expect(of('NEED_PING').map((e) => e.at)).toEqual([0, SESSION_PING_THROTTLE_MS]);
    // A refresh answering the ping does not reopen the throttle.
    actor.send({ type: 'REFRESH_TIME', expiresAt: t.now() + 30 * MIN, userId: 'u1' });
    actor.send({ type: 'ACTIVITY' });
    expect(of('NEED_PING')).toHaveLength(2);
  });

  it('does not ping for activity behind the overlay', () => {
    const { actor, of } = start();
    actor.send({ type: 'CONNECT', expiresAt: 60_000, userId: 'u1' });
    actor.send({ type: 'ACTIVITY' });
    expect(of('NEED_PING')).toEqual([]);
  });

  it('stops without FINISH when destroyed', () => {
    const { t, actor, emitted } = start();
    actor.send({ type: 'CONNECT', expiresAt: 3 * MIN, userId: 'u1' });
    actor.send({ type: 'DESTROY' });
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().status).toBe('done');
    t.advance(5 * MIN, 1000);
    expect(emitted).toEqual([]);
  });

  it('can be destroyed before connecting', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'DESTROY' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(emitted).toEqual([]);
  });
});
