// Saved filter templates of a user for one list (registry_type). Limits of spec 5 and 9
// hold on the server too: at most 50 per registry and 5 favorites. Counting and writing
// happen under a per-registry lock, so two saves at once cannot both take the 50th place.
import type { ApiRegistrar, Tx } from '../../host/server.ts';
import type { ListQuery } from '../../shared/schemas/lists.ts';
import {
  MAX_FAVORITE_TEMPLATES, MAX_TEMPLATES_PER_REGISTRY, tabRegistryCreateBody, tabRegistryListDef,
  tabRegistryListQuery, tabRegistryUpdateBody, type TabRegistryCreateBody, type TabRegistryUpdateBody,
} from '../../shared/schemas/tab-registries.ts';
import { isUuid } from '../db/types.ts';
import { conflict, invalid, notFound } from '../http/errors.ts';
import { listRows } from '../lists.ts';

const COLUMNS = 'id, name, registry_type, favorite, meta, filters, created_at, updated_at';

interface Row { id: string; name: string; registry_type: string; favorite: boolean; meta: unknown; filters: unknown }

export const TOO_MANY_TEMPLATES = `You can save up to ${MAX_TEMPLATES_PER_REGISTRY} filter templates for this list. Delete one to save another`;
export const TOO_MANY_FAVORITES = `You can mark up to ${MAX_FAVORITE_TEMPLATES} filter templates as favorite`;
export const DUPLICATE_NAME = 'A filter template with this name already exists for this list';

async function lockRegistry(tx: Tx, clientId: string, userId: string, registryType: string) {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tab_registries:${clientId}:${userId}:${registryType}`]);
}

async function counts(tx: Tx, clientId: string, userId: string, registryType: string, exceptId: string | null) {
  const { rows } = await tx.query<{ total: number; favorites: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE favorite)::int AS favorites
       FROM tab_registries
      WHERE client_id = $1 AND user_id = $2 AND registry_type = $3 AND ($4::uuid IS NULL OR id <> $4::uuid)`,
    [clientId, userId, registryType, exceptId],
  );
  return rows[0];
}

async function nameTaken(tx: Tx, clientId: string, userId: string, registryType: string, name: string, exceptId: string | null) {
  const { rows } = await tx.query(
    `SELECT 1 FROM tab_registries WHERE client_id = $1 AND user_id = $2 AND registry_type = $3
        AND lower(name) = lower($4) AND ($5::uuid IS NULL OR id <> $5::uuid)`,
    [clientId, userId, registryType, name, exceptId],
  );
  return rows.length > 0;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

export function registerTabRegistriesApi(api: ApiRegistrar): void {
  api.get<ListQuery>('/tab_registries', { scope: 'tenant', query: tabRegistryListQuery }, async ({ tx, clientId, user, query }) =>
    listRows(tx, {
      def: tabRegistryListDef,
      from: 'tab_registries t',
      select: COLUMNS.split(', ').map((c) => `t.${c}`).join(', '),
      where: (p) => [`t.client_id = ${p(clientId)}`, `t.user_id = ${p(user.id)}`],
      search: ['t.name'],
      columns: { registry_type: 't.registry_type', favorite: 't.favorite', created_at: 't.created_at', name: 'lower(t.name)' },
      defaultSort: '-created_at',
      tieBreaker: 't.id',
    }, query, { userId: user.id }));

  api.post<unknown, TabRegistryCreateBody>('/tab_registries', { scope: 'tenant', body: tabRegistryCreateBody },
    async ({ tx, clientId, user, body, audit }) => {
      const t = body.tab_registry;
      const name = t.name.trim();
      await lockRegistry(tx, clientId!, user.id, t.registry_type);
      const c = await counts(tx, clientId!, user.id, t.registry_type, null);
      if (c.total >= MAX_TEMPLATES_PER_REGISTRY) throw conflict(TOO_MANY_TEMPLATES, { registry_type: TOO_MANY_TEMPLATES });
      if (t.favorite && c.favorites >= MAX_FAVORITE_TEMPLATES) throw conflict(TOO_MANY_FAVORITES, { favorite: TOO_MANY_FAVORITES });
      if (await nameTaken(tx, clientId!, user.id, t.registry_type, name, null)) throw conflict(DUPLICATE_NAME, { name: DUPLICATE_NAME });
      const { rows } = await tx.query<Row>(
        `INSERT INTO tab_registries (client_id, user_id, registry_type, name, favorite, meta, filters)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb) RETURNING ${COLUMNS}`,
        [clientId, user.id, t.registry_type, name, t.favorite ?? false, json(t.meta), json(t.filters)],
      );
      await audit({ action: 'create', objectType: 'tab_registries', objectId: rows[0].id, before: null, after: rows[0] });
      return rows[0];
    });

  api.put<unknown, TabRegistryUpdateBody>('/tab_registries/:id', { scope: 'tenant', body: tabRegistryUpdateBody },
    async ({ tx, clientId, user, params, body, audit }) => {
      if (!isUuid(params.id)) throw notFound();
      const found = await tx.query<Row>(
        `SELECT ${COLUMNS} FROM tab_registries WHERE id = $1 AND client_id = $2 AND user_id = $3`,
        [params.id, clientId, user.id],
      );
      const before = found.rows[0];
      if (!before) throw notFound();
      const t = body.tab_registry;
      if (t.registry_type !== undefined && t.registry_type !== before.registry_type) {
        throw invalid({ registry_type: 'cannot be changed' });
      }
      await lockRegistry(tx, clientId!, user.id, before.registry_type);
      if (t.favorite === true && !before.favorite) {
        const c = await counts(tx, clientId!, user.id, before.registry_type, before.id);
        if (c.favorites >= MAX_FAVORITE_TEMPLATES) throw conflict(TOO_MANY_FAVORITES, { favorite: TOO_MANY_FAVORITES });
      }
      const name = t.name?.trim() ?? before.name;
      if (name.toLowerCase() !== before.name.toLowerCase() && await nameTaken(tx, clientId!, user.id, before.registry_type, name, before.id)) {
        throw conflict(DUPLICATE_NAME, { name: DUPLICATE_NAME });
      }
      const { rows } = await tx.query<Row>(
        `UPDATE tab_registries SET name = $2, favorite = $3,
                meta = CASE WHEN $4 THEN $5::jsonb ELSE meta END,
                filters = CASE WHEN $6 THEN $7::jsonb ELSE filters END,
                updated_at = now()
          WHERE id = $1 RETURNING ${COLUMNS}`,
        [before.id, name, t.favorite ?? before.favorite, t.meta !== undefined, json(t.meta), t.filters !== undefined, json(t.filters)],
      );
      await audit({ action: 'update', objectType: 'tab_registries', objectId: before.id, before, after: rows[0] });
      return rows[0];
    });

  api.delete('/tab_registries/:id', { scope: 'tenant' }, async ({ tx, clientId, user, params, audit }) => {
    if (!isUuid(params.id)) throw notFound();
    const { rows } = await tx.query<Row>(
      `DELETE FROM tab_registries WHERE id = $1 AND client_id = $2 AND user_id = $3 RETURNING ${COLUMNS}`,
      [params.id, clientId, user.id],
    );
    if (!rows[0]) throw notFound();
    await audit({ action: 'delete', objectType: 'tab_registries', objectId: rows[0].id, before: rows[0], after: null });
    return { id: rows[0].id };
  });
}
