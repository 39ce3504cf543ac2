// The WebSocket at /ws: authentication by session_token, channels, fan-out of what the core
// NOTIFYs on the realtime channel, and sockets closed when their session ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotification } from '../../src/server/notify.ts';
import { createSession, destroySession } from '../../src/server/identity/index.ts';
import { REALTIME_CHANNEL, publishRealtime } from '../../src/server/realtime/index.ts';
import { startServer, type TestServer } from './harness.ts';
import { WsClient } from './ws-client.ts';

let server: TestServer;
let userId: string;
let otherUserId: string;
let clientId: string;
let foreignClientId: string;

beforeAll(async () => {
  server = await startServer();
  // The officer belongs to Demo Payments only; the analyst is another user of it.
  userId = server.seed.users.officer;
  otherUserId = server.seed.users.analyst;
  clientId = server.seed.clients.demo;
  foreignClientId = server.seed.clients.northwind;
});

afterAll(async () => {
  await server?.close();
});

const ctx = () => server.app.ctx;

/** A socket on this server's /ws. */
class Client extends WsClient {
  constructor(query = '') {
    super(server.url, query);
  }
}

async function connected(userIdFor = userId, client: string | null = clientId) {
  const s = await createSession(ctx(), userIdFor);
  const c = new Client();
  await c.opened;
  c.send({ session_token: s.sessionToken, path: '/demo/profile', client_id: client });
  const hello = await c.frame((f) => f.type === 'connected');
  return { c, s, hello };
}

describe('realtime over /ws', () => {
  it('authenticates by session_token and delivers a notification committed by the core to that user', async () => {
    const { c, hello } = await connected();
    expect(hello.user_id).toBe(userId);
    expect(hello.channels).toEqual(expect.arrayContaining([`user:${userId}`, `client:${clientId}`]));

    await server.db.transaction((tx) => createNotification(tx, {
      userId, clientId, type: 'case_status_changes', payload: { data: { title: 'Case moved' } }, objId: 'case-42', objType: 'Case',
    }));
    const got = await c.frame((f) => f.type === 'message');
    expect(got.channel).toBe(`user:${userId}`);
    expect(got.data).toMatchObject({ client_id: clientId, notification_type: 'case_status_changes', obj_id: 'case-42', obj_type: 'Case' });
    c.ws.close();
  });

  it('sends a user message only to that user', async () => {
    const mine = await connected();
    const theirs = await connected(otherUserId, null);
    await publishRealtime(ctx(), {
      user_id: otherUserId, client_id: null, message: { client_id: null, notification_type: 'assignments', obj_id: '7', obj_type: 'Case' },
    });
    const got = await theirs.c.frame((f) => f.type === 'message');
    expect(got.data.notification_type).toBe('assignments');
    // A ping round trip after the publish proves the other socket had its chance to receive it.
    mine.c.send({ type: 'ping' });
    await mine.c.frame((f) => f.type === 'pong');
    expect(mine.c.frames.filter((f) => f.type === 'message')).toHaveLength(0);
    mine.c.ws.close();
    theirs.c.ws.close();
  });

  it('delivers client-wide messages to members subscribed to that client', async () => {
    const { c } = await connected();
    await server.db.notify(REALTIME_CHANNEL, JSON.stringify({
      user_id: null, client_id: clientId, message: { client_id: clientId, notification_type: 'checkup', obj_id: 'chk-1', obj_type: 'Checkup' },
    }));
    const got = await c.frame((f) => f.type === 'message');
    expect(got.channel).toBe(`client:${clientId}`);
    expect(got.data.obj_id).toBe('chk-1');
    c.ws.close();
  });

  it('refuses a channel of a client the user does not belong to', async () => {
    const { c, hello } = await connected(userId, foreignClientId);
    expect(hello.channels).not.toContain(`client:${foreignClientId}`);
    c.send({ type: 'subscribe', channel: `client:${foreignClientId}` });
    const refused = await c.frame((f) => f.type === 'error' && f.channel === `client:${foreignClientId}`);
    expect(refused.code).toBe('forbidden');
    c.send({ type: 'subscribe', channel: `user:${otherUserId}` });
    await c.frame((f) => f.type === 'error' && f.channel === `user:${otherUserId}`);
    c.ws.close();
  });

  it('refuses a socket with a bad session token', async () => {
    const c = new Client();
    await c.opened;
    c.send({ session_token: 'not-a-real-token', path: '/x', client_id: clientId });
    const closed = await c.closedWith();
    expect(closed.code).toBe(4401);
    expect(c.frames.find((f) => f.type === 'connected')).toBeUndefined();
  });

  it('refuses the upgrade itself when the token in the query is bad', async () => {
    const c = new Client('?session_token=nope');
    await expect(c.opened).rejects.toThrow('HTTP 401');
  });

  it('accepts the session_token in the query', async () => {
    const s = await createSession(ctx(), userId);
    const c = new Client(`?session_token=${encodeURIComponent(s.sessionToken)}&client_id=${clientId}`);
    await c.opened;
    const hello = await c.frame((f) => f.type === 'connected');
    expect(hello.channels).toContain(`client:${clientId}`);
    c.ws.close();
  });

  it('closes the sockets of a session that ended', async () => {
    const { c, s } = await connected();
    await destroySession(ctx(), s.session.id);
    const closed = await c.closedWith();
    expect(closed.code).toBe(4401);
  });
});

describe('realtime token calls', () => {
  it('give the user channel with a connection token, and a subscription token only for own clients', async () => {
    const s = await createSession(ctx(), userId);
    const headers = { cookie: s.cookie };
    const token = await (await fetch(`${server.url}/api/v1/realtime/token`, { headers })).json();
    expect(token.data.channel).toBe(`user:${userId}`);
    expect(typeof token.data.token).toBe('string');

    // The connection token authenticates a socket as well as the session_token.
    const c = new Client();
    await c.opened;
    c.send({ token: token.data.token, path: '/demo', client_id: null });
    expect((await c.frame((f) => f.type === 'connected')).user_id).toBe(userId);

    const own = await fetch(`${server.url}/api/v1/realtime/subscription_token?channel=client:${clientId}`, { headers });
    expect(own.status).toBe(200);
    const sub = (await own.json()).data;
    expect(sub.channel).toBe(`client:${clientId}`);
    c.send({ type: 'subscribe', channel: sub.channel, token: sub.token });
    await c.frame((f) => f.type === 'subscribed' && f.channel === sub.channel);

    const foreign = await fetch(`${server.url}/api/v1/realtime/subscription_token?channel=client:${foreignClientId}`, { headers });
    expect(foreign.status).toBe(404);
    expect((await fetch(`${server.url}/api/v1/realtime/token`)).status).toBe(401);
    c.ws.close();
  });
});

describe('membership of the sockets', () => {
  // The analyst is a member of Demo Payments; the officer stays one and shows what was sent.
  const message = (id: string) => ({ user_id: null, client_id: clientId, message: { client_id: clientId, notification_type: 'checkup', obj_id: id, obj_type: 'Checkup' } });

  async function setActive(active: boolean) {
    await server.db.query('UPDATE accounts_clients SET is_active = $3 WHERE user_id = $1 AND client_id = $2', [otherUserId, clientId, active]);
  }

  it('a deactivated member leaves the client channel at once, gets nothing more of it, and cannot subscribe again', async () => {
    const member = await connected(otherUserId, clientId);
    const witness = await connected(userId, clientId);
    expect(member.hello.channels).toContain(`client:${clientId}`);
    try {
      await publishRealtime(ctx(), message('before'));
      await member.c.frame((f) => f.type === 'message' && f.data.obj_id === 'before');

      await setActive(false);
      const told = await member.c.frame((f) => f.type === 'error' && f.channel === `client:${clientId}`);
      expect(told.code).toBe('forbidden');

      await publishRealtime(ctx(), message('after'));
      // A notification for the user about that client is not pushed either.
      await server.db.transaction((tx) => createNotification(tx, {
        userId: otherUserId, clientId, type: 'assignments', payload: { data: { title: 'Not for you any more' } }, objId: 'after-user', objType: 'Case',
      }));
      await witness.c.frame((f) => f.type === 'message' && f.data.obj_id === 'after');
      // A message to the user's own channel, sent last, arrives: everything before it had its chance.
      await publishRealtime(ctx(), { user_id: otherUserId, client_id: null, message: { notification_type: 'system', obj_id: 'marker' } });
      await member.c.frame((f) => f.type === 'message' && f.data.obj_id === 'marker');
      expect(member.c.frames.filter((f) => f.type === 'message').map((f) => f.data.obj_id)).toEqual(['before', 'marker']);

      member.c.send({ type: 'subscribe', channel: `client:${clientId}` });
      const refused = await member.c.frame((f) => f.type === 'error' && f.channel === `client:${clientId}` && f !== told);
      expect(refused.code).toBe('forbidden');
      expect(member.c.closed).toBeNull(); // the user's own channel stays open
    } finally {
      await setActive(true);
      member.c.ws.close();
      witness.c.ws.close();
    }
  });

  it('a reactivated member may subscribe again and hears the client once more', async () => {
    await setActive(false);
    const member = await connected(otherUserId, clientId);
    expect(member.hello.channels).not.toContain(`client:${clientId}`);
    await setActive(true);
    member.c.send({ type: 'subscribe', channel: `client:${clientId}` });
    await member.c.frame((f) => f.type === 'subscribed' && f.channel === `client:${clientId}`);
    await publishRealtime(ctx(), message('back'));
    await member.c.frame((f) => f.type === 'message' && f.data.obj_id === 'back');
    member.c.ws.close();
  });

  it('a deactivated user loses every client channel', async () => {
    const member = await connected(otherUserId, clientId);
    try {
      await server.db.query('UPDATE users SET is_active = false WHERE id = $1', [otherUserId]);
      const told = await member.c.frame((f) => f.type === 'error' && f.channel === `client:${clientId}`);
      expect(told.code).toBe('forbidden');
    } finally {
      await server.db.query('UPDATE users SET is_active = true WHERE id = $1', [otherUserId]);
      member.c.ws.close();
    }
  });
});
