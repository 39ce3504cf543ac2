import { describe, expect, it } from 'vitest';
import { isPageToWorkerMessage, isWorkerToPageMessage } from '../../src/web/session/protocol.ts';
import type { WorkerToPageMessage } from '../../src/web/session/protocol.ts';
import { attachSession, toSessionEvent } from '../../src/web/session/worker.ts';
import { testClock } from './helpers.ts';

const MIN = 60_000;

function startWorker() {
  const t = testClock();
  const posted: WorkerToPageMessage[] = [];
  let listener: ((event: { data: unknown }) => void) | undefined;
  let closed = false;
  const port = {
    postMessage: (message: WorkerToPageMessage) => { posted.push(message); },
    addEventListener: (_type: 'message', l: (event: { data: unknown }) => void) => { listener = l; },
    close: () => { closed = true; },
  };
  const actor = attachSession(port, { clock: t.clock, now: t.now });
  const fromPage = (data: unknown) => listener!({ data });
  return { t, actor, posted, fromPage, closed: () => closed };
}

describe('session worker', () => {
  it('counts down after connect and posts FINISH at the idle end, then closes', () => {
    const { t, posted, fromPage, closed } = startWorker();
    fromPage({ type: 'connect', expiresAt: 3 * MIN, userId: 'u1' });
    t.advance(MIN - 1, 1000);
    expect(posted).toEqual([]);
    t.advance(1);
    expect(posted).toEqual([{ type: 'UPDATE_TIME', time: 120_000 }]);
    expect(closed()).toBe(false);
    t.advance(2 * MIN, 1000);
    expect(posted.at(-2)).toEqual({ type: 'UPDATE_TIME', time: 0 });
    expect(posted.at(-1)).toEqual({ type: 'FINISH' });
    expect(closed()).toBe(true);
  });

  it('answers activity with NEED_PING and a refresh for another user with NEED_UPDATE_USER', () => {
    const { posted, fromPage } = startWorker();
    fromPage({ type: 'connect', expiresAt: 30 * MIN, userId: 'u1' });
    fromPage({ type: 'activity' });
    fromPage({ type: 'refresh_time', expiresAt: 30 * MIN, userId: 'u2' });
    expect(posted).toEqual([{ type: 'NEED_PING' }, { type: 'NEED_UPDATE_USER', userId: 'u2' }]);
  });

  it('clears the countdown when the page refreshes the time during the warning', () => {
    const { t, posted, fromPage } = startWorker();
    fromPage({ type: 'connect', expiresAt: MIN, userId: 'u1' });
    fromPage({ type: 'refresh_time', expiresAt: t.now() + 30 * MIN, userId: 'u1' });
    expect(posted).toEqual([{ type: 'UPDATE_TIME', time: 60_000 }, { type: 'UPDATE_TIME', time: null }]);
  });

  it('stops and closes on destroy without FINISH', () => {
    const { t, posted, fromPage, closed } = startWorker();
    fromPage({ type: 'connect', expiresAt: 3 * MIN, userId: 'u1' });
    fromPage({ type: 'destroy' });
    expect(closed()).toBe(true);
    t.advance(5 * MIN, 1000);
    expect(posted).toEqual([]);
  });

  it('ignores messages that do not follow the protocol', () => {
    const { actor, posted, fromPage } = startWorker();
    for (const data of [null, 'connect', { type: 'connect' }, { type: 'connect', expiresAt: '5', userId: 'u' }, { type: 'CONNECT', expiresAt: 5, userId: 'u' }]) {
      fromPage(data);
    }
    expect(actor.getSnapshot().value).toBe('ready');
    expect(posted).toEqual([]);
  });

  it('maps page messages to machine events and recognises worker messages', () => {
    expect(toSessionEvent({ type: 'connect', expiresAt: 1, userId: 'u' })).toEqual({ type: 'CONNECT', expiresAt: 1, userId: 'u' });
    expect(toSessionEvent({ type: 'refresh_time', expiresAt: 2, userId: 'u' })).toEqual({ type: 'REFRESH_TIME', expiresAt: 2, userId: 'u' });
    expect(toSessionEvent({ type: 'activity' })).toEqual({ type: 'ACTIVITY' });
    expect(toSessionEvent({ type: 'destroy' })).toEqual({ type: 'DESTROY' });
    expect(isPageToWorkerMessage({ type: 'activity' })).toBe(true);
    expect(isWorkerToPageMessage({ type: 'UPDATE_TIME', time: null })).toBe(true);
    expect(isWorkerToPageMessage({ type: 'connect' })).toBe(false);
    expect(isWorkerToPageMessage(undefined)).toBe(false);
  });
});
