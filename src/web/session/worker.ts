// The session Web Worker (its own esbuild entry): runs machines/session.ts, turns the
// page's messages into machine events and posts the machine's emitted events back. A
// worker keeps counting while the tab is in the background, and one clock serves the page.
import { createActor } from 'xstate';
import type { Actor, ActorOptions } from 'xstate';
import { sessionMachine } from '../../../machines/session.ts';
import type { SessionEmitted, SessionEvent } from '../../../machines/session.ts';
import { isPageToWorkerMessage } from './protocol.ts';
import type { PageToWorkerMessage, WorkerToPageMessage } from './protocol.ts';

/** The worker's side of the channel: its global scope, or a stand-in in tests. */
export interface SessionPort {
  postMessage(message: WorkerToPageMessage): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close?(): void;
}

export interface SessionWorkerOptions {
  /** A simulated clock in tests; real timers otherwise. */
  clock?: ActorOptions<typeof sessionMachine>['clock'];
  now?: () => number;
}

export function toSessionEvent(message: PageToWorkerMessage): SessionEvent {
  switch (message.type) {
    case 'connect': return { type: 'CONNECT', expiresAt: message.expiresAt, userId: message.userId };
    case 'refresh_time': return { type: 'REFRESH_TIME', expiresAt: message.expiresAt, userId: message.userId };
    case 'activity': return { type: 'ACTIVITY' };
    case 'destroy': return { type: 'DESTROY' };
  }
}

const EMITTED: SessionEmitted['type'][] = ['UPDATE_TIME', 'NEED_PING', 'NEED_UPDATE_USER', 'FINISH'];

export function attachSession(port: SessionPort, options: SessionWorkerOptions = {}): Actor<typeof sessionMachine> {
  const actor = createActor(sessionMachine, {
    ...(options.clock ? { clock: options.clock } : {}),
    input: options.now ? { now: options.now } : {},
  });
  for (const type of EMITTED) {
    actor.on(type, (event: SessionEmitted) => port.postMessage({ ...event } as WorkerToPageMessage));
  }
  // Finished (idle end or destroy): nothing more will happen, so the worker goes away.
  actor.subscribe({ complete: () => port.close?.() });
  port.addEventListener('message', (event) => {
    if (isPageToWorkerMessage(event.data)) actor.send(toSessionEvent(event.data));
  });
  actor.start();
  return actor;
}

if (typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope) {
  attachSession(globalThis as unknown as DedicatedWorkerGlobalScope as unknown as SessionPort);
}
