// The workflows API (docs/workflows.md): flow definitions and their versions, instances,
// events, cancel, the step types plugins contribute, and the client's webhook secret.
// Everything is tenant-scoped through the registrar, under the guards of the area that
// registers it (the flow builder's: host.registerWorkflowApi), so the core names no codes.
import type { ApiRegistrar, Tx, WorkflowApiGuards } from '../../host/server.ts';
import type { ListQuery } from '../../shared/schemas/lists.ts';
import {
  workflowCancelBody, workflowDefinitionCreateBody, workflowDefinitionGetQuery, workflowDefinitionListDef,
  workflowDefinitionListQuery, workflowDefinitionUpdateBody, workflowDefinitionValidateBody, workflowEventBody,
  workflowInstanceListDef, workflowInstanceListQuery, workflowInstanceStartBody, workflowVersionListDef, workflowVersionListQuery,
  type WorkflowCancelBody, type WorkflowDefinitionCreateBody, type WorkflowDefinitionUpdateBody,
  type WorkflowDefinitionValidateBody, type WorkflowEventBody, type WorkflowInstanceStartBody,
} from '../../shared/schemas/workflows.ts';
import { isUuid } from '../db/types.ts';
import { conflict, invalid, notFound } from '../http/errors.ts';
import { listRows } from '../lists.ts';
import { checkDefinition, sameDefinition, type CompiledDefinition } from '../workflows/definition.ts';
import {
  acceptedEvents, cancelInstance, INSTANCE_COLUMNS, loadVersion, sendExternalEvent, startInstance, userActor, type InstanceRow,
} from '../workflows/engine.ts';
import { describeStruct, type StepRegistry } from '../workflows/registry.ts';
import { rotateWebhookSecret, webhookSecret } from '../workflows/steps/webhook.ts';


interface DefinitionRow {
  id: string; key: string; name: string; latest_version: number; published_version: number | null;
  created_by: string | null; created_at: string; updated_at: string;
}
interface VersionRow {
  id: string; version: number; definition: Record<string, unknown>; compiled: CompiledDefinition;
  created_by: string | null; created_at: string; published_at: string | null;
}

const DEF_COLUMNS = 'id, key, name, latest_version, published_version, created_by, created_at, updated_at';
const VERSION_COLUMNS = 'id, version, definition, compiled, created_by, created_at, published_at';

async function findDefinition(tx: Tx, key: string, lock = false): Promise<DefinitionRow> {
  const { rows } = await tx.query<DefinitionRow>(`SELECT ${DEF_COLUMNS} FROM workflow_definitions WHERE key = $1${lock ? ' FOR UPDATE' : ''}`, [key]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

async function findVersion(tx: Tx, definitionId: string, version: number): Promise<VersionRow | null> {
  const { rows } = await tx.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM workflow_definition_versions WHERE definition_id = $1 AND version = $2`, [definitionId, version]);
  return rows[0] ?? null;
}

function present(d: DefinitionRow, v: VersionRow | null) {
  return {
    ...d,
    version: v && {
      version: v.version, definition: v.definition, created_by: v.created_by, created_at: v.created_at,
      published_at: v.published_at, is_published: v.version === d.published_version,
    },
  };
}

async function instanceDetail(tx: Tx, row: InstanceRow) {
  const v = await loadVersion(tx, row.version_id);
  const { rows: transitions } = await tx.query(
    `SELECT seq, from_state, event, to_state, status, data_diff, actor_type, actor, user_id, error, created_at
       FROM workflow_transitions WHERE instance_id = $1 ORDER BY seq`, [row.id]);
  return { ...row, accepts: acceptedEvents(v, row), transitions };
}

export function registerWorkflowsApi(api: ApiRegistrar<string>, opts: { registry: StepRegistry; guards: WorkflowApiGuards }): void {
  const { registry, guards } = opts;
  const read = { scope: 'tenant', guard: guards.read } as const;
  const write = { scope: 'tenant', guard: guards.write } as const;
  const publish = { scope: 'tenant', guard: guards.publish } as const;
  const insts = { scope: 'tenant', guard: guards.instances } as const;
  const check = (raw: unknown, settings: { publicUrl: string; oidcIssuer: string | null }) => {
    const { errors, compiled } = checkDefinition(raw, registry, { settings });
    if (!compiled) {
      throw invalid(Object.fromEntries(Object.entries(errors).map(([k, m]) => [k === 'base' ? 'definition' : `definition.${k}`, m])), 'The flow definition is not valid');
    }
    return compiled;
  };

  api.get('/workflows/step_types', read, async () =>
    registry.list().map(({ def, owner }) => ({
      type: def.type,
      title: def.title,
      emits: [...def.emits],
      emits_from_input: typeof def.emitsFrom === 'function',
      external: def.external === true,
      input: def.describeInput ?? describeStruct(def.input),
      plugin: owner,
    })));

  // ── Definitions ───────────────────────────────────────────────────────────────────
  api.get<ListQuery>('/workflows/definitions', { ...read, query: workflowDefinitionListQuery },
    ({ tx, query, user }) => listRows(tx, {
      def: workflowDefinitionListDef,
      from: 'workflow_definitions d',
      select: DEF_COLUMNS.split(', ').map((c) => `d.${c}`).join(', '),
      search: ['d.name', 'd.key'],
      columns: { name: 'lower(d.name)', key: 'd.key', created_at: 'd.created_at', updated_at: 'd.updated_at', published: '(d.published_version IS NOT NULL)' },
      defaultSort: 'name',
      tieBreaker: 'd.id',
    }, query, { userId: user.id }));

  api.post<unknown, WorkflowDefinitionValidateBody>('/workflows/definitions/validate', { ...write, body: workflowDefinitionValidateBody },
    async ({ body, settings, audit }) => {
      const compiled = check(body.workflow_definition.definition, settings);
      await audit({ action: 'validate', objectType: 'workflow_definitions', after: { valid: true } });
      return { valid: true, states: Object.keys(compiled.states), initial: compiled.initial };
    });

  api.post<unknown, WorkflowDefinitionCreateBody>('/workflows/definitions', { ...write, body: workflowDefinitionCreateBody },
    async ({ tx, clientId, user, body, settings, audit }) => {
      const w = body.workflow_definition;
      const compiled = check(w.definition, settings);
      const taken = await tx.query('SELECT 1 FROM workflow_definitions WHERE key = $1', [w.key]);
      if (taken.rows.length) throw conflict(`A flow with the key "${w.key}" already exists`, { key: 'is already taken' });
      const { rows } = await tx.query<DefinitionRow>(
        `INSERT INTO workflow_definitions (client_id, key, name, latest_version, created_by) VALUES ($1, $2, $3, 1, $4) RETURNING ${DEF_COLUMNS}`,
        [clientId, w.key, w.name.trim(), user.id]);
      const v = await tx.query<VersionRow>(
        `INSERT INTO workflow_definition_versions (client_id, definition_id, version, definition, compiled, created_by)
         VALUES ($1, $2, 1, $3::jsonb, $4::jsonb, $5) RETURNING ${VERSION_COLUMNS}`,
        [clientId, rows[0].id, JSON.stringify(w.definition), JSON.stringify(compiled), user.id]);
      const out = present(rows[0], v.rows[0]);
      await audit({ action: 'create', objectType: 'workflow_definitions', objectId: rows[0].id, before: null, after: out });
      return out;
    });

  api.get<{ version?: number }>('/workflows/definitions/:key', { ...read, query: workflowDefinitionGetQuery },
    async ({ tx, params, query }) => {
      const d = await findDefinition(tx, params.key);
      const v = await findVersion(tx, d.id, query.version ?? d.latest_version);
      if (!v) throw notFound(`Version ${query.version} of "${d.key}" does not exist`);
      return present(d, v);
    });

  api.put<unknown, WorkflowDefinitionUpdateBody>('/workflows/definitions/:key', { ...write, body: workflowDefinitionUpdateBody },
    async ({ tx, clientId, user, params, body, settings, audit }) => {
      const before = await findDefinition(tx, params.key, true);
      const w = body.workflow_definition;
      if (w.key !== undefined && w.key !== before.key) throw invalid({ key: 'cannot be changed' });
      const latest = await findVersion(tx, before.id, before.latest_version);
      let version = latest;
      let created = false;
      // Checked first (a cheap, bounded walk), then compared with the latest version.
      const compiled = w.definition === undefined ? null : check(w.definition, settings);
      if (compiled && !sameDefinition(w.definition, latest?.definition)) {
        const v = await tx.query<VersionRow>(
          `INSERT INTO workflow_definition_versions (client_id, definition_id, version, definition, compiled, created_by)
           VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6) RETURNING ${VERSION_COLUMNS}`,
          [clientId, before.id, before.latest_version + 1, JSON.stringify(w.definition), JSON.stringify(compiled), user.id]);
        version = v.rows[0];
        created = true;
      }
      const { rows } = await tx.query<DefinitionRow>(
        `UPDATE workflow_definitions SET name = $2, latest_version = $3, updated_at = clock_timestamp() WHERE id = $1 RETURNING ${DEF_COLUMNS}`,
        [before.id, w.name?.trim() ?? before.name, version?.version ?? before.latest_version]);
      const out = { ...present(rows[0], version), version_created: created };
      await audit({ action: 'update', objectType: 'workflow_definitions', objectId: before.id, before: present(before, latest), after: out });
      return out;
    });

  api.get<ListQuery>('/workflows/definitions/:key/versions', { ...read, query: workflowVersionListQuery },
    async ({ tx, params, query, user }) => {
      const d = await findDefinition(tx, params.key);
      return listRows(tx, {
        def: workflowVersionListDef,
        from: 'workflow_definition_versions v JOIN workflow_definitions d ON d.id = v.definition_id',
        select: `v.version, v.created_by, v.created_at, v.published_at, (v.version IS NOT DISTINCT FROM d.published_version) AS is_published`,
        where: (p) => [`v.definition_id = ${p(d.id)}`],
        columns: { version: 'v.version', created_at: 'v.created_at', published: '(v.version IS NOT DISTINCT FROM d.published_version)' },
        defaultSort: '-version',
        tieBreaker: 'v.id',
      }, query, { userId: user.id });
    });

  api.post('/workflows/definitions/:key/versions/:version/publish', publish,
    async ({ tx, params, audit }) => {
      const before = await findDefinition(tx, params.key, true);
      const number = /^\d{1,9}$/.test(params.version) ? Number(params.version) : NaN;
      const v = Number.isInteger(number) ? await findVersion(tx, before.id, number) : null;
      if (!v) throw notFound(`Version ${params.version} of "${before.key}" does not exist`);
      await tx.query('UPDATE workflow_definition_versions SET published_at = clock_timestamp() WHERE id = $1', [v.id]);
      const { rows } = await tx.query<DefinitionRow>(
        `UPDATE workflow_definitions SET published_version = $2, updated_at = clock_timestamp() WHERE id = $1 RETURNING ${DEF_COLUMNS}`,
        [before.id, v.version]);
      const after = present(rows[0], { ...v, published_at: new Date().toISOString() });
      await audit({
        action: 'publish', objectType: 'workflow_definitions', objectId: before.id,
        before: { published_version: before.published_version }, after: { published_version: v.version },
      });
      return after;
    });

  // ── Instances ─────────────────────────────────────────────────────────────────────
  api.get<ListQuery>('/workflows/instances', { ...insts, query: workflowInstanceListQuery },
    ({ tx, query, user }) => listRows(tx, {
      def: workflowInstanceListDef,
      from: 'workflow_instances i',
      select: `i.id, i.definition_key, i.version, i.status, i.state, i.seq, i.last_error, i.started_by,
               i.created_at, i.updated_at, i.state_entered_at, i.finished_at`,
      search: ['i.definition_key', 'i.state', 'i.id::text'],
      columns: {
        definition_key: 'i.definition_key', status: 'i.status', state: 'i.state', version: 'i.version',
        created_at: 'i.created_at', updated_at: 'i.updated_at',
      },
      defaultSort: '-created_at',
      tieBreaker: 'i.id',
    }, query, { userId: user.id }));

  api.post<unknown, WorkflowInstanceStartBody>('/workflows/instances', { ...insts, body: workflowInstanceStartBody },
    async ({ tx, clientId, user, body, audit }) => {
      const w = body.workflow_instance;
      const row = await startInstance(tx, { clientId: clientId!, key: w.definition_key, version: w.version, data: w.data, actor: userActor(user.id) });
      const out = await instanceDetail(tx, row);
      await audit({ action: 'start', objectType: 'workflow_instances', objectId: row.id, before: null, after: { definition_key: row.definition_key, version: row.version, state: row.state, status: row.status } });
      return out;
    });

  api.get('/workflows/instances/:id', insts, async ({ tx, params }) => {
    if (!isUuid(params.id)) throw notFound();
    const { rows } = await tx.query<InstanceRow>(`SELECT ${INSTANCE_COLUMNS} FROM workflow_instances WHERE id = $1`, [params.id]);
    if (!rows[0]) throw notFound();
    return instanceDetail(tx, rows[0]);
  });

  api.post<unknown, WorkflowEventBody>('/workflows/instances/:id/events', { ...insts, body: workflowEventBody },
    async ({ tx, params, user, body, audit }) => {
      if (!isUuid(params.id)) throw notFound();
      const before = await tx.query<InstanceRow>(`SELECT ${INSTANCE_COLUMNS} FROM workflow_instances WHERE id = $1`, [params.id]);
      if (!before.rows[0]) throw notFound();
      const e = body.workflow_event;
      const row = await sendExternalEvent(tx, params.id, { event: e.event.trim(), data: e.data, actor: userActor(user.id) });
      await audit({
        action: 'event', objectType: 'workflow_instances', objectId: row.id,
        before: { state: before.rows[0].state, status: before.rows[0].status, seq: before.rows[0].seq },
        after: { event: e.event, state: row.state, status: row.status, seq: row.seq },
      });
      return instanceDetail(tx, row);
    });

  api.post<unknown, WorkflowCancelBody>('/workflows/instances/:id/cancel', { ...insts, body: workflowCancelBody },
    async ({ tx, params, user, body, audit }) => {
      if (!isUuid(params.id)) throw notFound();
      const { before, after } = await cancelInstance(tx, params.id, userActor(user.id), body?.workflow_instance?.reason ?? null);
      await audit({
        action: 'cancel', objectType: 'workflow_instances', objectId: after.id,
        before: { state: before.state, status: before.status }, after: { state: after.state, status: after.status },
      });
      return instanceDetail(tx, after);
    });

  // ── The client's webhook secret ───────────────────────────────────────────────────
  api.get('/workflows/webhook_secret', publish, async ({ tx, clientId }) => webhookSecret(tx, clientId!));

  api.post('/workflows/webhook_secret/rotate', publish, async ({ tx, clientId, audit }) => {
    const out = await rotateWebhookSecret(tx, clientId!);
    await audit({ action: 'rotate', objectType: 'workflow_webhook_secrets', objectId: clientId, before: null, after: { rotated_at: out.rotated_at } });
    return out;
  });
}
