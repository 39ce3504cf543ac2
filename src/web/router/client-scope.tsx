// Everything under /{client_id}: loads the current user and the client's bootstrap,
// answers 404 for an unknown client or one the user is not a member of, resets the data
// store when the client changes, then resolves the rest of the path against the registry:
// legacy and index redirects, guards (a failed check shows 404, as does a route without a
// page), and the page inside the shell.
import { useLayoutEffect, useMemo } from 'react';
import { Redirect, useSearch } from 'wouter';
import { ApiError, resetAll, useQuery } from '../api-client.ts';
import { registry } from '../registry.ts';
import { ErrorScreen } from '../screens/error-screen.tsx';
import { screenForError } from '../screens/error-texts.ts';
import { FullScreenLoader } from '../screens/loader.tsx';
import { Shell } from '../shell/layout.tsx';
import { ClientProvider, ME_KEY, bootstrapKey, fetchBootstrap, fetchMe } from '../state/client.tsx';
import { grantsFrom } from '../state/grants.ts';
import { PageHost } from './page-host.tsx';

let lastClientId: string | null = null;

export function ClientScope({ clientId, rest }: { clientId: string; rest: string }) {
  const search = useSearch();

  // Switching client resets the whole cached data store (spec 4). Layout effects run
  // before the queries' effects, so the new client never reads the old client's data.
  useLayoutEffect(() => {
    if (lastClientId !== null && lastClientId !== clientId) resetAll();
    lastClientId = clientId;
  }, [clientId]);

  const me = useQuery(ME_KEY, fetchMe);
  const boot = useQuery(bootstrapKey(clientId), fetchBootstrap(clientId));
  const grants = useMemo(() => (boot.data ? grantsFrom(boot.data) : null), [boot.data]);

  const error = boot.error ?? me.error;
  if (error && !(boot.data && me.data)) {
    if (error instanceof ApiError && error.status === 401) return <FullScreenLoader />;
    // An unknown client, or one the user is not a member of: 404 (never a hint it exists).
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return <ErrorScreen kind="not-found" />;
    const { kind, status } = screenForError(error);
    return <ErrorScreen kind={kind} status={status} />;
  }
  if (!me.data || !boot.data || !grants) return <FullScreenLoader />;

  const resolved = registry.routeFor(rest);
  if (resolved.kind === 'redirect') {
    return <Redirect to={`/${encodeURIComponent(clientId)}/${resolved.to}${search ? `?${search}` : ''}`} replace />;
  }

  let content;
  if (resolved.kind === 'route' && resolved.route.available && resolved.route.page && registry.canSee(resolved.route, grants)) {
    content = <PageHost load={resolved.route.page} params={resolved.params} resetKey={`${clientId}/${rest}`} />;
  } else {
    content = <ErrorScreen kind="not-found" inline />;
  }

  return (
    <ClientProvider value={{ clientId, me: me.data, boot: boot.data, grants }}>
      <Shell path={rest} route={resolved.kind === 'route' ? resolved.route : null}>
        {content}
      </Shell>
    </ClientProvider>
  );
}
