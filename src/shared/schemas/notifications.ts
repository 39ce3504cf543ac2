// Notification centre (spec 3 and 7): the list filters and the pin/read-all bodies.
import { boolean, object, optional, type Infer } from 'superstruct';
import { uuid } from './common.ts';
import { listQuery, type ListDef } from './lists.ts';

// Notification types are declared by the areas that send them (manifests' `notifications`).
export const notificationListDef = {
  sorts: ['created_at'],
  filters: {
    client_id: { kind: 'uuid' },
    notification_type: { kind: 'text', multi: true },
    created_after: { kind: 'date' },
    created_before: { kind: 'date' },
    // Spec spelling: false lists the unread ones (the popover), true the read ones.
    is_readed_modal: { kind: 'boolean' },
    pinned: { kind: 'boolean' },
  },
} as const satisfies ListDef;

export const notificationListQuery = listQuery(notificationListDef);

export const notificationPinBody = object({
  notification: object({ pinned: boolean() }),
});
export type NotificationPinBody = Infer<typeof notificationPinBody>;

/** Mark all read: every client of the user, or only client_id. The body may be absent. */
export const notificationReadAllBody = optional(object({
  notification: optional(object({ client_id: optional(uuid()) })),
}));
export type NotificationReadAllBody = Infer<typeof notificationReadAllBody>;
