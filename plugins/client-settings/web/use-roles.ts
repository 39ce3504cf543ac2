// Every role (permission group) of the client, for filters and selects.
import { get, useQuery } from '../../../src/host/web.ts';
import type { RoleRow } from '../schemas.ts';
import { ALL_ROLES_PARAMS, endpoints, keys } from './api.ts';

export function useAllRoles(clientId: string, enabled = true) {
  return useQuery(keys.allRoles(clientId),
    () => get<RoleRow[]>(endpoints.roles(clientId), ALL_ROLES_PARAMS).then((r) => r.data), { enabled });
}
