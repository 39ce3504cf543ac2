// A test WebSocket on the server's /ws that records every frame and its close code, so a
// test can wait for the frame it expects (bounded by the test timeout, never by a clock).
import WebSocket from 'ws';

export class WsClient {
  readonly ws: WebSocket;
  readonly frames: any[] = [];
  closed: { code: number; reason: string } | null = null;
  readonly opened: Promise<void>;
  #waiters: Array<() => void> = [];

  /** baseUrl: the server's http(s) address; query: e.g. '?session_token=…'. */
  constructor(baseUrl: string, query = '') {
    this.ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws${query}`);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      this.ws.once('error', reject);
    });
    this.ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)));
      this.#wake();
    });
    this.ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.#wake();
    });
  }

  #wake() {
    for (const w of this.#waiters.splice(0)) w();
  }

  /** Waits until a frame matches. */
  async frame(match: (f: any) => boolean): Promise<any> {
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      if (this.closed) throw new Error(`socket closed (${this.closed.code}) before the frame arrived`);
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  async closedWith(): Promise<{ code: number; reason: string }> {
    while (!this.closed) await new Promise<void>((resolve) => this.#waiters.push(resolve));
    return this.closed;
  }

  send(frame: object) {
    this.ws.send(JSON.stringify(frame));
  }
}

/** Opens a socket, authenticates it with a session token as the browser does, and waits for 'connected'. */
export async function connectAs(baseUrl: string, sessionToken: string, clientId: string | null): Promise<{ socket: WsClient; hello: any }> {
  const socket = new WsClient(baseUrl);
  await socket.opened;
  socket.send({ session_token: sessionToken, path: '/', client_id: clientId });
  const hello = await socket.frame((f) => f.type === 'connected');
  return { socket, hello };
}
