// The current user and client, shared app-wide (spec 3: "client plus a setter").
// Switching client resets the whole cached data store (spec 4).
import { createContext, useContext, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { Grants } from '../../shared/access.ts';
import { clientPath, get, resetAll, useQuery } from '../api-client.ts';
import { NO_GRANTS, type Bootstrap, type Me } from './grants.ts';

export const ME_KEY = ['me'] as const;
export const fetchMe = () => get<Me>('me').then((r) => r.data);
/** The signed-in account (GET /me), cached. */
export const useMe = () => useQuery(ME_KEY, fetchMe);

export const bootstrapKey = (clientId: string) => ['clients', clientId, 'bootstrap'] as const;
export const fetchBootstrap = (clientId: string) => () => get<Bootstrap>(clientPath(clientId, 'bootstrap')).then((r) => r.data);

/** Tenant cache keys all start with ['clients', clientId]. */
export const clientKey = (clientId: string, ...rest: unknown[]) => ['clients', clientId, ...rest] as const;

export interface ClientState {
  clientId: string;
  me: Me;
  boot: Bootstrap;
  grants: Grants;
  /** Goes to another client's profile page; the cache is reset. */
  setClient: (clientId: string) => void;
}

const ClientContext = createContext<ClientState | null>(null);

export function ClientProvider({ value, children }: { value: Omit<ClientState, 'setClient'>; children: ReactNode }) {
  const [, navigate] = useLocation();
  const setClient = (id: string) => {
    if (id === value.clientId) return;
    resetAll();
    navigate(`/${encodeURIComponent(id)}/profile`);
  };
  return <ClientContext.Provider value={{ ...value, setClient }}>{children}</ClientContext.Provider>;
}

export function useClient(): ClientState {
  const c = useContext(ClientContext);
  if (!c) throw new Error('useClient outside a client route');
  return c;
}

export function useOptionalClient(): ClientState | null {
  return useContext(ClientContext);
}

export function useGrants(): Grants {
  return useContext(ClientContext)?.grants ?? NO_GRANTS;
}

/** Absolute path under the current client: usePath()('account/users') → '/c1/account/users'. */
export function useClientHref(): (to: string) => string {
  const c = useContext(ClientContext);
  return (to: string) => `/${encodeURIComponent(c?.clientId ?? '')}/${to.replace(/^\/+/, '')}`.replace(/\/$/, '');
}
