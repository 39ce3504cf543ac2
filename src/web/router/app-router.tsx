// The top of the route tree (spec 2.1): '/' goes to /define_client; root-level routes
// registered as `global` (define_client, onboarding …) render on their own; every other
// path is /{client_id}/… and handled by ClientScope.
import { Redirect, useLocation } from 'wouter';
import { registry } from '../registry.ts';
import { ErrorScreen } from '../screens/error-screen.tsx';
import { ClientScope } from './client-scope.tsx';
import { splitPath } from './match.ts';
import { PageHost } from './page-host.tsx';

export function AppRouter() {
  const [location] = useLocation();
  const segs = splitPath(location);
  if (segs.length === 0) return <Redirect to="/define_client" replace />;

  const global = registry.globalRouteFor(location);
  if (global) {
    if (!global.route.page) return <Redirect to={`/${global.route.redirect ?? 'define_client'}`} replace />;
    return <PageHost load={global.route.page} params={global.params} resetKey={location} inline={false} />;
  }
  if (segs[0] === 'define_client') return <ErrorScreen kind="not-found" />;

  let clientId = segs[0];
  try { clientId = decodeURIComponent(clientId); } catch { /* keep as typed */ }
  return <ClientScope clientId={clientId} rest={segs.slice(1).join('/')} />;
}
