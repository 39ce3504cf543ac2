// The administration pages' view of /api/v1/admin: paths, record shapes and cached reads.
// Cache keys follow the endpoint segments (['admin', 'clients', id …]), so one
// invalidate(['admin', 'clients']) refreshes the list pages and every open client.
import { get, invalidate, useQuery } from '../../../src/shared/api-client.ts';

export const ADMIN = {
  clients: 'admin/clients',
  client: (id: string) => `admin/clients/${encodeURIComponent(id)}`,
  clientPart: (id: string, part: string) => `admin/clients/${encodeURIComponent(id)}/${part}`,
  users: 'admin/users',
  user: (id: string) => `admin/users/${encodeURIComponent(id)}`,
  userAction: (id: string, action: string) => `admin/users/${encodeURIComponent(id)}/${action}`,
  identity: 'admin/identity',
} as const;

export interface FeatureState { code: string; title: string; available: boolean }
export interface GroupRef { id: string; name: string }

export interface ClientRow {
  id: string;
  name: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  balance: string;
  members_count: number;
  features_on: number;
  features_total: number;
  created_at: string;
  [key: string]: unknown;
}

export interface ClientDetail extends ClientRow {
  features: FeatureState[];
  permission_groups: (GroupRef & { codes_count: number })[];
}

export interface MemberRow {
  id: string;
  user_id: string;
  email: string;
  full_name: string;
  user_is_active: boolean;
  role: string;
  is_active: boolean;
  permission_groups: GroupRef[];
  created_at: string;
  [key: string]: unknown;
}

export interface InviteRow {
  id: string;
  email: string;
  role: string;
  status: 'pending' | 'accepted' | 'expired' | 'revoked';
  permission_groups: GroupRef[];
  invited_by: { id: string; full_name: string } | null;
  expires_at: string;
  created_at: string;
  [key: string]: unknown;
}

export interface BalanceEntryRow {
  id: string;
  kind: 'top_up' | 'set';
  amount: string;
  balance_before: string;
  balance_after: string;
  note: string | null;
  created_by_email: string | null;
  created_by_name: string | null;
  created_at: string;
  [key: string]: unknown;
}

export interface UserRow {
  id: string;
  email: string;
  full_name: string;
  phone: string | null;
  is_admin: boolean;
  is_active: boolean;
  has_password: boolean;
  memberships_count: number;
  created_at: string;
  [key: string]: unknown;
}

export interface UserDetail extends UserRow {
  memberships: { id: string; role: string; is_active: boolean; created_at: string; client: GroupRef; permission_groups: GroupRef[] }[];
}

export interface IdentityMode { issuer: 'embedded' | 'external'; passwords: boolean }

const read = <T>(path: string) => () => get<T>(path).then((r) => r.data);
const keyOf = (path: string) => path.split('/');

export const useClientDetail = (id: string) => useQuery(keyOf(ADMIN.client(id)), read<ClientDetail>(ADMIN.client(id)));
export const useUserDetail = (id: string) => useQuery(keyOf(ADMIN.user(id)), read<UserDetail>(ADMIN.user(id)));
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
