// Starts the session worker (its URL comes from window.__APP__.worker, which the server
// reads from dist/web/manifest.json). Where no worker can run (no URL in a dev setup, a
// browser that refuses module workers), the same session code runs on the page through
// the same message protocol, loaded lazily.
import { appConfig } from '../config.ts';
import { isWorkerToPageMessage, type PageToWorkerMessage, type WorkerToPageMessage } from './protocol.ts';

export interface SessionChannel {
  post(message: PageToWorkerMessage): void;
  onMessage(cb: (message: WorkerToPageMessage) => void): void;
  terminate(): void;
  /** 'worker' or 'page', for the inspector. */
  kind: 'worker' | 'page';
}

function fromWorker(worker: Worker): SessionChannel {
  const listeners: ((m: WorkerToPageMessage) => void)[] = [];
  worker.addEventListener('message', (e: MessageEvent) => {
    if (isWorkerToPageMessage(e.data)) for (const l of listeners) l(e.data);
  });
  return {
    kind: 'worker',
    post: (m) => worker.postMessage(m),
    onMessage: (cb) => { listeners.push(cb); },
    terminate: () => worker.terminate(),
  };
}

async function inPage(): Promise<SessionChannel> {
  const { attachSession } = await import('./worker.ts');
  const toPage: ((m: WorkerToPageMessage) => void)[] = [];
  const toWorker: ((e: { data: unknown }) => void)[] = [];
  let closed = false;
  const actor = attachSession({
    postMessage: (m) => queueMicrotask(() => { if (!closed) for (const l of toPage) l(m); }),
    addEventListener: (_type, l) => { toWorker.push(l); },
    close: () => { closed = true; },
  });
  return {
    kind: 'page',
    post: (m) => queueMicrotask(() => { if (!closed) for (const l of toWorker) l({ data: m }); }),
    onMessage: (cb) => { toPage.push(cb); },
    terminate: () => { closed = true; actor.stop(); },
  };
}

export async function openSessionChannel(): Promise<SessionChannel> {
  if (appConfig.worker && typeof Worker !== 'undefined') {
    try {
      return fromWorker(new Worker(appConfig.worker, { type: 'module', name: 'session' }));
    } catch {
      // fall through to the in-page session
    }
  }
  return inPage();
}
