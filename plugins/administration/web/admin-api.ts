// The administration pages' view of /api/v1/admin: paths, record shapes and cached reads.
// Cache keys follow the endpoint segments (['admin', 'clients', id …]), so one
// invalidate(['admin', 'clients']) refreshes the list pages and every open client.
import { get, invalidate, useQuery } from '../../../src/host/web.ts';

export const ADMIN = {
  clients: 'admin/clients',
  client: (id: string) => `admin/clients/${encodeURIComponent(id)}`,
  clientPart: (id: string, part: string) => `admin/clients/${encodeURIComponent(id)}/${part}`,
  users: 'admin/users',
  user: (id: string) => `admin/users/${encodeURIComponent(id)}`,
  userAction: (id: string, action: string) => `admin/users/${encodeURIComponent(id)}/${action}`,
  identity: 'admin/identity',
} as const;

export type { GroupRef } from '../../../src/shared/schemas/membership.ts';
export type {
  FeatureState, AdminClientRow, AdminClientDetail, AdminMemberRow, AdminInviteRow, BalanceEntryRow, AdminUserRow, AdminUserDetail, IdentityMode,
} from '../schemas.ts';
import type { AdminClientDetail, AdminUserDetail, IdentityMode } from '../schemas.ts';
import type { GroupRef } from '../../../src/shared/schemas/membership.ts';

const read = <T>(path: string) => () => get<T>(path).then((r) => r.data);
const keyOf = (path: string) => path.split('/');

export const useClientDetail = (id: string) => useQuery(keyOf(ADMIN.client(id)), read<AdminClientDetail>(ADMIN.client(id)));
export const useUserDetail = (id: string) => useQuery(keyOf(ADMIN.user(id)), read<AdminUserDetail>(ADMIN.user(id)));
export const useIdentityMode = () => useQuery(keyOf(ADMIN.identity), read<IdentityMode>(ADMIN.identity));
export const usePermissionGroups = (clientId: string) =>
  useQuery(keyOf(ADMIN.clientPart(clientId, 'permission_groups')), read<(GroupRef & { codes: string[] })[]>(ADMIN.clientPart(clientId, 'permission_groups')));

/** After a change to a client: the admin pages, and that client's own shell data (menu, balance) if cached. */
export function refreshClient(clientId: string): void {
  invalidate(['admin', 'clients']);
  invalidate(['admin', 'users']);
  invalidate(['clients', clientId]);
}

export function refreshUsers(): void {
  invalidate(['admin', 'users']);
  invalidate(['admin', 'clients']);
}
