// The screenings API (under /api/v1/clients/{client_id}):
//   GET  /checkups                     every screening the member may see (kind, status, dates, q on the name)
//   GET  /checkups/:id                 one screening with its hits
//   GET  /checkups/:id/hits/:hit_id    one hit
//   GET  /checkups/hits/:hit_id        one hit by its id alone, with its screening (the hit
//                                      page's address, spec 2.6, names only the hit)
//   POST /checkups/<code>              runs a screening of that kind: { checkup: { …the kind's input } }
// A kind's screenings are visible to whoever passes the kind's own guard (its pages' rule);
// another kind's, or another client's, answer 404. A POST runs the kind before the
// transaction opens (no database connection waits on a provider), then records the
// screening, its hits and an audit row in one transaction. A kind that fails, times out or
// answers nonsense gives a screening that failed with the reason, never a 500.
import type { ListQuery } from '../../../src/shared/schemas/lists.ts';
import { defineRoutes, isUuid, listRows, notFound, type ListSource } from '../../../src/host/server.ts';
import area, { anyScreening } from '../plugin.ts';
import { checkupBody, checkupListDef, checkupListQuery } from '../schemas.ts';
import {
  CHECKUP_FROM, CHECKUP_SELECT, clientFeatures, HIT_SELECT, knownKinds, loadCheckup, recordOutcome, runKind, subjectName,
  visibleCodes, type RunOutcome,
} from './kinds.ts';
import { CHECKUPS_TABLE, HITS_TABLE } from './migrations.ts';

const LIST_SELECT = `c.id, c.kind, c.name, c.execution_status, c.provider_status, c.hits_count, c.summary, c.error, c.origin,
  CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'full_name', u.full_name, 'email', u.email) END AS created_by,
  c.created_at, c.finished_at`;

export const registerCheckupsApi = defineRoutes(area, (api, host) => {
  const kinds = knownKinds(host);
  const codes = kinds.map((k) => k.code);
  // The list and its records: any kind's codes open them; each row still needs its kind's guard.
  const anyKind = { access: anyScreening(kinds) };

  const visible = async (ctx: { tx: Parameters<typeof clientFeatures>[0]; clientId: string | null; permissions: ReadonlySet<string> }) =>
    visibleCodes(kinds, ctx.permissions, await clientFeatures(ctx.tx, ctx.clientId!));

  api.get<ListQuery>('/checkups', { scope: 'tenant', ...anyKind, query: checkupListQuery(codes) }, async (ctx) => {
    const shown = await visible(ctx);
    const source: ListSource = {
      def: checkupListDef(codes),
      from: CHECKUP_FROM,
      select: LIST_SELECT,
      where: (p) => [`c.client_id = ${p(ctx.clientId)}`, `c.kind = ANY(${p(shown)})`],
      search: ['c.name'],
      columns: {
        kind: 'c.kind', execution_status: 'c.execution_status', created_at: 'c.created_at', name: 'lower(c.name)',
        hits_count: 'c.hits_count',
      },
      defaultSort: '-created_at',
      tieBreaker: 'c.id',
      registryType: 'checkups',
    };
    return listRows(ctx.tx, source, ctx.query, { userId: ctx.user.id });
  });

  api.get('/checkups/:id', { scope: 'tenant', ...anyKind }, async (ctx) => {
    if (!isUuid(ctx.params.id)) throw notFound();
    const row = await loadCheckup(ctx.tx, ctx.clientId!, ctx.params.id);
    if (!row || !(await visible(ctx)).includes(row.kind)) throw notFound();
    return row;
  });

  api.get('/checkups/:id/hits/:hit_id', { scope: 'tenant', ...anyKind }, async (ctx) => {
    const { id, hit_id: hitId } = ctx.params;
    if (!isUuid(id) || !isUuid(hitId)) throw notFound();
    const { rows } = await ctx.tx.query<{ kind: string } & Record<string, unknown>>(
      `SELECT ${HIT_SELECT}, c.kind FROM ${HITS_TABLE} h JOIN ${CHECKUPS_TABLE} c ON c.id = h.checkup_id
        WHERE c.client_id = $1 AND c.id = $2 AND h.id = $3`, [ctx.clientId, id, hitId]);
    const hit = rows[0];
    if (!hit || !(await visible(ctx)).includes(hit.kind)) throw notFound();
    const { kind: _kind, ...rest } = hit;
    return rest;
  });

  api.get('/checkups/hits/:hit_id', { scope: 'tenant', ...anyKind }, async (ctx) => {
    if (!isUuid(ctx.params.hit_id)) throw notFound();
    const { rows } = await ctx.tx.query<{ checkup_id: string } & Record<string, unknown>>(
      `SELECT ${HIT_SELECT} FROM ${HITS_TABLE} h WHERE h.client_id = $1 AND h.id = $2`, [ctx.clientId, ctx.params.hit_id]);
    const hit = rows[0];
    const checkup = hit ? await ctx.tx.query<{ kind: string }>(
      `SELECT ${CHECKUP_SELECT} FROM ${CHECKUP_FROM} WHERE c.client_id = $1 AND c.id = $2`, [ctx.clientId, hit.checkup_id]) : null;
    const c = checkup?.rows[0];
    if (!hit || !c || !(await visible(ctx)).includes(c.kind)) throw notFound();
    return { ...hit, checkup: c };
  });

  for (const kind of kinds) {
    const k = kind.server;
    if (!k) continue;
    api.post<unknown, { checkup: unknown }, RunOutcome>(`/checkups/${k.code}`, {
      scope: 'tenant',
      access: k.access,
      ...(k.feature === undefined ? {} : { feature: k.feature }),
      body: checkupBody(k.input),
      // The kind runs here, after every check and before the transaction opens.
      prepare: ({ body, params, read }) => runKind(k, body.checkup, {
        clientId: params.client_id,
        read: async (sql, values) => (await read(sql, values)).rows as never[],
      }),
    }, async ({ tx, clientId, user, body, prepared, audit }) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO ${CHECKUPS_TABLE} (client_id, kind, name, input, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [clientId, k.code, subjectName(k, body.checkup), JSON.stringify(body.checkup ?? {}), user.id]);
      const id = rows[0].id;
      const hits = await recordOutcome(tx, clientId!, id, prepared);
      await audit({
        action: 'create', objectType: 'checkups', objectId: id, before: null,
        after: { kind: k.code, input: body.checkup, execution_status: prepared.status, hits_count: hits, error: prepared.error },
      });
      return loadCheckup(tx, clientId!, id);
    });
  }
});
