// The host's actions, bound to one transaction: what a handler, a job or a workflow step
// gets on its context (src/host/server.ts). Built once at start from the catalog and the
// server plugins: the services areas provide each other (checked against what each area
// requires), the stored statecharts (checked against the manifests' machines), the file
// store and identity's actions.
import { randomUUID, createHash } from 'node:crypto';
import type { AnyStateMachine } from 'xstate';
import type { Catalog } from '../host/catalog.ts';
import type {
  AuditInput, FileActions, HandlerContext, IdentityActions, ServerPlugin, ServiceLocator, StatusMachineDef, StoredFile,
  TransitionResult, Tx,
} from '../host/server.ts';
import { acceptedEvents, applyStoredEvent, isFlatMachine } from '../shared/statecharts.ts';
import { writeAudit } from './audit.ts';
import type { AppContext } from './context.ts';
import { isUuid } from './db/types.ts';
import type { FileStore } from './files/index.ts';
import { ApiError, notFound } from './http/errors.ts';
import { hashPassword } from './identity/passwords.ts';
import { SESSION_ENDED_CHANNEL } from './identity/sessions.ts';
import { queueMail } from './jobs/mail.ts';
import { enqueue } from './jobs/queue.ts';
import { createNotification } from './notify.ts';
import { REALTIME_CHANNEL } from './realtime/index.ts';

/** The realtime type of a stored instance's state change (declared by the core). */
export const STATE_CHANGED = 'state_changed';

const IDENT = /^[a-z_][a-z0-9_]*$/;

export interface StoredMachine extends Required<Pick<StatusMachineDef, 'table' | 'column' | 'label'>>, Pick<StatusMachineDef, 'updatedAt'> {
  id: string;
  area: string;
  machine: AnyStateMachine;
  objectType: string;
  context?: StatusMachineDef['context'];
  refusal?: StatusMachineDef['refusal'];
}

export type BoundActions = Pick<HandlerContext,
  'audit' | 'notify' | 'broadcast' | 'mail' | 'enqueue' | 'transition' | 'availableEvents' | 'identity' | 'files' | 'services'>;

export interface HostServices {
  catalog: Catalog;
  storedMachines: ReadonlyMap<string, StoredMachine>;
  /** Identity actions that need no transaction (a route's `prepare`). */
  identityActions(): Pick<IdentityActions, 'hashPassword'>;
  /** The actions of one transaction, on behalf of `owner` ('core' or an area). */
  actions(tx: Tx, scope: { owner: string; clientId: string | null; userId: string | null; requestId?: string | null }): BoundActions;
}

export class HostSetupError extends Error {}

function collectServices(plugins: readonly ServerPlugin[]) {
  const impls = new Map<string, { area: string; impl: unknown }>();
  for (const p of plugins) {
    for (const [id, impl] of Object.entries(p.provides ?? {})) {
      const prev = impls.get(id);
      if (prev) throw new HostSetupError(`service ${id} is provided by ${prev.area} and ${p.area.name}`);
      if (!id.startsWith(`${p.area.name}.`)) throw new HostSetupError(`${p.area.name} provides ${id}: a service id starts with its area's name`);
      impls.set(id, { area: p.area.name, impl });
    }
  }
  const allowed = new Map<string, Set<string>>();
  for (const p of plugins) {
    const set = new Set<string>();
    for (const id of p.requires ?? []) {
      if (!impls.has(id)) throw new HostSetupError(`${p.area.name} requires the service ${id}, which no installed area provides`);
      set.add(id);
    }
    for (const id of Object.keys(p.provides ?? {})) set.add(id);
    allowed.set(p.area.name, set);
  }
  return { impls, allowed };
}

function collectStoredMachines(plugins: readonly ServerPlugin[], catalog: Catalog): Map<string, StoredMachine> {
  const out = new Map<string, StoredMachine>();
  for (const p of plugins) {
    for (const def of p.statusMachines ?? []) {
      const m = catalog.machines.find((x) => x.id === def.machine);
      const where = `${p.area.name} status machine ${def.machine}`;
      if (!m || m.area !== p.area.name) throw new HostSetupError(`${where}: no such machine in the area's manifest`);
      if (!m.stored) throw new HostSetupError(`${where}: the manifest does not mark it stored`);
      if (!isFlatMachine(m.machine)) throw new HostSetupError(`${where}: stored machines keep flat states`);
      const column = def.column ?? 'status';
      if (!IDENT.test(def.table) || !IDENT.test(column) || (def.updatedAt !== undefined && !IDENT.test(def.updatedAt))) {
        throw new HostSetupError(`${where}: bad table or column name`);
      }
      if (out.has(m.id)) throw new HostSetupError(`${where}: stored twice`);
      out.set(m.id, { id: m.id, area: p.area.name, machine: m.machine, objectType: m.stored.objectType, table: def.table, column, label: def.label, updatedAt: def.updatedAt, context: def.context, refusal: def.refusal });
    }
  }
  return out;
}

export function createHostServices(ctx: AppContext, opts: { catalog: Catalog; plugins: readonly ServerPlugin[]; files: FileStore }): HostServices {
  const { catalog, files } = opts;
  const { impls, allowed } = collectServices(opts.plugins);
  const storedMachines = collectStoredMachines(opts.plugins, catalog);

  const identityActions = (tx?: Tx): IdentityActions => ({
    hashPassword,
    async endSessions(userId) {
      if (!tx) throw new Error('endSessions needs a transaction');
      const ended = await tx.query<{ id: string }>(
        'UPDATE identity_sessions SET expires_at = now() WHERE user_id = $1 AND expires_at > now() RETURNING id', [userId]);
      // On commit every server copy closes the sessions' sockets.
      for (const s of ended.rows) await tx.query('SELECT pg_notify($1, $2)', [SESSION_ENDED_CHANNEL, s.id]);
      return ended.rows.length;
    },
  });

  const fileActions = (tx: Tx, clientId: string | null, userId: string | null): FileActions => ({
    async save(f) {
      if (!clientId) throw new Error('files belong to a client: save them on a tenant route or a client job');
      const id = randomUUID();
      const key = `${clientId}/${id}`;
      const sha256 = createHash('sha256').update(f.data).digest('hex');
      // Bytes first: a rolled-back row leaves an unreferenced object, never a row without bytes.
      await files.put(key, f.data, { contentType: f.contentType });
      const { rows } = await tx.query<StoredFile>(
        `INSERT INTO files (id, client_id, storage_key, file_name, content_type, byte_size, sha256, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id, file_name, content_type, byte_size, sha256, created_at`,
        [id, clientId, key, f.fileName, f.contentType, f.data.byteLength, sha256, userId]);
      return rows[0];
    },
    async read(id) {
      if (!isUuid(id)) return null;
      const { rows } = await tx.query<StoredFile & { storage_key: string }>(
        `SELECT id, file_name, content_type, byte_size, sha256, created_at, storage_key FROM files WHERE id = $1 AND client_id = $2`,
        [id, clientId]);
      if (!rows[0]) return null;
      const data = await files.get(rows[0].storage_key);
      if (!data) return null;
      const { storage_key: _key, ...file } = rows[0];
      return { ...file, data };
    },
  });

  const actions: HostServices['actions'] = (tx, scope) => {
    const target = (named: string | null | undefined, what: string): string | null => {
      if (named === undefined || named === null) return scope.clientId;
      // A tenant transaction can only write its own client's rows (row-level security).
      if (scope.clientId !== null && named !== scope.clientId) throw new Error(`${scope.owner}: ${what}() on a client's route cannot name another client`);
      return named;
    };
    const audit = async ({ clientId, userId, ...e }: AuditInput) => {
      await writeAudit(tx, {
        userId: userId === undefined ? scope.userId : userId, clientId: target(clientId, 'audit'), action: e.action,
        objectType: e.objectType, objectId: e.objectId ?? null, before: e.before, after: e.after, requestId: scope.requestId ?? null,
      });
    };
    const broadcast: HandlerContext['broadcast'] = async ({ type, objId, objType, data, clientId }) => {
      const client = target(clientId, 'broadcast');
      if (!client) throw new Error(`${scope.owner}: broadcast() needs a client`);
      if (type !== STATE_CHANGED && !catalog.notificationTypes.has(type)) throw new Error(`${scope.owner}: realtime type ${type} is declared by no area`);
      const message = { ...(data ?? {}), client_id: client, notification_type: type, obj_id: objId ?? null, obj_type: objType ?? null };
      await tx.query('SELECT pg_notify($1, $2)', [REALTIME_CHANNEL, JSON.stringify({ client_id: client, message })]);
    };
    const services: ServiceLocator = {
      get(id) {
        const ok = allowed.get(scope.owner);
        if (!ok?.has(id)) throw new Error(`${scope.owner} uses the service ${id} without declaring it in \`requires\``);
        return impls.get(id)!.impl as never;
      },
    };
    const transition: HandlerContext['transition'] = async (machineId, objectId, event, opts = {}): Promise<TransitionResult> => {
      const sm = storedMachines.get(machineId);
      if (!sm) throw new Error(`${scope.owner}: no stored machine ${machineId}`);
      if (sm.area !== scope.owner) throw new Error(`${scope.owner}: ${machineId} belongs to ${sm.area}; ask it through a service`);
      if (!isUuid(objectId)) throw notFound();
      const { rows } = await tx.query<Record<string, any>>(`SELECT * FROM ${sm.table} WHERE id = $1 FOR UPDATE`, [objectId]);
      const row = rows[0];
      if (!row) throw notFound();
      const before = String(row[sm.column]);
      const client: string | null = scope.clientId ?? row.client_id ?? null;
      const step = applyStoredEvent(sm.machine, before, sm.context?.(row) ?? {}, event);
      if (!step.ok) {
        const message = sm.refusal?.(before, event.type)
          ?? `This ${noun(sm.objectType)} is ${before}: ${event.type.toLowerCase()} is not possible in that state`;
        throw new ApiError('CONFLICT', message, { [sm.column]: `is ${before}; ${event.type} is not accepted there` });
      }
      const set = { ...(opts.set ?? {}), [sm.column]: step.after };
      const cols = Object.keys(set);
      for (const c of cols) if (!IDENT.test(c)) throw new Error(`${scope.owner}: bad column ${c}`);
      const updated = await tx.query<Record<string, any>>(
        `UPDATE ${sm.table} SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1 RETURNING *`,
        [objectId, ...cols.map((c) => set[c])]);
      await audit({
        action: event.type.toLowerCase(), objectType: sm.objectType, objectId, clientId: client,
        ...(opts.userId !== undefined ? { userId: opts.userId } : {}),
        before: { [sm.column]: before }, after: { [sm.column]: step.after },
      });
      if (client) await broadcast({ type: STATE_CHANGED, objType: sm.objectType, objId: objectId, data: { machine: sm.id, state: step.after }, clientId: client });
      return { before, after: step.after, row: updated.rows[0] };
    };
    return {
      audit,
      broadcast,
      async notify({ clientId, ...n }) {
        const client = target(clientId, 'notify');
        if (!client) throw new Error(`${scope.owner}: notify() outside a client's route must name clientId (a notification belongs to a client)`);
        if (!catalog.notificationTypes.has(n.type)) throw new Error(`${scope.owner}: notification type ${n.type} is declared by no area`);
        await createNotification(tx, { ...n, clientId: client });
      },
      async mail({ clientId, ...m }) {
        await queueMail(tx, target(clientId, 'mail'), m);
      },
      async enqueue(kind, payload, o) {
        await enqueue(tx, kind, payload, { clientId: scope.clientId, runAt: o?.runAt, maxAttempts: o?.maxAttempts });
      },
      transition,
      availableEvents(machineId, row) {
        const sm = storedMachines.get(machineId);
        if (!sm) throw new Error(`${scope.owner}: no stored machine ${machineId}`);
        return acceptedEvents(sm.machine, String(row[sm.column]), sm.context?.(row) ?? {});
      },
      identity: identityActions(tx),
      files: fileActions(tx, scope.clientId, scope.userId),
      services,
    };
  };

  return { catalog, storedMachines, identityActions: () => ({ hashPassword }), actions };
}

/** 'invites' → 'invite', 'client_settings_invites' → 'invite' (for messages). */
function noun(objectType: string): string {
  const last = objectType.split('_').pop() ?? objectType;
  return last.endsWith('s') ? last.slice(0, -1) : last;
}
