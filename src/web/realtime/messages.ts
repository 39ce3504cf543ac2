// Realtime frames (spec 3, 7): what the page sends on /ws and how it reads what arrives.
// Pure, so the mapping from a message to the cache keys it refreshes is tested.
import type { Catalog } from '../../host/catalog.ts';
import type { QueryKey } from '../api-client.ts';

export const REALTIME_MISSING_CHANNEL = 'Cannot connect to websoket. Please, try reload page.';

/** spec 3: realtime message. */
export interface RealtimeNotification {
  client_id?: string | null;
  notification_type?: string | null;
  obj_id?: string | number | null;
  obj_type?: string | null;
  [key: string]: unknown;
}

export function wsUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

/** The first frame: authenticates the socket (spec 7). */
export function helloFrame(sessionToken: string, path: string, clientId: string) {
  return { session_token: sessionToken, path, client_id: clientId };
}

export function subscribeFrame(channel: string, token: string | null) {
  return { type: 'subscribe', channel, token };
}
export function unsubscribeFrame(channel: string) {
  return { type: 'unsubscribe', channel };
}

// Server frames (src/server/realtime/hub.ts): {type:'connected'}, {type:'subscribed',
// channel}, {type:'message', channel, data}, {type:'error', code, channel?, message}.
export type Incoming =
  | { kind: 'connected' }
  | { kind: 'ack'; channel: string }
  | { kind: 'nack'; channel: string | null; code: string | null; error: string }
  | { kind: 'notification'; message: RealtimeNotification }
  | { kind: 'other' };

export function parseFrame(raw: unknown): Incoming {
  let msg: unknown = raw;
  if (typeof raw === 'string') {
    try { msg = JSON.parse(raw); } catch { return { kind: 'other' }; }
  }
  if (!msg || typeof msg !== 'object') return { kind: 'other' };
  const m = msg as Record<string, unknown>;
  if (m.type === 'connected') return { kind: 'connected' };
  if (m.type === 'subscribed' && typeof m.channel === 'string') return { kind: 'ack', channel: m.channel };
  if (m.type === 'error') {
    return {
      kind: 'nack',
      channel: typeof m.channel === 'string' ? m.channel : null,
      code: typeof m.code === 'string' ? m.code : null,
      error: String(m.message ?? 'error'),
    };
  }
  const inner = (m.message ?? m.data ?? m.payload ?? m) as unknown;
  if (inner && typeof inner === 'object' && 'notification_type' in inner) {
    return { kind: 'notification', message: inner as RealtimeNotification };
  }
  return { kind: 'other' };
}

/** Channel names compare case-insensitively (the server lower-cases ids). */
export function sameChannel(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The realtime type of a stored statechart instance's state change (the server's ctx.transition). */
export const STATE_CHANGED = 'state_changed';

/**
 * Cache keys a message refreshes, only where already cached (spec 4): the notification
 * lists for every notification, then what the type's area declares; a state change
 * refreshes what the stored machine's area declares for its object type.
 */
export function keysToRefresh(catalog: Pick<Catalog, 'notificationTypes' | 'machines'>, msg: RealtimeNotification, currentClientId: string): QueryKey[] {
  const clientId = msg.client_id ?? currentClientId;
  if (msg.notification_type === STATE_CHANGED) {
    const m = catalog.machines.find((x) => x.stored && x.stored.objectType === msg.obj_type);
    const keys: QueryKey[] = m?.stored?.refresh && msg.obj_id != null ? [...m.stored.refresh(clientId, String(msg.obj_id))] : [];
    // The machine inspector's lists of stored instances of this object type.
    if (msg.obj_type) keys.push(['clients', clientId, 'machine_instances', String(msg.obj_type)]);
    return keys;
  }
  const def = catalog.notificationTypes.get(msg.notification_type ?? '');
  return [['notifications'], ...(def?.refresh?.(msg, clientId) ?? [])];
}

/** A state change is data refreshing on screen, not news: it gets no toast. */
export function isNotification(msg: RealtimeNotification): boolean {
  return msg.notification_type !== STATE_CHANGED;
}

export function notificationToastText(catalog: Pick<Catalog, 'notificationTypes'>, msg: RealtimeNotification): string {
  // The message says what happened ("Nina accepted your invitation…"); the title is the fallback.
  const text = typeof msg.message === 'string' ? msg.message : typeof msg.title === 'string' ? msg.title : null;
  return text ?? catalog.notificationTypes.get(msg.notification_type ?? '')?.title ?? 'New notification';
}
