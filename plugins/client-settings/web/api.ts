// Endpoints and cache keys of the client-settings pages. Keys start with the endpoint's
// segments (['clients', id, 'users', …]) so one invalidate refreshes lists and details.
import { clientPath } from '../../../src/host/web.ts';

export const endpoints = {
  users: (clientId: string) => clientPath(clientId, 'users'),
  user: (clientId: string, id: string) => clientPath(clientId, `users/${encodeURIComponent(id)}`),
  invites: (clientId: string) => clientPath(clientId, 'invites'),
  inviteGroups: (clientId: string) => clientPath(clientId, 'invites/permission_groups'),
  invite: (clientId: string, id: string, action: 'resend' | 'revoke') => clientPath(clientId, `invites/${encodeURIComponent(id)}/${action}`),
  roles: (clientId: string) => clientPath(clientId, 'roles'),
  role: (clientId: string, id: string) => clientPath(clientId, `roles/${encodeURIComponent(id)}`),
  retention: (clientId: string) => clientPath(clientId, 'data_retention'),
  retentionHistory: (clientId: string) => clientPath(clientId, 'data_retention/history'),
  retentionEntry: (clientId: string, id: string) => clientPath(clientId, `data_retention/history/${encodeURIComponent(id)}`),
};

export const keys = {
  users: (clientId: string) => ['clients', clientId, 'users'] as const,
  user: (clientId: string, id: string) => ['clients', clientId, 'users', id] as const,
  invites: (clientId: string) => ['clients', clientId, 'invites'] as const,
  roles: (clientId: string) => ['clients', clientId, 'roles'] as const,
  role: (clientId: string, id: string) => ['clients', clientId, 'roles', id] as const,
  allRoles: (clientId: string) => ['clients', clientId, 'roles', 'all'] as const,
  /** The core's GET /data_retention and the history below it share this prefix. */
  retention: (clientId: string) => ['clients', clientId, 'data_retention'] as const,
  retentionEntry: (clientId: string, id: string) => ['clients', clientId, 'data_retention', 'history', id] as const,
};

/** Every role of the client (for filters and selects): the list endpoint at its largest page. */
export const ALL_ROLES_PARAMS = { per: 100, sort: 'name' } as const;
