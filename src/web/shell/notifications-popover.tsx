// The notification bell of the top bar (spec 2.4, 9): a red dot while unread notifications
// exist, and a 500 px popover whose content (notifications-panel.tsx) loads when first
// opened. The toast counter and realtime messages can open it too (notificationsOpen$).
import { BellIcon } from '@primer/octicons-react';
import { useSelector } from '@legendapp/state/react';
import { lazy, Suspense, useCallback, useRef } from 'react';
import styled from 'styled-components';
import { useQuery } from '../api-client.ts';
import { Skeleton } from '../screens/skeleton.tsx';
import { useClient } from '../state/client.tsx';
import { Anchor, Popover, ShellButton } from '../ui/controls.tsx';
import { useDismiss } from '../ui/use-dismiss.ts';
import { NOTIFICATIONS_KEY, fetchNotifications, notificationsOpen$ } from './notifications-api.ts';

export const POPOVER_WIDTH = 500;

const NotificationsPanel = lazy(() => import('./notifications-panel.tsx'));

const Dot = styled.span`
  position: absolute; top: 5px; right: 6px; width: 8px; height: 8px; border-radius: 50%;
  background: var(--bgColor-danger-emphasis, #cf222e);
`;
const Loading = styled.div`
  display: flex; flex-direction: column; gap: 8px; padding: 12px;
`;

export function NotificationsPopover() {
  const { clientId } = useClient();
  const open = useSelector(() => notificationsOpen$.get());
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => notificationsOpen$.set(false), []);
  useDismiss(ref, open, close);
  const unread = useQuery([...NOTIFICATIONS_KEY, 'unread', clientId], () =>
    fetchNotifications({ is_readed_modal: false, client_id: clientId, per: 1, page: 1 }));
  const hasUnread = (unread.data?.meta.count ?? 0) > 0;
  return (
    <Anchor ref={ref}>
      <ShellButton $variant="invisible" aria-label="Notifications" aria-haspopup="dialog" aria-expanded={open}
        onClick={() => notificationsOpen$.set(!open)}>
        <BellIcon size={16} />
      </ShellButton>
      {hasUnread ? <Dot data-testid="notifications-unread-dot" /> : null}
      {open ? (
        <Popover $width={POPOVER_WIDTH} role="dialog" aria-label="Notifications">
          <Suspense fallback={<Loading>{Array.from({ length: 20 }, (_, i) => <Skeleton key={i} size="S" />)}</Loading>}>
            <NotificationsPanel />
          </Suspense>
        </Popover>
      ) : null}
    </Anchor>
  );
}
