// The content of the notification centre (spec 2.4, 4, 9), loaded when first opened: the
// tabs "Client notifications" and "All notifications" (the latter with a client filter),
// mark one read, "Mark all as read", pin/unpin, "See all"; 20 skeleton rows on the first
// load, then 10 more per page while scrolling.
import { CheckIcon, PinIcon } from '@primer/octicons-react';
import { Button, IconButton } from '@primer/react';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { useQuery } from '../api-client.ts';
import { formatDateTime } from '../prefs/date-format.ts';
import { notify } from '../notify/toasts.tsx';
import { Skeleton } from '../screens/skeleton.tsx';
import { NoResults } from '../screens/no-results.tsx';
import { useClient, useClientHref } from '../state/client.tsx';
import {
  FIRST_PAGE_SKELETON_ROWS, NOTIFICATIONS_KEY, NOTIFICATIONS_PER_PAGE, fetchNotifications, markAllRead, markRead,
  notificationParams, notificationText, notificationsOpen$, togglePin, type NotificationItem, type NotificationTab,
} from './notifications-api.ts';

const SCROLL_DELAY_MS = 100;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  max-height: 600px;
  font-size: 13px;
`;
const Head = styled.div`
  display: flex; align-items: center; justify-content: space-between; gap: 8px;
  padding: 8px 12px; border-bottom: 1px solid var(--borderColor-default, #d1d9e0);
`;
const Tabs = styled.div`
  display: flex; gap: 4px;
  button {
    border: 0; background: transparent; padding: 6px 8px; cursor: pointer; font-size: 13px;
    border-bottom: 2px solid transparent; color: var(--fgColor-muted, #59636e);
  }
  button[aria-selected='true'] { color: var(--fgColor-default, #1f2328); font-weight: 600;
    border-bottom-color: var(--underlineNav-borderColor-active, #fd8c73); }
`;
const Scroll = styled.div`
  overflow-y: auto; flex: 1; min-height: 120px;
`;
const Item = styled.div<{ $unread: boolean }>`
  display: flex; gap: 8px; padding: 8px 12px;
  border-bottom: 1px solid var(--borderColor-muted, #e5e9ed);
  background: ${(p) => (p.$unread ? 'var(--bgColor-accent-muted, #ddf4ff)' : 'transparent')};
  .text { flex: 1; min-width: 0; }
  .title { font-weight: ${(p) => (p.$unread ? 600 : 400)}; }
  .meta { color: var(--fgColor-muted, #59636e); font-size: 12px; margin-top: 2px; }
`;
const Foot = styled.div`
  padding: 8px 12px; border-top: 1px solid var(--borderColor-default, #d1d9e0); text-align: center;
`;
const Rows = styled.div`
  display: flex; flex-direction: column; gap: 8px; padding: 8px 12px;
`;

function Row({ n, showClient }: { n: NotificationItem; showClient: boolean }) {
  const { title, body } = notificationText(n);
  const act = (fn: () => Promise<void>) => () => { fn().catch((e) => notify.error(e)); };
  return (
    <Item $unread={!n.is_readed} data-testid="notification-item" data-read={n.is_readed ? 'true' : 'false'}>
      <div className="text">
        <div className="title">{title}</div>
        {body ? <div>{body}</div> : null}
        <div className="meta">
          {n.created_at ? formatDateTime(n.created_at) : null}
          {showClient && (n.client?.name ?? n.client_id) ? ` · ${n.client?.name ?? n.client_id}` : null}
        </div>
      </div>
      {!n.is_readed ? (
        <IconButton icon={CheckIcon} size="small" variant="invisible" aria-label="Mark as read" onClick={act(() => markRead(n.id))} />
      ) : null}
      <IconButton icon={PinIcon} size="small" variant={n.pinned ? 'default' : 'invisible'}
        aria-label={n.pinned ? 'Unpin' : 'Pin'} aria-pressed={n.pinned} onClick={act(() => togglePin(n))} />
    </Item>
  );
}

function Page({ tab, clientId, clientFilter, page, onMeta }: {
  tab: NotificationTab; clientId: string; clientFilter: string | null; page: number;
  onMeta: (page: number, pages: number) => void;
}) {
  const params = notificationParams(tab, clientId, clientFilter, page);
  const { data, loading, error } = useQuery([...NOTIFICATIONS_KEY, params], () => fetchNotifications(params));
  const pages = data ? data.meta.pages ?? Math.ceil((data.meta.count ?? 0) / NOTIFICATIONS_PER_PAGE) : 0;
  useEffect(() => { if (data) onMeta(page, pages); }, [data, page, pages, onMeta]);
  if (loading && !data) {
    const rows = page === 1 ? FIRST_PAGE_SKELETON_ROWS : NOTIFICATIONS_PER_PAGE;
    return <Rows aria-busy="true">{Array.from({ length: rows }, (_, i) => <Skeleton key={i} size="S" />)}</Rows>;
  }
  if (error && !data) return <Rows role="alert">{error.message}</Rows>;
  if (page === 1 && data && data.items.length === 0) return <NoResults subtitle="You have no notifications" />;
  return <>{data?.items.map((n) => <Row key={n.id} n={n} showClient={tab === 'all'} />)}</>;
}

function List({ tab, clientId, clientFilter }: { tab: NotificationTab; clientId: string; clientFilter: string | null }) {
  const [count, setCount] = useState(1);
  const lastPages = useRef(1);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onMeta = useRef((page: number, pages: number) => { if (page === 1 || pages > 0) lastPages.current = pages; }).current;
  const onScroll = (e: React.UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 40) {
        setCount((c) => (c < lastPages.current ? c + 1 : c));
      }
    }, SCROLL_DELAY_MS);
  };
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);
  return (
    <Scroll onScroll={onScroll} data-testid="notification-list">
      {Array.from({ length: count }, (_, i) => (
        <Page key={i} tab={tab} clientId={clientId} clientFilter={clientFilter} page={i + 1} onMeta={onMeta} />
      ))}
    </Scroll>
  );
}

export default function NotificationsPanel() {
  const { clientId, me } = useClient();
  const href = useClientHref();
  const [tab, setTab] = useState<NotificationTab>('client');
  const [clientFilter, setClientFilter] = useState<string | null>(null);
  return (
    <Panel data-testid="notifications-popover">
      <Head>
        <Tabs role="tablist">
          <button type="button" role="tab" aria-selected={tab === 'client'} onClick={() => setTab('client')}>Client notifications</button>
          <button type="button" role="tab" aria-selected={tab === 'all'} onClick={() => setTab('all')}>All notifications</button>
        </Tabs>
        <Button size="small" variant="invisible"
          onClick={() => { markAllRead(tab === 'client' ? clientId : clientFilter).catch((e) => notify.error(e)); }}>
          Mark all as read
        </Button>
      </Head>
      {tab === 'all' ? (
        <Head>
          <label>
            Client{' '}
            <select aria-label="Client filter" value={clientFilter ?? ''} onChange={(e) => setClientFilter(e.target.value || null)}>
              <option value="">All clients</option>
              {me.accounts_clients.map((ac) => <option key={ac.client.id} value={ac.client.id}>{ac.client.name}</option>)}
            </select>
          </label>
        </Head>
      ) : null}
      <List key={`${tab}:${clientFilter ?? ''}`} tab={tab} clientId={clientId} clientFilter={clientFilter} />
      <Foot>
        <Link href={href('notification/notifications')} onClick={() => notificationsOpen$.set(false)}>See all</Link>
      </Foot>
    </Panel>
  );
}
