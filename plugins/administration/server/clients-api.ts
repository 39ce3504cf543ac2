// Platform clients (admin/clients): the list, create with default permission groups and
// features, edit, and the features panel. A feature switched here takes effect on the
// client's next request: the core reads client_features for every menu and API check.
import type { Catalog, Tx } from '../../../src/host/server.ts';
import { conflict, defineRoutes, invalid, listRows, notFound, type ListSource } from '../../../src/host/server.ts';
import type { ListQuery } from '../../../src/shared/schemas/lists.ts';
import { DEFAULT_GROUPS } from '../../../src/shared/schemas/membership.ts';
import area from '../plugin.ts';
import {
  clientCreateBody, clientFeaturesBody, clientListDef, clientListQuery, clientUpdateBody,
  type AdminClientRow, type ClientCreateBody, type ClientFeaturesBody, type ClientUpdateBody,
} from '../schemas.ts';
import { blankToNull, idParam, lockRule } from './common.ts';

const MEMBERS_COUNT = '(SELECT count(*)::int FROM accounts_clients ac WHERE ac.client_id = c.id AND ac.is_active)';
/** Only features an installed area declares count (a retired feature's rows stay, unused). */
const featuresOn = (catalog: Catalog) => `(SELECT count(*)::int FROM client_features f WHERE f.client_id = c.id AND f.available
  AND f.code = ANY('{${catalog.features.map((f) => f.code).join(',')}}'::text[]))`;

const clientColumns = (catalog: Catalog) => `c.id, c.name, c.full_name, c.email, c.phone, c.balance::text AS balance, c.created_at, c.updated_at,
  ${MEMBERS_COUNT} AS members_count, ${featuresOn(catalog)} AS features_on, ${catalog.features.length} AS features_total`;

export type ClientRow = AdminClientRow;

export async function findClient(tx: Tx, catalog: Catalog, id: string): Promise<ClientRow | null> {
  const { rows } = await tx.query<ClientRow>(`SELECT ${clientColumns(catalog)} FROM clients c WHERE c.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function requireClient(tx: Tx, catalog: Catalog, id: string): Promise<ClientRow> {
  const c = await findClient(tx, catalog, id);
  if (!c) throw notFound();
  return c;
}

/** Every feature an installed area declares, with this client's availability (missing rows are off). */
export async function clientFeatureList(tx: Tx, catalog: Catalog, clientId: string) {
  const { rows } = await tx.query<{ code: string; available: boolean }>(
    'SELECT code, available FROM client_features WHERE client_id = $1', [clientId]);
  const stored = new Map(rows.map((r) => [r.code, r.available]));
  return catalog.features.map(({ code, title }) => ({ code, title, available: stored.get(code) ?? false }));
}

function unknownFeatures(catalog: Catalog, codes: readonly string[]): string[] {
  return codes.filter((c) => !catalog.isFeature(c));
}

async function nameTaken(tx: Tx, name: string, exceptId: string | null): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM clients WHERE lower(name) = lower($1) AND ($2::uuid IS NULL OR id <> $2::uuid)', [name, exceptId]);
  return rows.length > 0;
}

const NAME_TAKEN = { name: 'is already taken by another client' };

async function setFeatures(tx: Tx, clientId: string, values: Record<string, boolean>) {
  for (const [code, available] of Object.entries(values)) {
    await tx.query(
      `INSERT INTO client_features (client_id, code, available) VALUES ($1, $2, $3)
       ON CONFLICT (client_id, code) DO UPDATE SET available = EXCLUDED.available, updated_at = now()`,
      [clientId, code, available],
    );
  }
}

async function clientDetail(tx: Tx, catalog: Catalog, id: string) {
  const client = await findClient(tx, catalog, id);
  if (!client) return null;
  const groups = await tx.query<{ id: string; name: string; codes: string[] }>(
    'SELECT id, name, codes FROM permission_groups WHERE client_id = $1 ORDER BY lower(name)', [id]);
  return {
    ...client,
    features: await clientFeatureList(tx, catalog, id),
    permission_groups: groups.rows.map((g) => ({ id: g.id, name: g.name, codes_count: g.codes.length })),
  };
}

export const registerClientsApi = defineRoutes(area, (api) => {
  api.get<ListQuery>('/clients', { scope: 'admin', query: clientListQuery }, async ({ tx, query, catalog }) => {
    const source: ListSource = {
      def: clientListDef,
      from: 'clients c',
      select: clientColumns(catalog),
      search: ['c.name', 'c.full_name', 'c.email'],
      columns: {
        name: 'lower(c.name)', full_name: 'lower(c.full_name)', email: 'lower(c.email)',
        members_count: MEMBERS_COUNT, balance: 'c.balance', features_on: featuresOn(catalog), created_at: 'c.created_at',
      },
      defaultSort: 'name',
      tieBreaker: 'c.id',
    };
    return listRows(tx, source, query);
  });

  api.post<unknown, ClientCreateBody>('/clients', { scope: 'admin', body: clientCreateBody }, async ({ tx, body, audit, catalog }) => {
    const c = body.client;
    const unknown = unknownFeatures(catalog, c.features ?? []);
    if (unknown.length) throw invalid({ features: `has features no installed area declares: ${unknown.slice(0, 5).join(', ')}` });
    const name = c.name.trim();
    await lockRule(tx, 'client-name');
    if (await nameTaken(tx, name, null)) throw conflict(undefined, NAME_TAKEN);
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO clients (name, full_name, email, phone) VALUES ($1, $2, $3, $4) RETURNING id',
      [name, c.full_name.trim(), blankToNull(c.email), blankToNull(c.phone)],
    );
    const id = rows[0].id;
    // Every feature gets a row, so the panel and the core agree on what is off.
    const all = catalog.features.map((f) => f.code);
    const on = new Set<string>(c.features ?? all);
    await setFeatures(tx, id, Object.fromEntries(all.map((code) => [code, on.has(code)])));
    for (const g of DEFAULT_GROUPS) {
      await tx.query('INSERT INTO permission_groups (client_id, name, codes) VALUES ($1, $2, $3)', [id, g.name, catalog.defaultGroups[g.codes]]);
    }
    const detail = await clientDetail(tx, catalog, id);
    await audit({ clientId: id, action: 'create', objectType: 'clients', objectId: id, before: null, after: detail });
    return detail;
  });

  api.get('/clients/:id', { scope: 'admin' }, async ({ tx, params, catalog }) => {
    const detail = await clientDetail(tx, catalog, idParam(params));
    if (!detail) throw notFound();
    return detail;
  });

  api.patch<unknown, ClientUpdateBody>('/clients/:id', { scope: 'admin', body: clientUpdateBody }, async ({ tx, params, body, audit, catalog }) => {
    const id = idParam(params);
    const before = await requireClient(tx, catalog, id);
    const c = body.client;
    const next = {
      name: c.name !== undefined ? c.name.trim() : before.name,
      full_name: c.full_name !== undefined ? c.full_name.trim() : before.full_name,
      email: c.email !== undefined ? blankToNull(c.email) : before.email,
      phone: c.phone !== undefined ? blankToNull(c.phone) : before.phone,
    };
    if (next.name.toLowerCase() !== before.name.toLowerCase()) {
      await lockRule(tx, 'client-name');
      if (await nameTaken(tx, next.name, id)) throw conflict(undefined, NAME_TAKEN);
    }
    await tx.query(
      'UPDATE clients SET name = $2, full_name = $3, email = $4, phone = $5, updated_at = now() WHERE id = $1',
      [id, next.name, next.full_name, next.email, next.phone],
    );
    const after = await findClient(tx, catalog, id);
    await audit({ clientId: id, action: 'update', objectType: 'clients', objectId: id, before, after });
    return after;
  });

  api.get('/clients/:id/features', { scope: 'admin' }, async ({ tx, params, catalog }) => {
    const id = idParam(params);
    await requireClient(tx, catalog, id);
    return clientFeatureList(tx, catalog, id);
  });

  api.patch<unknown, ClientFeaturesBody>('/clients/:id/features', { scope: 'admin', body: clientFeaturesBody },
    async ({ tx, params, body, audit, catalog }) => {
      const id = idParam(params);
      await requireClient(tx, catalog, id);
      const unknown = unknownFeatures(catalog, Object.keys(body.client_features));
      if (unknown.length) throw invalid({ client_features: `has features no installed area declares: ${unknown.slice(0, 5).join(', ')}` });
      const before = await clientFeatureList(tx, catalog, id);
      await setFeatures(tx, id, body.client_features);
      const after = await clientFeatureList(tx, catalog, id);
      const changed = (list: typeof before) => Object.fromEntries(
        list.filter((f) => Object.hasOwn(body.client_features, f.code)).map((f) => [f.code, f.available]));
      await audit({ clientId: id, action: 'update_features', objectType: 'clients', objectId: id, before: changed(before), after: changed(after) });
      return after;
    });

  api.get('/clients/:id/permission_groups', { scope: 'admin' }, async ({ tx, params, catalog }) => {
    const id = idParam(params);
    await requireClient(tx, catalog, id);
    const { rows } = await tx.query<{ id: string; name: string; codes: string[] }>(
      'SELECT id, name, codes FROM permission_groups WHERE client_id = $1 ORDER BY lower(name)', [id]);
    return rows.map((g) => ({ id: g.id, name: g.name, codes: [...g.codes].sort() }));
  });
});
