// The client's audit trail, read-only (the core's audit_log accepts no UPDATE or DELETE):
// what every member, administrator and invitee did to this client, newest first.
import { defineRoutes, listRows } from '../../../src/host/server.ts';
import { listQuery, type ListDef, type ListQuery } from '../../../src/shared/schemas/lists.ts';
import area from '../plugin.ts';

export const auditListDef = {
  sorts: ['at'],
  filters: {
    action: { kind: 'text', multi: true },
    object_type: { kind: 'text', multi: true },
    object_id: { kind: 'text' },
    user_id: { kind: 'uuid' },
    request_id: { kind: 'text' },
  },
  ranges: { at: 'date' },
} as const satisfies ListDef;

export const registerAuditLogApi = defineRoutes(area, (api) => {
  api.get<ListQuery>('/audit_log', { scope: 'tenant', guard: 'manage', query: listQuery(auditListDef) },
    async ({ tx, clientId, user, query }) => listRows(tx, {
      def: auditListDef,
      from: 'audit_log a LEFT JOIN users u ON u.id = a.user_id',
      select: `a.id, a.at, a.action, a.object_type, a.object_id, a.before, a.after, a.request_id, a.user_id,
               CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'email', u.email, 'full_name', u.full_name) END AS user`,
      where: (p) => [`a.client_id = ${p(clientId)}`],
      search: ['a.action', 'a.object_type', 'a.object_id'],
      columns: { action: 'a.action', object_type: 'a.object_type', object_id: 'a.object_id', user_id: 'a.user_id', request_id: 'a.request_id', at: 'a.at' },
      defaultSort: '-at',
      tieBreaker: 'a.id',
      registryType: 'audit_log',
    }, query, { userId: user.id }));
});
