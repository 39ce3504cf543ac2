// notification/notifications: every notification of the signed-in user, across the
// clients they belong to (the popover's "See all"), with filters, mark read, mark all
// read and pin. The calls and texts are the notification centre's (the shell's); the
// types are those the installed areas declare.
import { Button, Heading } from '@primer/react';
import { useMemo } from 'react';
import {
  type Column, DataTable, type FilterDef, formatDateTime, notificationsApi, notify, type PageProps, registry, useClient,
} from '../../../src/host/web.ts';
import { GENERIC_ERROR_TOAST } from '../../../src/shared/errors.ts';

const { markAllRead, markRead, notificationText, togglePin } = notificationsApi;
type Row = notificationsApi.NotificationItem & Record<string, unknown>;

const TYPES = [...registry.catalog.notificationTypes].map(([value, def]) => ({ value, label: def.title }));

/** A failed write says so (spec 8) instead of failing silently. */
const attempt = (fn: () => Promise<void>) => () => { fn().catch(() => notify.error(GENERIC_ERROR_TOAST)); };

export default function NotificationsPage(_props: PageProps) {
  const { me } = useClient();

  const filters = useMemo<FilterDef[]>(() => [
    { key: 'client_id', label: 'Client', kind: 'select',
      options: me.accounts_clients.map((a) => ({ value: a.client.id, label: a.client.name })) },
    { key: 'notification_type', label: 'Type', kind: 'multi-select', options: TYPES },
    { key: 'is_readed_modal', label: 'Read', kind: 'boolean' },
    { key: 'pinned', label: 'Pinned', kind: 'boolean' },
  ], [me.accounts_clients]);

  const columns = useMemo<Column<Row>[]>(() => [
    { key: 'text', header: 'Notification', render: (n) => {
      const { title, body } = notificationText(n);
      return <span style={{ fontWeight: n.is_readed ? 400 : 600 }}>{title}{body ? ` — ${body}` : ''}</span>;
    } },
    { key: 'client', header: 'Client', render: (n) => n.client?.name ?? '—' },
    { key: 'created_at', header: 'Received', sortField: 'created_at', render: (n) => (n.created_at ? formatDateTime(n.created_at) : '—') },
    { key: 'actions', header: '', render: (n) => (
      <span style={{ display: 'inline-flex', gap: 6 }}>
        {n.is_readed ? null : <Button size="small" onClick={attempt(() => markRead(n.id))}>Mark as read</Button>}
        <Button size="small" onClick={attempt(() => togglePin(n))}>{n.pinned ? 'Unpin' : 'Pin'}</Button>
      </span>
    ) },
  ], []);

  return (
    <div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 16 }}>
        <Heading as="h1" style={{ fontSize: 24, flex: 1 }}>Notifications</Heading>
        <Button onClick={attempt(() => markAllRead())}>Mark all as read</Button>
      </div>
      <DataTable<Row>
        tableKey="notifications"
        endpoint="notifications"
        columns={columns}
        filters={filters}
        search
        emptySubtitle="Nothing has happened yet"
      />
    </div>
  );
}
