// The notification centre's calls (spec 7, docs/api.md): user-scoped list across clients
// with filters, mark one read, mark all read, pin/unpin. Every write invalidates the
// cached lists.
import { get, invalidate, post, type ListMeta, type QueryParams } from '../api-client.ts';

export interface NotificationItem {
  id: string | number;
  is_readed: boolean;
  pinned: boolean;
  notification_type?: string | null;
  client_id?: string | null;
  client?: { id: string; name: string } | null;
  created_at?: string | null;
  payload?: { data?: Record<string, unknown> | null } | null;
}

export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const FIRST_PAGE_SKELETON_ROWS = 20;
export const NOTIFICATIONS_PER_PAGE = 10;

export type NotificationTab = 'client' | 'all';

/** The query of one page (spec 7: is_readed_modal=false, client_id on the client tab). */
export function notificationParams(tab: NotificationTab, currentClientId: string, clientFilter: string | null, page: number): QueryParams {
  return {
    is_readed_modal: false,
    client_id: tab === 'client' ? currentClientId : clientFilter ?? undefined,
    page,
    per: NOTIFICATIONS_PER_PAGE,
  };
}

export async function fetchNotifications(params: QueryParams): Promise<{ items: NotificationItem[]; meta: ListMeta }> {
  const r = await get<NotificationItem[]>('notifications', params);
  return { items: r.data ?? [], meta: r.meta ?? { page: Number(params.page) || 1, count: (r.data ?? []).length } };
}

export async function markRead(id: NotificationItem['id']): Promise<void> {
  await post(`notifications/${encodeURIComponent(String(id))}/read`);
  invalidate(NOTIFICATIONS_KEY);
}

export async function markAllRead(clientId?: string | null): Promise<void> {
  await post('notifications/read_all', clientId ? { client_id: clientId } : {});
  invalidate(NOTIFICATIONS_KEY);
}

export async function togglePin(n: NotificationItem): Promise<void> {
  await post(`notifications/${encodeURIComponent(String(n.id))}/pin`, { notification: { pinned: !n.pinned } });
  invalidate(NOTIFICATIONS_KEY);
}

const TYPE_TITLES: Record<string, string> = {
  case_status_changes: 'Case status changed',
  assignments: 'New assignment',
  checkup: 'Screening update',
  invite_accepted: 'Invitation accepted',
};

/** A readable line for a notification, from its payload when it carries one. */
export function notificationText(n: Pick<NotificationItem, 'payload' | 'notification_type'>): { title: string; body: string | null } {
  const data = n.payload?.data ?? {};
  const str = (k: string) => (typeof data[k] === 'string' && data[k] ? (data[k] as string) : null);
  const title = str('title') ?? TYPE_TITLES[n.notification_type ?? ''] ?? 'Notification';
  const body = str('message') ?? str('text') ?? str('body') ?? str('description');
  return { title, body };
}

import { observable } from '@legendapp/state';
/** Whether the popover is open: the toast counter and the realtime layer open it too. */
export const notificationsOpen$ = observable(false);
