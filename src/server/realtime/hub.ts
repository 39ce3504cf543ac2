// The sockets of this server copy, indexed by channel and by session, and the protocol
// spoken on each one (docs/identity.md, "Realtime"):
//   client → server  {session_token | token, path, client_id}   first message: authenticate
//                    {type:'subscribe', channel, token?} · {type:'unsubscribe', channel} · {type:'ping'}
//   server → client  {type:'connected', user_id, channels} · {type:'subscribed'|'unsubscribed', channel}
//                    {type:'message', channel, data} · {type:'pong'} · {type:'error', code, message}
import type { WebSocket } from 'ws';
import type { AppContext } from '../context.ts';
import { findSessionById, findSessionByToken, type SocketSession } from '../identity/sessions.ts';
import { clientChannel, isMember, isUuid, mayListen, parseChannel, readConnectionToken, readSubscriptionToken, userChannel } from './channels.ts';

export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_AUTH_TIMEOUT = 4408;
const AUTH_TIMEOUT_MS = 10_000;
const MAX_CHANNELS_PER_SOCKET = 32;
/**
 * How long a socket's membership check is trusted at fan-out. A change of membership is
 * announced at once (MEMBERSHIP_CHANNEL) and re-checked then; this bounds how long a
 * change is missed while the LISTEN connection is down and its NOTIFY lost.
 */
export const MEMBERSHIP_TTL_MS = 60_000;

interface MembershipCheck { ok: boolean; at: number; pending?: Promise<boolean> }

export class Connection {
  readonly ws: WebSocket;
  session: SocketSession | null = null;
  path: string | null = null;
  alive = true;
  readonly channels = new Set<string>();
  /** Is this socket's user an active member of the client? Cached per client id, see MEMBERSHIP_TTL_MS. */
  readonly memberships = new Map<string, MembershipCheck>();
  /** Messages are handled one after another: a subscribe sent right after the hello waits for it. */
  queue: Promise<void> = Promise.resolve();
  #authTimer: NodeJS.Timeout | null = null;

  constructor(ws: WebSocket) {
    this.ws = ws;
  }

  send(frame: object): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(frame));
  }

  close(code: number, reason: string): void {
    this.clearAuthTimer();
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) this.ws.close(code, reason);
  }

  startAuthTimer(onTimeout: () => void): void {
    this.#authTimer = setTimeout(onTimeout, AUTH_TIMEOUT_MS);
  }

  clearAuthTimer(): void {
    if (this.#authTimer) clearTimeout(this.#authTimer);
    this.#authTimer = null;
  }
}

/** Resolves what a socket presented (session_token, or the token of GET /realtime/token). */
export async function authenticate(ctx: AppContext, creds: { session_token?: unknown; token?: unknown }): Promise<SocketSession | null> {
  if (typeof creds.session_token === 'string' && creds.session_token) return findSessionByToken(ctx, creds.session_token);
  const claims = readConnectionToken(ctx, creds.token);
  if (!claims) return null;
  const session = await findSessionById(ctx, claims.sid);
  return session && session.userId === claims.uid ? session : null;
}

export class Hub {
  readonly #ctx: AppContext;
  readonly connections = new Set<Connection>();
  readonly #byChannel = new Map<string, Set<Connection>>();

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  /** Takes a freshly opened socket; `preauthenticated` when the upgrade carried a valid token. */
  accept(ws: WebSocket, preauthenticated: { session: SocketSession; path: string | null; clientId: string | null } | null): Connection {
    const conn = new Connection(ws);
    this.connections.add(conn);
    ws.on('pong', () => { conn.alive = true; });
    ws.on('close', () => this.drop(conn));
    ws.on('error', (err) => this.#ctx.log.debug({ err }, 'realtime: socket error'));
    ws.on('message', (data, isBinary) => {
      conn.alive = true;
      if (isBinary) return conn.send({ type: 'error', code: 'bad_message', message: 'Messages are JSON text' });
      let msg: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(String(data));
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        msg = parsed as Record<string, unknown>;
      } catch {
        return conn.send({ type: 'error', code: 'bad_message', message: 'Messages are JSON objects' });
      }
      conn.queue = conn.queue.then(() => this.#onMessage(conn, msg)).catch((err) => {
        this.#ctx.log.warn({ err }, 'realtime: message handling failed');
        conn.send({ type: 'error', code: 'internal', message: 'The message could not be handled' });
      });
    });
    if (preauthenticated) {
      const { session, path, clientId } = preauthenticated;
      conn.queue = this.#start(conn, session, path, clientId).catch((err) => this.#ctx.log.warn({ err }, 'realtime: start failed'));
    } else {
      conn.startAuthTimer(() => conn.close(CLOSE_AUTH_TIMEOUT, 'authentication timeout'));
    }
    return conn;
  }

  async #onMessage(conn: Connection, msg: Record<string, unknown>): Promise<void> {
    const isHello = msg.type === undefined && ('session_token' in msg || 'token' in msg);
    if (!conn.session) {
      if (!isHello) return conn.close(CLOSE_UNAUTHORIZED, 'authenticate first');
      const session = await authenticate(this.#ctx, msg);
      if (!session) {
        conn.send({ type: 'error', code: 'unauthorized', message: 'The session has ended. Please sign in again.' });
        return conn.close(CLOSE_UNAUTHORIZED, 'unauthorized');
      }
      return this.#start(conn, session, pathOf(msg.path), isUuid(msg.client_id) ? msg.client_id.toLowerCase() : null);
    }
    if (isHello) {
      // The page moved (another client or path): same session required, context replaced.
      const session = await authenticate(this.#ctx, msg);
      if (!session || session.id !== conn.session.id) return conn.send({ type: 'error', code: 'unauthorized', message: 'Another session' });
      conn.path = pathOf(msg.path);
      for (const channel of [...conn.channels]) if (channel.startsWith('client:')) this.#unsubscribe(conn, channel);
      if (isUuid(msg.client_id)) await this.#subscribe(conn, clientChannel(msg.client_id.toLowerCase()));
      return;
    }
    switch (msg.type) {
      case 'ping':
        return conn.send({ type: 'pong' });
      case 'subscribe': {
        if (typeof msg.channel !== 'string') return conn.send({ type: 'error', code: 'bad_message', message: 'channel is required' });
        if (msg.token !== undefined && msg.token !== null) {
          const claims = readSubscriptionToken(this.#ctx, msg.token);
          if (!claims || claims.sid !== conn.session.id || claims.ch !== msg.channel) {
            return conn.send({ type: 'error', code: 'forbidden', channel: msg.channel, message: 'The subscription token is not valid' });
          }
        }
        return this.#subscribe(conn, msg.channel);
      }
      case 'unsubscribe':
        if (typeof msg.channel === 'string') this.#unsubscribe(conn, msg.channel);
        return conn.send({ type: 'unsubscribed', channel: msg.channel });
      default:
        return conn.send({ type: 'error', code: 'bad_message', message: 'Unknown message type' });
    }
  }

  async #start(conn: Connection, session: SocketSession, path: string | null, clientId: string | null): Promise<void> {
    conn.clearAuthTimer();
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    conn.session = session;
    conn.path = path;
    this.#add(conn, userChannel(session.userId));
    if (clientId) await this.#subscribe(conn, clientChannel(clientId), { quiet: true });
    conn.send({ type: 'connected', user_id: session.userId, channels: [...conn.channels] });
  }

  async #subscribe(conn: Connection, channel: string, opts: { quiet?: boolean } = {}): Promise<void> {
    const parsed = parseChannel(channel);
    const name = parsed ? `${parsed.kind}:${parsed.id}` : channel;
    // Every subscribe asks the database afresh; the answer then serves fan-out.
    const allowed = !!conn.session && !!parsed && (await mayListen(this.#ctx, conn.session.userId, name));
    if (parsed?.kind === 'client') conn.memberships.set(parsed.id, { ok: allowed, at: Date.now() });
    if (!allowed) {
      return conn.send({ type: 'error', code: 'forbidden', channel, message: 'You may not listen on this channel' });
    }
    if (conn.ws.readyState !== conn.ws.OPEN) return; // closed while the membership was checked
    if (!conn.channels.has(name) && conn.channels.size >= MAX_CHANNELS_PER_SOCKET) {
      return conn.send({ type: 'error', code: 'too_many_channels', channel, message: 'Too many channels on one connection' });
    }
    this.#add(conn, name);
    if (!opts.quiet) conn.send({ type: 'subscribed', channel: name });
  }

  #add(conn: Connection, channel: string): void {
    conn.channels.add(channel);
    let set = this.#byChannel.get(channel);
    if (!set) this.#byChannel.set(channel, (set = new Set()));
    set.add(conn);
  }

  #unsubscribe(conn: Connection, channel: string): void {
    if (conn.session && channel === userChannel(conn.session.userId)) return; // the user's own channel stays
    conn.channels.delete(channel);
    const set = this.#byChannel.get(channel);
    set?.delete(conn);
    if (set?.size === 0) this.#byChannel.delete(channel);
  }

  drop(conn: Connection): void {
    conn.clearAuthTimer();
    this.connections.delete(conn);
    for (const channel of conn.channels) {
      const set = this.#byChannel.get(channel);
      set?.delete(conn);
      if (set?.size === 0) this.#byChannel.delete(channel);
    }
    conn.channels.clear();
  }

  /**
   * Sends to every socket of this copy listening on the channel, and, for a message about
   * a client (a client channel, or clientId on a user channel), only to sockets whose user
   * is still an active member of it. Returns how many sockets it goes to.
   */
  publish(channel: string, data: unknown, opts: { clientId?: string | null } = {}): number {
    const set = this.#byChannel.get(channel);
    if (!set) return 0;
    const parsed = parseChannel(channel);
    const clientId = opts.clientId ?? (parsed?.kind === 'client' ? parsed.id : null);
    const frame = JSON.stringify({ type: 'message', channel, data });
    let sent = 0;
    for (const conn of set) {
      if (conn.ws.readyState !== conn.ws.OPEN) continue;
      const member = clientId ? this.#member(conn, clientId) : true;
      if (member === false) continue;
      sent++;
      if (member === true) conn.ws.send(frame);
      else void member.then((ok) => { if (ok && conn.channels.has(channel) && conn.ws.readyState === conn.ws.OPEN) conn.ws.send(frame); });
    }
    return sent;
  }

  /** The cached membership when fresh, else a check of the database (one at a time per socket and client). */
  #member(conn: Connection, clientId: string): boolean | Promise<boolean> {
    const cached = conn.memberships.get(clientId);
    if (cached?.pending) return cached.pending;
    if (cached && Date.now() - cached.at < MEMBERSHIP_TTL_MS) return cached.ok;
    if (!conn.session) return false;
    const pending = isMember(this.#ctx, conn.session.userId, clientId).then(
      (ok) => { conn.memberships.set(clientId, { ok, at: Date.now() }); return ok; },
      (err) => {
        // Unknown is not yes: nothing is sent, and the next message asks again.
        this.#ctx.log.warn({ err }, 'realtime: membership check failed');
        conn.memberships.delete(clientId);
        return false;
      },
    );
    conn.memberships.set(clientId, { ok: cached?.ok ?? false, at: cached?.at ?? 0, pending });
    return pending;
  }

  /**
   * A membership of userId changed (in clientId, or every client when null): re-check the
   * user's sockets now; one that may no longer listen on a client's channel leaves it and
   * is told so (the same 'forbidden' as a refused subscribe).
   */
  async membershipChanged(userId: string, clientId: string | null): Promise<void> {
    const work: Promise<void>[] = [];
    for (const conn of this.connections) {
      if (!conn.session || conn.session.userId.toLowerCase() !== userId.toLowerCase()) continue;
      const ids = clientId ? [clientId] : [...new Set([...conn.memberships.keys(), ...clientChannelsOf(conn)])];
      for (const id of ids) {
        conn.memberships.delete(id);
        const channel = clientChannel(id);
        work.push((async () => {
          const ok = await this.#member(conn, id);
          if (!ok && conn.channels.has(channel)) {
            this.#unsubscribe(conn, channel);
            conn.send({ type: 'error', code: 'forbidden', channel, message: 'You are no longer a member of this client' });
          }
        })());
      }
    }
    await Promise.all(work);
  }

  /** After NOTIFYs may have been missed (the LISTEN connection was down): trust no cached membership. */
  forgetMemberships(): void {
    const users = new Set<string>();
    for (const conn of this.connections) if (conn.session) users.add(conn.session.userId);
    for (const userId of users) void this.membershipChanged(userId, null);
  }

  closeSession(sessionId: string, reason = 'session ended'): void {
    for (const conn of this.connections) {
      if (conn.session?.id === sessionId) conn.close(CLOSE_UNAUTHORIZED, reason);
    }
  }

  sessionIds(): string[] {
    const ids = new Set<string>();
    for (const conn of this.connections) if (conn.session) ids.add(conn.session.id);
    return [...ids];
  }
}

function clientChannelsOf(conn: Connection): string[] {
  return [...conn.channels].flatMap((ch) => {
    const parsed = parseChannel(ch);
    return parsed?.kind === 'client' ? [parsed.id] : [];
  });
}

function pathOf(value: unknown): string | null {
  return typeof value === 'string' ? value.slice(0, 512) : null;
}
