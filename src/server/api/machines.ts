// The stored statecharts' live instances, for the machine inspector (administrators and QA):
// one page of a machine's rows in this client, each with a label and its state.
import type { ApiRegistrar } from '../../host/server.ts';
import { listQuery, type ListDef, type ListQuery } from '../../shared/schemas/lists.ts';
import { notFound } from '../http/errors.ts';
import { listRows } from '../lists.ts';
import type { StoredMachine } from '../host-services.ts';

const instancesListDef = { sorts: ['label', 'state'], filters: { state: { kind: 'text', multi: true } } } as const satisfies ListDef;

export function registerMachinesApi(api: ApiRegistrar, stored: ReadonlyMap<string, StoredMachine>): void {
  api.get<ListQuery>('/machines/:machine_id/instances', { scope: 'tenant', access: 'ADMIN', query: listQuery(instancesListDef) },
    async ({ tx, clientId, params, query, user }) => {
      const m = stored.get(params.machine_id);
      if (!m) throw notFound('This machine keeps no state on the server');
      // Identifiers come from the area's declaration, checked at start (src/server/host-services.ts).
      return listRows(tx, {
        def: instancesListDef,
        from: `${m.table} t`,
        select: `t.id, (${m.label})::text AS label, t.${m.column} AS state, ${m.updatedAt ? `t.${m.updatedAt}` : 'NULL'} AS updated_at`,
        where: (p) => [`t.client_id = ${p(clientId)}`],
        columns: { label: `lower((${m.label})::text)`, state: `t.${m.column}` },
        defaultSort: 'label',
        tieBreaker: 't.id',
      }, query, { userId: user.id });
    });
}
