// The browser side of /ws (spec 4, 7): machines/realtime-connection.ts owns the socket
// (reconnecting with backoff), machines/realtime-subscription.ts the channel. A
// notification message shows a toast and refreshes the notification list and the cached
// object it names, without a reload. A missing channel shows the spec's error toast.
import { useEffect } from 'react';
import { fromCallback, fromPromise, type Actor } from 'xstate';
import { toast } from 'react-toastify';
import { get, invalidate } from '../api-client.ts';
import { realtimeConnectionMachine, type ConnectParams, type SocketCommand, type SocketEvent } from '../../../machines/realtime-connection.ts';
import { realtimeSubscriptionMachine } from '../../../machines/realtime-subscription.ts';
import { reportError } from '../monitoring.ts';
import { notify } from '../notify/toasts.tsx';
import { registry } from '../registry.ts';
import { notificationsOpen$ } from '../shell/notifications-api.ts';
import { onBeforeLogout } from '../shell/logout.ts';
import { startTracked } from '../state/actors.ts';
import {
  REALTIME_MISSING_CHANNEL, helloFrame, isNotification, keysToRefresh, notificationToastText, parseFrame,
  sameChannel, subscribeFrame, unsubscribeFrame, wsUrl, type Incoming,
} from './messages.ts';

// The socket counts as open once the server has accepted the first frame ({type:
// 'connected'}); an "unauthorized" answer is an error, so the machine backs off.
const socketLogic = fromCallback<SocketCommand, ConnectParams>(({ input, sendBack, receive }) => {
  const back = (e: SocketEvent) => sendBack(e);
  const ws = new WebSocket(input.url);
  ws.onopen = () => ws.send(JSON.stringify(helloFrame(input.sessionToken, window.location.pathname, input.clientId)));
  ws.onmessage = (e) => {
    const frame = parseFrame(e.data);
    if (frame.kind === 'connected') back({ type: 'SOCKET.OPEN' });
    else if (frame.kind === 'nack' && frame.code === 'unauthorized') back({ type: 'SOCKET.ERROR', error: new Error(frame.error) });
    else back({ type: 'SOCKET.MESSAGE', data: frame });
  };
  ws.onerror = (e) => back({ type: 'SOCKET.ERROR', error: e });
  ws.onclose = (e) => back({ type: 'SOCKET.CLOSED', code: e.code });
  receive((cmd) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(cmd.data));
  });
  return () => {
    ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
    if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close(1000);
  };
});

export function RealtimeManager({ clientId, sessionToken }: { clientId: string; sessionToken: string | null }) {
  useEffect(() => {
    if (!sessionToken) return;
    let stopped = false;
    const acks = new Map<string, { resolve: () => void; reject: (e: unknown) => void }>();

    const conn = startTracked(realtimeConnectionMachine.provide({
      actors: { socket: socketLogic },
      actions: { reportError: ({ context }) => reportError(context.lastError ?? new Error('realtime error')) },
    }), { label: 'realtime' });

    let sub: Actor<typeof realtimeSubscriptionMachine> | null = null;

    const onFrame = (frame: Incoming) => {
      if (frame.kind === 'ack') {
        for (const [ch, p] of acks) if (sameChannel(ch, frame.channel)) { p.resolve(); acks.delete(ch); }
        return;
      }
      if (frame.kind === 'nack') {
        for (const [ch, p] of acks) if (frame.channel === null || sameChannel(ch, frame.channel)) { p.reject(new Error(frame.error)); acks.delete(ch); }
        return;
      }
      if (frame.kind === 'notification') {
        for (const key of keysToRefresh(registry.catalog, frame.message, clientId)) invalidate(key);
        if (isNotification(frame.message)) notify.notification(notificationToastText(registry.catalog, frame.message), () => notificationsOpen$.set(true));
      }
    };
    conn.on('MESSAGE', (e) => onFrame(e.data as Incoming));

    (async () => {
      const tok = await get<{ channel?: string | null; token?: string | null }>('realtime/token').then((r) => r.data).catch(() => null);
      if (stopped) return;
      const channel = tok?.channel;
      if (!channel) {
        toast.error(REALTIME_MISSING_CHANNEL);
        reportError(new Error('Realtime channel missing'));
        return;
      }
      sub = startTracked(realtimeSubscriptionMachine.provide({
        actors: {
          subscribe: fromPromise<void, { channel: string }>(async ({ input }) => {
            const t = await get<{ channel: string; token: string }>('realtime/subscription_token', { channel: input.channel })
              .then((r) => r.data.token).catch(() => tok?.token ?? null);
            const acked = new Promise<void>((resolve, reject) => acks.set(input.channel, { resolve, reject }));
            conn.send({ type: 'SEND', data: subscribeFrame(input.channel, t) });
            await acked;
          }),
        },
        actions: {
          sendUnsubscribe: ({ context }) => { if (context.channel) conn.send({ type: 'SEND', data: unsubscribeFrame(context.channel) }); },
        },
      }), { label: 'realtime channel' });
      const s = sub;
      conn.on('CONNECTED', () => s.send({ type: 'SUBSCRIBE', channel }));
      conn.on('DROPPED', () => s.send({ type: 'DROPPED' }));
      conn.send({ type: 'CONNECT', params: { url: wsUrl(window.location), sessionToken, clientId } });
    })();

    const stop = () => {
      if (stopped) return;
      stopped = true;
      sub?.send({ type: 'UNSUBSCRIBE' });
      sub?.stop();
      conn.send({ type: 'DISCONNECT' });
      conn.stop();
    };
    const offLogout = onBeforeLogout(stop);
    return () => { offLogout(); stop(); };
  }, [clientId, sessionToken]);
  return null;
}
