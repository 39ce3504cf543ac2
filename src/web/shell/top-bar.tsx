// The top bar (spec 2.4): logo → profile, the areas' items (global search, balance, export
// requests: manifests' `shell.topBar`), notifications and the user menu.
import styled from 'styled-components';
import { Link } from 'wouter';
import { Logo } from '../screens/logo.tsx';
import { useClient, useClientHref } from '../state/client.tsx';
import { NotificationsPopover } from './notifications-popover.tsx';
import { ShellSlots, topBarSlots } from './shell-slots.tsx';
import { UserMenu } from './user-menu.tsx';

const Bar = styled.header`
  height: 56px;
  flex: none;
  display: flex;
  align-items: center;
  gap: 16px;
  padding: 0 16px;
  background: var(--bgColor-default, #fff);
  border-bottom: 1px solid var(--borderColor-default, #d1d9e0);
`;
const Brand = styled(Link)`
  display: flex; align-items: center; gap: 8px; text-decoration: none;
  color: var(--fgColor-default, #1f2328); font-weight: 600;
  span { font-size: 14px; }
`;
const Right = styled.div`
  margin-left: auto; display: flex; align-items: center; gap: 8px;
`;

export function TopBar() {
  const { boot } = useClient();
  const href = useClientHref();
  return (
    <Bar data-testid="top-bar">
      <Brand href={href('profile')} aria-label="Profile">
        <Logo size={28} />
        <span>{boot.client.name}</span>
      </Brand>
      <ShellSlots slots={topBarSlots('start')} />
      <Right>
        <ShellSlots slots={topBarSlots('end')} />
        <NotificationsPopover />
        <UserMenu />
      </Right>
    </Bar>
  );
}
