import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import {
  REALTIME_MAX_RECONNECT_DELAY_MS, REALTIME_REQUEST_TIMEOUT_MS, connectionStatus, realtimeConnectionMachine,
  reconnectDelay,
} from '../../machines/realtime-connection.ts';
import type {
  ConnectParams, RealtimeConnectionEmitted, SocketCommand, SocketEvent,
} from '../../machines/realtime-connection.ts';
import { fullCoverage, recordEmitted, testClock } from './helpers.ts';

const coverage = fullCoverage(realtimeConnectionMachine);
const params: ConnectParams = { url: 'wss://example.test/ws', sessionToken: 'tok-1', clientId: 'c1' };

interface FakeSocket {
  input: ConnectParams;
  openedAt: number;
  sent: SocketCommand[];
  closed: boolean;
  sendBack(event: SocketEvent): void;
}

function start(options: { throwOnOpen?: boolean } = {}) {
  const t = testClock();
  const sockets: FakeSocket[] = [];
  const reported: unknown[] = [];
  const logic = realtimeConnectionMachine.provide({
    actors: {
      socket: fromCallback<SocketCommand, ConnectParams>(({ input, sendBack, receive }) => {
        if (options.throwOnOpen) throw new Error('blocked by CSP');
        const socket: FakeSocket = { input, openedAt: t.now(), sent: [], closed: false, sendBack };
        sockets.push(socket);
        receive((command) => socket.sent.push(command));
        return () => { socket.closed = true; };
      }),
    },
    actions: { reportError: ({ context }) => { reported.push(context.lastError); } },
  });
  const actor = coverage.createActor(logic, { clock: t.clock });
  const emitted = recordEmitted<RealtimeConnectionEmitted>(
    actor, ['CONNECTED', 'DROPPED', 'MESSAGE', 'RECONNECT_SCHEDULED'], t.now,
  );
  actor.start();
  const status = () => connectionStatus(actor.getSnapshot());
  const of = <T extends RealtimeConnectionEmitted['type']>(type: T) =>
    emitted.filter((e) => e.event.type === type).map((e) => e.event as Extract<RealtimeConnectionEmitted, { type: T }>);
  return { t, actor, sockets, reported, emitted, status, of };
}

describe('realtime connection machine', () => {
  it('goes disconnected → connecting → connected, opening one socket with the session token', () => {
    const { actor, sockets, status, of } = start();
    expect(status()).toBe('disconnected');
    actor.send({ type: 'CONNECT', params });
    expect(status()).toBe('connecting');
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.input).toEqual(params);
    sockets[0]!.sendBack({ type: 'SOCKET.OPEN' });
    expect(status()).toBe('connected');
    expect(of('CONNECTED')).toHaveLength(1);
    expect(sockets).toHaveLength(1);
  });

  it('delivers messages to listeners and sends requests over the socket once connected', () => {
    const { actor, sockets, of } = start();
    actor.send({ type: 'CONNECT', params });
    sockets[0]!.sendBack({ type: 'SOCKET.OPEN' });
    sockets[0]!.sendBack({ type: 'SOCKET.MESSAGE', data: { notification_type: 'checkup', obj_id: 5 } });
    expect(of('MESSAGE')).toEqual([{ type: 'MESSAGE', data: { notification_type: 'checkup', obj_id: 5 } }]);
    actor.send({ type: 'SEND', data: { subscribe: 'chan' } });
    expect(sockets[0]!.sent).toEqual([{ type: 'SEND', data: { subscribe: 'chan' } }]);
  });

  it('on an error drops listeners, reports it, closes the socket and reconnects after 1 s', () => {
    const { t, actor, sockets, reported, status, of } = start();
    actor.send({ type: 'CONNECT', params });
    sockets[0]!.sendBack({ type: 'SOCKET.OPEN' });
    const error = new Error('network');
    sockets[0]!.sendBack({ type: 'SOCKET.ERROR', error });
    expect(of('DROPPED')).toEqual([{ type: 'DROPPED', reason: 'error' }]);
    expect(reported).toEqual([error]);
    expect(sockets[0]!.closed).toBe(true);
    expect(status()).toBe('connecting');
    t.advance(999);
    expect(sockets).toHaveLength(1);
    t.advance(1);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.openedAt).toBe(1000);
  });

  it('on a close drops listeners and reconnects', () => {
    const { t, actor, sockets, reported, of } = start();
    actor.send({ type: 'CONNECT', params });
    sockets[0]!.sendBack({ type: 'SOCKET.OPEN' });
    sockets[0]!.sendBack({ type: 'SOCKET.CLOSED', code: 1006 });
    expect(of('DROPPED')).toEqual([{ type: 'DROPPED', reason: 'closed' }]);
    expect(reported).toEqual([]);
    t.advance(1000);
    expect(sockets).toHaveLength(2);
  });

  it('gives up on a connect attempt after the 5 s request timeout', () => {
    const { t, actor, sockets, of } = start();
    actor.send({ type: 'CONNECT', params });
    t.advance(REALTIME_REQUEST_TIMEOUT_MS - 1, 100);
    expect(actor.getSnapshot().matches({ active: 'connecting' })).toBe(true);
    t.advance(1);
    expect(actor.getSnapshot().value).toBe('reconnecting');
    expect(of('DROPPED')).toEqual([{ type: 'DROPPED', reason: 'timeout' }]);
    expect(sockets[0]!.closed).toBe(true);
  });

  it('doubles the reconnect delay from 1 s up to the 20 s cap, and resets it after a success', () => {
    const { t, actor, sockets, of } = start();
    actor.send({ type: 'CONNECT', params });
    // Every attempt fails at once; measure how long each new socket waits.
    const gaps: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const failedAt = t.now();
      const count = sockets.length;
      sockets.at(-1)!.sendBack({ type: 'SOCKET.ERROR', error: 'refused' });
      while (sockets.length === count && t.now() - failedAt <= REALTIME_MAX_RECONNECT_DELAY_MS) t.advance(1);
      gaps.push(sockets.at(-1)!.openedAt - failedAt);
    }
    expect(gaps).toEqual([1000, 2000, 4000, 8000, 16_000, 20_000, 20_000]);
    expect(of('RECONNECT_SCHEDULED').map((e) => e.delayMs)).toEqual(gaps);
    sockets.at(-1)!.sendBack({ type: 'SOCKET.OPEN' });
    expect(actor.getSnapshot().context.retries).toBe(0);
    sockets.at(-1)!.sendBack({ type: 'SOCKET.ERROR', error: 'again' });
    expect(of('RECONNECT_SCHEDULED').at(-1)).toEqual({ type: 'RECONNECT_SCHEDULED', delayMs: 1000, attempt: 1 });
  });

  it('treats a socket actor that fails to start as an error', () => {
    const { actor, reported, of } = start({ throwOnOpen: true });
    actor.send({ type: 'CONNECT', params });
    expect(actor.getSnapshot().value).toBe('reconnecting');
    expect(of('DROPPED')).toEqual([{ type: 'DROPPED', reason: 'error' }]);
    expect(String(reported[0])).toContain('blocked by CSP');
  });

  it('disconnects on request: drops listeners, closes the socket and stays down', () => {
    const { t, actor, sockets, status, of } = start();
    actor.send({ type: 'CONNECT', params });
    sockets[0]!.sendBack({ type: 'SOCKET.OPEN' });
    actor.send({ type: 'DISCONNECT' });
    expect(status()).toBe('disconnected');
    expect(of('DROPPED')).toEqual([{ type: 'DROPPED', reason: 'disconnect' }]);
    expect(sockets[0]!.closed).toBe(true);
    t.advance(60_000, 1000);
    expect(sockets).toHaveLength(1);
  });

  it('can be stopped or reconnected at once while waiting to reconnect', () => {
    const { t, actor, sockets, status } = start();
    actor.send({ type: 'CONNECT', params });
    sockets[0]!.sendBack({ type: 'SOCKET.CLOSED' });
    actor.send({ type: 'DISCONNECT' });
    expect(status()).toBe('disconnected');
    t.advance(5000, 100);
    expect(sockets).toHaveLength(1);

    actor.send({ type: 'CONNECT', params });
    sockets[1]!.sendBack({ type: 'SOCKET.CLOSED' });
    const fresh = { ...params, sessionToken: 'tok-2' };
    actor.send({ type: 'CONNECT', params: fresh });
    expect(sockets).toHaveLength(3);
    expect(sockets[2]!.input).toEqual(fresh);
  });

  it('computes the backoff table of spec 9', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 20_000, 20_000]);
  });
});
