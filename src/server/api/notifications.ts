// The notification centre (spec 2.4, 3, 7): one list across every client the user is an
// active member of (the popover's client tab filters by client_id), mark read, mark all
// read, pin. A user only ever reaches their own notifications.
import type { ApiRegistrar } from '../../host/server.ts';
import type { ListQuery } from '../../shared/schemas/lists.ts';
import {
  notificationListDef, notificationListQuery, notificationPinBody, notificationReadAllBody,
  type NotificationPinBody, type NotificationReadAllBody,
} from '../../shared/schemas/notifications.ts';
import { isUuid } from '../db/types.ts';
import { notFound } from '../http/errors.ts';
import { listRows, type ListSource } from '../lists.ts';

const COLUMNS = `n.id, n.client_id, json_build_object('id', c.id, 'name', c.name) AS client,
  n.notification_type, n.payload, n.obj_id, n.obj_type, n.is_read AS is_readed, n.read_at,
  n.pinned, n.created_at`;

function source(userId: string): ListSource {
  return {
    def: notificationListDef,
    from: `notifications n
      JOIN clients c ON c.id = n.client_id
      JOIN accounts_clients ac ON ac.client_id = n.client_id AND ac.user_id = n.user_id AND ac.is_active`,
    select: COLUMNS,
    where: (p) => [`n.user_id = ${p(userId)}`],
    search: ['n.payload::text', 'n.notification_type'],
    columns: {
      client_id: 'n.client_id',
      notification_type: 'n.notification_type',
      created_after: { sql: 'n.created_at', op: '>=' },
      created_before: { sql: 'n.created_at', op: '<=' },
      is_readed_modal: 'n.is_read',
      pinned: 'n.pinned',
      created_at: 'n.created_at',
    },
    orderFirst: 'n.pinned DESC',
    defaultSort: '-created_at',
    tieBreaker: 'n.id',
  };
}

export function registerNotificationsApi(api: ApiRegistrar): void {
  api.get<ListQuery>('/notifications', { scope: 'user', query: notificationListQuery }, async ({ tx, user, query }) =>
    // meta.items is the page size (spec 3: notifications meta is page, pages, count, items).
    listRows(tx, source(user.id), query, { userId: user.id, extraMeta: (m) => ({ items: m.per }) }));

  api.post('/notifications/:id/read', { scope: 'user' }, async ({ tx, user, params, audit }) => {
    if (!isUuid(params.id)) throw notFound();
    const { rows } = await tx.query<{ id: string; client_id: string; was_read: boolean }>(
      `UPDATE notifications n SET is_read = true, read_at = coalesce(n.read_at, now())
         FROM notifications old
        WHERE n.id = $1 AND n.user_id = $2 AND old.id = n.id
        RETURNING n.id, n.client_id, old.is_read AS was_read`,
      [params.id, user.id],
    );
    if (!rows[0]) throw notFound();
    await audit({ action: 'read', objectType: 'notifications', objectId: rows[0].id, before: { is_readed: rows[0].was_read }, after: { is_readed: true, client_id: rows[0].client_id } });
    return { id: rows[0].id, is_readed: true };
  });

  api.post<unknown, NotificationReadAllBody>('/notifications/read_all', { scope: 'user', body: notificationReadAllBody },
    async ({ tx, user, body, audit }) => {
      const clientId = body?.notification?.client_id ?? null;
      const { rowCount } = await tx.query(
        `UPDATE notifications SET is_read = true, read_at = now()
          WHERE user_id = $1 AND NOT is_read AND ($2::uuid IS NULL OR client_id = $2::uuid)`,
        [user.id, clientId],
      );
      await audit({ action: 'read_all', objectType: 'notifications', after: { client_id: clientId, updated: rowCount } });
      return { updated: rowCount };
    });

  api.post<unknown, NotificationPinBody>('/notifications/:id/pin', { scope: 'user', body: notificationPinBody },
    async ({ tx, user, params, body, audit }) => {
      if (!isUuid(params.id)) throw notFound();
      const pinned = body.notification.pinned;
      const { rows } = await tx.query<{ id: string; client_id: string; was: boolean }>(
        `UPDATE notifications n SET pinned = $3 FROM notifications old
          WHERE n.id = $1 AND n.user_id = $2 AND old.id = n.id
          RETURNING n.id, n.client_id, old.pinned AS was`,
        [params.id, user.id, pinned],
      );
      if (!rows[0]) throw notFound();
      await audit({ action: 'pin', objectType: 'notifications', objectId: rows[0].id, before: { pinned: rows[0].was }, after: { pinned, client_id: rows[0].client_id } });
      return { id: rows[0].id, pinned };
    });
}
