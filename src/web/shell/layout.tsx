// The shell around every client page: top bar, side menu, breadcrumbs (with the favorites
// star), the tab bar of the current group, the session and realtime layers that live as
// long as the client is open, and the areas' overlays (manifests' `shell.overlays`).
import { useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { registry, type RegisteredRoute } from '../registry.ts';
import { RealtimeManager } from '../realtime/realtime-manager.tsx';
import { SessionManager } from '../session/session-manager.tsx';
import { useClient } from '../state/client.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { overlaySlots, ShellSlots } from './shell-slots.tsx';
import { SideMenu } from './side-menu.tsx';
import { TabBar } from './tab-bar.tsx';
import { TopBar } from './top-bar.tsx';

const Frame = styled.div`
  height: 100vh;
  display: flex;
  flex-direction: column;
  color: var(--fgColor-default, #1f2328);
  background: var(--bgColor-default, #fff);
`;
const Body = styled.div`
  flex: 1;
  display: flex;
  min-height: 0;
`;
const Main = styled.main`
  flex: 1;
  min-width: 0;
  overflow: auto;
  padding: 16px 24px 32px;
`;

export function Shell({ path, route, children }: { path: string; route: RegisteredRoute | null; children: ReactNode }) {
  const { grants, me, clientId } = useClient();
  const [location] = useLocation();
  const crumbs = useMemo(() => (route ? registry.breadcrumbs(path) : []), [path, route]);
  const tabBar = useMemo(() => registry.tabBarFor(path, grants), [path, grants]);
  return (
    <SessionManager userId={me.id} clientId={clientId}>
      {(session) => (
        <Frame>
          <TopBar />
          <Body>
            <SideMenu path={path} />
            <Main id="main-content" data-section={route?.section}>
              <Breadcrumbs crumbs={crumbs} location={location} />
              {tabBar ? <TabBar bar={tabBar} path={path} /> : null}
              {children}
            </Main>
          </Body>
          <ShellSlots slots={overlaySlots()} />
          <RealtimeManager clientId={clientId} sessionToken={session?.session_token ?? null} />
        </Frame>
      )}
    </SessionManager>
  );
}
