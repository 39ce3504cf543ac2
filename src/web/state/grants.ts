// What the shell knows about the signed-in user and the current client, and the grants
// (permission codes + available features) every guard and menu check reads.
import { ADMIN } from '../../host/registries.ts';
import type { Grants } from '../../shared/access.ts';

/** GET /api/v1/me */
export interface Me {
  id: string;
  email: string;
  full_name: string | null;
  phone: string | null;
  name?: string | null;
  is_admin: boolean;
  preferences?: Record<string, unknown> | null;
  accounts_clients: { client: { id: string; name: string }; role?: string | { name?: string } | null }[];
}

/** GET /api/v1/clients/{client_id}/bootstrap */
export interface Bootstrap {
  client: { id: string; name: string; full_name?: string | null; email?: string | null; phone?: string | null };
  role?: string | { name?: string } | null;
  is_admin: boolean;
  permissions: string[];
  features: { code: string; available: boolean }[];
}

export const NO_GRANTS: Grants = { permissions: new Set(), features: new Set() };

export function grantsFrom(boot: Pick<Bootstrap, 'permissions' | 'features' | 'is_admin'>): Grants {
  const permissions = new Set<string>(boot.permissions);
  if (boot.is_admin) permissions.add(ADMIN);
  const features = new Set<string>();
  for (const f of boot.features) if (f.available) features.add(f.code);
  return { permissions, features };
}

export function roleName(role: Me['accounts_clients'][number]['role']): string {
  if (!role) return '';
  return typeof role === 'string' ? role : role.name ?? '';
}

/** Where /define_client sends the user: their only client, or null to let them choose. */
export function onlyClient(me: Pick<Me, 'accounts_clients'>): string | null {
  return me.accounts_clients.length === 1 ? me.accounts_clients[0].client.id : null;
}
