// The page side of the session (spec 2.3, 4): fetches the session once, starts the worker
// and connects it with the session's expiry, forwards user activity (throttled) so the
// worker asks for pings, and drives the expiry overlay with machines/timeout-dialog.ts.
// FINISH goes to the login page with the current address; NEED_UPDATE_USER resets the
// data store; logging out from the user menu stops the worker.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { loginUrl, resetAll } from '../api-client.ts';
import { timeoutDialogMachine } from '../../../machines/timeout-dialog.ts';
import { reportExternal, useTrackedMachine } from '../state/actors.ts';
import { logout, onBeforeLogout } from '../shell/logout.ts';
import { expiryOnPageClock, fetchSession, ping, refreshSession, type SessionInfo } from './session-api.ts';
import { TimeoutOverlay } from './timeout-overlay.tsx';
import { openSessionChannel, type SessionChannel } from './worker-port.ts';

/** The page reports activity at most this often; the worker throttles pings further. */
export const ACTIVITY_THROTTLE_MS = 5000;
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'wheel', 'touchstart'] as const;

export function SessionManager({ userId, clientId, children }: {
  userId: string;
  clientId: string;
  children: (session: SessionInfo | null) => ReactNode;
}) {
  const [session, setSession] = useState<SessionInfo | null>(null);
  const channel = useRef<SessionChannel | null>(null);
  // The overlay machine is created once; what it needs that changes is read through refs.
  const live = useRef({ clientId, userId, idleMinutes: null as number | null | undefined });
  live.current.clientId = clientId;
  live.current.userId = userId;
  live.current.idleMinutes = session?.idle_minutes;

  const machine = useMemo(() => timeoutDialogMachine.provide({
    actors: { refreshSession: fromPromise(async () => refreshSession()) },
    actions: {
      refreshWorkerTime: ({ event }) => {
        const out = (event as { output?: { expires_at?: string } | null }).output;
        channel.current?.post({
          type: 'refresh_time',
          expiresAt: expiryOnPageClock(out?.expires_at, live.current.idleMinutes),
          userId: live.current.userId,
        });
      },
      logOut: () => logout(live.current.clientId),
    },
  }), []);
  const [dialog, send] = useTrackedMachine(machine, { label: 'session overlay' });

  useEffect(() => {
    let cancelled = false;
    let stopActivity = () => {};
    let unmirror = () => {};
    const mirror = (value: string) => { unmirror(); unmirror = reportExternal('session', 'session worker', value); };

    (async () => {
      const info = await fetchSession().catch(() => null);
      if (cancelled || !info) return;
      setSession(info);
      const ch = await openSessionChannel();
      if (cancelled) { ch.terminate(); return; }
      channel.current = ch;
      ch.onMessage((m) => {
        switch (m.type) {
          case 'UPDATE_TIME':
            send({ type: 'UPDATE_TIME', time: m.time });
            mirror(typeof m.time === 'number' ? 'warning' : 'connected');
            break;
          case 'NEED_PING':
            ping()
              .then((r) => { if (r?.expires_at) ch.post({ type: 'refresh_time', expiresAt: expiryOnPageClock(r.expires_at, info.idle_minutes), userId }); })
              .catch(() => { /* a 401 already redirects to login */ });
            break;
          case 'NEED_UPDATE_USER':
            resetAll();
            break;
          case 'FINISH':
            mirror('finished');
            window.location.assign(loginUrl(window.location.href));
            break;
        }
      });
      ch.post({ type: 'connect', expiresAt: expiryOnPageClock(info.expires_at, info.idle_minutes), userId });
      mirror('connected');

      let last = 0;
      const onActivity = () => {
        const now = Date.now();
        if (now - last < ACTIVITY_THROTTLE_MS) return;
        last = now;
        ch.post({ type: 'activity' });
      };
      for (const ev of ACTIVITY_EVENTS) window.addEventListener(ev, onActivity, { passive: true });
      stopActivity = () => { for (const ev of ACTIVITY_EVENTS) window.removeEventListener(ev, onActivity); };
    })();

    const offLogout = onBeforeLogout(() => {
      channel.current?.post({ type: 'destroy' });
      channel.current?.terminate();
      channel.current = null;
    });

    return () => {
      cancelled = true;
      offLogout();
      stopActivity();
      unmirror();
      channel.current?.terminate();
      channel.current = null;
    };
  }, [userId, send]);

  const shown = dialog.matches('shown') || dialog.matches('continuing');
  return (
    <>
      {children(session)}
      {shown && dialog.context.time !== null ? (
        <TimeoutOverlay
          time={dialog.context.time}
          continuing={dialog.matches('continuing')}
          onContinue={() => send({ type: 'CONTINUE' })}
          onLogOut={() => send({ type: 'LOG_OUT' })}
        />
      ) : null}
    </>
  );
}
