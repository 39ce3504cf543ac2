// Realtime: a WebSocket server at /ws on the product's own HTTP server. Sockets authenticate
// with the session's session_token; messages reach them from any server copy through
// Postgres LISTEN/NOTIFY on REALTIME_CHANNEL, so a write handled by one copy reaches a
// browser connected to another.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import type { AppContext } from '../context.ts';
import { requireSession, sendData, sendError } from '../identity/replies.ts';
import { aliveSessionIds, SESSION_ENDED_CHANNEL } from '../identity/sessions.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { MEMBERSHIP_CHANNEL } from '../db/core-schema.ts';
import { connectionToken, isUuid, mayListen, parseChannel, subscriptionToken, userChannel, clientChannel } from './channels.ts';
import { authenticate, CLOSE_UNAUTHORIZED, Hub } from './hub.ts';

/** The core NOTIFYs here with JSON {user_id, client_id, message}; message is what the browser receives. */
export const REALTIME_CHANNEL = 'realtime';
export const WS_PATH = '/ws';
const HEARTBEAT_MS = 30_000;

export interface RealtimeNotice {
  /** Everyone connected as this user (any client) receives it. */
  user_id?: string | null;
  /** Without user_id: every socket subscribed to this client's channel receives it. */
  client_id?: string | null;
  /** Spec 3: {client_id, notification_type, obj_id, obj_type, …}. */
  message: unknown;
}

/** Publishes a notice to every server copy (what the core's notify does; exported for jobs and tests). */
export async function publishRealtime(ctx: AppContext, notice: RealtimeNotice): Promise<void> {
  await ctx.db.notify(REALTIME_CHANNEL, JSON.stringify(notice));
}

export function deliver(hub: Hub, payload: string): number {
  let notice: RealtimeNotice;
  try {
    notice = JSON.parse(payload) as RealtimeNotice;
  } catch {
    return 0;
  }
  if (!notice || typeof notice !== 'object') return 0;
  // A user's message about a client reaches them only while they are a member of it.
  const about = isUuid(notice.client_id) ? notice.client_id.toLowerCase() : null;
  if (isUuid(notice.user_id)) return hub.publish(userChannel(notice.user_id.toLowerCase()), notice.message, { clientId: about });
  if (isUuid(notice.client_id)) return hub.publish(clientChannel(notice.client_id.toLowerCase()), notice.message);
  return 0;
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

export async function registerRealtime(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const hub = new Hub(ctx);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://internal');
    if (url.pathname !== WS_PATH) {
      // Nobody else upgrades on this server: do not leave the socket hanging.
      if (app.server.listenerCount('upgrade') === 1) refuse(socket, 404, 'Not Found');
      return;
    }
    // Browsers always send Origin; a page of another site must not talk to our socket.
    const origin = req.headers.origin;
    if (origin && origin !== new URL(ctx.config.publicUrl).origin) return refuse(socket, 403, 'Forbidden');
    const sessionToken = url.searchParams.get('session_token');
    const token = url.searchParams.get('token');
    const clientId = url.searchParams.get('client_id');
    const path = url.searchParams.get('path');
    socket.on('error', () => socket.destroy());
    void (async () => {
      let pre: Parameters<Hub['accept']>[1] = null;
      if (sessionToken || token) {
        let outage = false;
        const session = await authenticate(ctx, { session_token: sessionToken ?? undefined, token: token ?? undefined }).catch((err) => {
          outage = isDatabaseUnavailable(err);
          return null;
        });
        // While the database is down the session cannot be read: that is not a signed-out
        // user (401 would end the browser's session), the socket is retried later.
        if (!session && outage) return refuse(socket, 503, 'Service Unavailable');
        if (!session) return refuse(socket, 401, 'Unauthorized');
        pre = { session, path, clientId: isUuid(clientId) ? clientId.toLowerCase() : null };
      }
      wss.handleUpgrade(req, socket, head, (ws) => hub.accept(ws, pre));
    })();
  });

  const unlisteners: Array<() => Promise<void>> = [];
  unlisteners.push(await ctx.db.listen(REALTIME_CHANNEL, (payload) => { deliver(hub, payload); }));
  unlisteners.push(await ctx.db.listen(SESSION_ENDED_CHANNEL, (sessionId) => hub.closeSession(sessionId)));
  // A membership started, ended or a user was (de)activated: re-check that user's sockets.
  unlisteners.push(await ctx.db.listen(MEMBERSHIP_CHANNEL, (payload) => {
    let change: { user_id?: unknown; client_id?: unknown };
    try { change = JSON.parse(payload); } catch { return; }
    if (!isUuid(change?.user_id)) return;
    void hub.membershipChanged(change.user_id.toLowerCase(), isUuid(change.client_id) ? change.client_id.toLowerCase() : null)
      .catch((err) => ctx.log.warn({ err }, 'realtime: membership re-check failed'));
  }));
  // NOTIFYs sent while the LISTEN connection was down are lost: memberships are checked again.
  const offRestored = ctx.db.onListenRestored(() => hub.forgetMemberships());
  unlisteners.push(async () => offRestored());

  // Heartbeat: drop sockets that stopped answering, and close those whose session ended
  // (expired by idleness, or ended on another copy while a NOTIFY was missed).
  let sweeping = false;
  const heartbeat = setInterval(() => {
    for (const conn of hub.connections) {
      if (!conn.alive) {
        conn.ws.terminate();
        hub.drop(conn);
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
    if (sweeping) return;
    sweeping = true;
    const ids = hub.sessionIds();
    aliveSessionIds(ctx, ids)
      .then((alive) => { for (const id of ids) if (!alive.has(id)) hub.closeSession(id); })
      .catch((err) => ctx.log.warn({ err }, 'realtime: session sweep failed'))
      .finally(() => { sweeping = false; });
  }, HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const conn of hub.connections) conn.close(1001, 'server shutting down');
    await Promise.all(unlisteners.map((off) => off().catch(() => undefined)));
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    for (const conn of hub.connections) conn.ws.terminate();
  });

  // The realtime calls of spec 7: the user's channel with a connection token, and a token
  // for a further channel (a client's) after the membership check.
  app.get('/api/v1/realtime/token', async (req, reply) => {
    const session = await requireSession(ctx, req, reply, { touch: false });
    if (!session) return reply;
    return sendData(reply, {
      channel: userChannel(session.userId),
      token: connectionToken(ctx, session.id, session.userId),
      url: WS_PATH,
    });
  });

  app.get<{ Querystring: { channel?: unknown } }>('/api/v1/realtime/subscription_token', async (req, reply) => {
    const session = await requireSession(ctx, req, reply, { touch: false });
    if (!session) return reply;
    const parsed = parseChannel(req.query.channel);
    if (!parsed) return sendError(reply, 'VALIDATION_FAILED', { channel: 'Use user:<id> or client:<id>' });
    const channel = `${parsed.kind}:${parsed.id}`;
    // Not a member answers 404 like every other look at another tenant.
    if (!(await mayListen(ctx, session.userId, channel))) return sendError(reply, 'NOT_FOUND');
    return sendData(reply, { channel, token: subscriptionToken(ctx, session.id, session.userId, channel) });
  });

}

export { CLOSE_UNAUTHORIZED };
