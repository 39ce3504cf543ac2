// Notifications: a row for the notification centre and, on commit, a NOTIFY on the
// realtime channel that every server copy relays to the user's open browsers.
import type { Queryable } from '../host/server.ts';
import { REALTIME_CHANNEL } from './realtime/index.ts';

export interface NewNotification {
  userId: string;
  clientId: string;
  type: string;
  payload: unknown;
  objId?: string | null;
  objType?: string | null;
}

export async function createNotification(q: Queryable, n: NewNotification): Promise<string> {
  const { rows } = await q.query<{ id: string; created_at: Date }>(
    `INSERT INTO notifications (user_id, client_id, notification_type, payload, obj_id, obj_type)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6) RETURNING id, created_at`,
    [n.userId, n.clientId, n.type, JSON.stringify(n.payload ?? {}), n.objId ?? null, n.objType ?? null],
  );
  // The title and message travel with the frame (clipped, NOTIFY payloads are capped) so
  // the toast can say what happened without a fetch.
  const data = (n.payload as { data?: Record<string, unknown> } | null)?.data ?? {};
  const clip = (v: unknown) => (typeof v === 'string' ? v.slice(0, 300) : undefined);
  const message = {
    id: rows[0].id,
    title: clip(data.title),
    message: clip(data.message),
    client_id: n.clientId,
    notification_type: n.type,
    obj_id: n.objId ?? null,
    obj_type: n.objType ?? null,
    created_at: rows[0].created_at,
  };
  // pg_notify inside the transaction: delivered only if it commits. Payloads stay small
  // (NOTIFY caps them at 8000 bytes); browsers fetch the full record.
  await q.query('SELECT pg_notify($1, $2)', [REALTIME_CHANNEL, JSON.stringify({ user_id: n.userId, client_id: n.clientId, message })]);
  return rows[0].id;
}
