// The ApiRegistrar of src/host/server.ts. Routes are collected first (core and every
// plugin), then mounted on Fastify, each behind the same pipeline:
//   session (401) → CSRF on writes (403) → client membership (404) → access / feature /
//   admin (403) → input screening, then query and body validation (400, a message per
//   field) → the handler in one transaction (tenant-scoped on tenant routes) → one audit
//   row per write.
// A handler never checks tenancy or permissions itself, and a failed write leaves nothing
// behind: the handler's changes, its audit rows, notifications, mail and jobs share the
// transaction. Handlers also get the server's settings (public URL, issuer), so no plugin
// reads the environment itself.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validate, type Struct } from 'superstruct';
import type {
  ApiRegistrar, CurrentUser, Handler, HandlerContext, RouteOptions, Tx,
} from '../../host/server.ts';
import { hasAccess } from '../../shared/access.ts';
import { isFeatureCode, type FeatureCode } from '../../shared/features.ts';
import { ADMIN } from '../../shared/permissions.ts';
import { fieldErrors } from '../../shared/schemas/common.ts';
import { wasAudited, writeAudit } from '../audit.ts';
import type { AppContext } from '../context.ts';
import { isUuid } from '../db/types.ts';
import { enqueue } from '../jobs/queue.ts';
import { queueMail } from '../jobs/mail.ts';
import { isList } from '../lists.ts';
import { createNotification } from '../notify.ts';
import { ApiError, fromDatabaseError } from './errors.ts';
import { isRawResult } from './results.ts';
import { SCREENED_BY_ROUTE, screenRequest } from './screening.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Scope = RouteOptions<unknown, unknown>['scope'];

export interface RouteRecord {
  method: Method;
  scope: Scope;
  /** As registered, relative to the scope's base. */
  path: string;
  /** The full Fastify URL pattern. */
  url: string;
  opts: RouteOptions<any, any>;
  handler: Handler<any, any>;
  /** 'core' or the plugin's name. */
  owner: string;
}

export const SCOPE_BASE: Record<Scope, string> = {
  tenant: '/api/v1/clients/:client_id',
  admin: '/api/v1/admin',
  user: '/api/v1',
  public: '/api/v1',
};

const WRITES = new Set<Method>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Collects routes; one instance per owner so routes remember who registered them. */
export class RouteTable {
  readonly routes: RouteRecord[] = [];

  registrar(owner: string): ApiRegistrar {
    const add = (method: Method) => (path: string, opts: RouteOptions<any, any>, handler: Handler<any, any>) => {
      this.add(owner, method, path, opts, handler);
    };
    return { get: add('GET'), post: add('POST'), put: add('PUT'), patch: add('PATCH'), delete: add('DELETE') } as unknown as ApiRegistrar;
  }

  add(owner: string, method: Method, path: string, opts: RouteOptions<any, any>, handler: Handler<any, any>): void {
    if (path !== '' && !path.startsWith('/')) throw new Error(`${owner}: route path must start with '/': ${path}`);
    if (!(opts.scope in SCOPE_BASE)) throw new Error(`${owner}: unknown scope ${opts.scope} for ${path}`);
    if (opts.feature !== undefined && opts.scope !== 'tenant') throw new Error(`${owner}: ${method} ${path}: features apply to tenant routes only`);
    for (const f of featureList(opts.feature)) if (!isFeatureCode(f)) throw new Error(`${owner}: ${method} ${path}: unknown feature ${f}`);
    const url = SCOPE_BASE[opts.scope] + path;
    if (this.routes.some((r) => r.method === method && r.url === url)) throw new Error(`${owner}: ${method} ${url} is already registered`);
    this.routes.push({ method, scope: opts.scope, path, url, opts, handler, owner });
  }
}

function featureList(f: RouteOptions<unknown, unknown>['feature']): readonly FeatureCode[] {
  return f === undefined ? [] : typeof f === 'string' ? [f] : f;
}

/** Identity's session functions, injected so the pipeline does not import identity's module graph. */
export interface SessionDeps {
  /** touch: count the request as user activity (extends the idle expiry). */
  resolveSession(ctx: AppContext, req: FastifyRequest, opts?: { touch?: boolean }): Promise<{ id: string; userId: string; csrfToken: string; expiresAt: Date } | null>;
  verifyCsrf(req: FastifyRequest, session: { id: string; userId: string; csrfToken: string; expiresAt: Date }): boolean;
}

interface Membership {
  client_id: string;
  role: string;
  codes: string[];
  features: string[];
}

async function loadUser(ctx: AppContext, id: string): Promise<(CurrentUser & { is_active: boolean }) | null> {
  const { rows } = await ctx.db.query<CurrentUser & { is_active: boolean }>(
    'SELECT id, email, full_name, is_admin, is_active FROM users WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** The member's grants in a client; null when the client is unknown or the user is not an active member. */
export async function loadMembership(q: { query: Tx['query'] }, userId: string, clientId: string): Promise<Membership | null> {
  const { rows } = await q.query<Membership>(
    `SELECT ac.client_id, ac.role,
            coalesce((SELECT array_agg(DISTINCT code ORDER BY code)
                        FROM membership_permission_groups mpg
                        JOIN permission_groups g ON g.id = mpg.permission_group_id,
                             unnest(g.codes) AS code
                       WHERE mpg.account_client_id = ac.id), '{}') AS codes,
            coalesce((SELECT array_agg(f.code ORDER BY f.code) FROM client_features f
                       WHERE f.client_id = ac.client_id AND f.available), '{}') AS features
       FROM accounts_clients ac
      WHERE ac.user_id = $1 AND ac.client_id = $2 AND ac.is_active`,
    [userId, clientId],
  );
  return rows[0] ?? null;
}

/** `?status[]=a&status[]=b` and `?status=a&status=b` mean the same. */
function normalizeQuery(raw: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    const key = k.endsWith('[]') ? k.slice(0, -2) : k;
    const value = k.endsWith('[]') && !Array.isArray(v) ? [v] : v;
    out[key] = out[key] === undefined ? value : ([] as unknown[]).concat(out[key], value);
  }
  return out;
}

function check<T>(value: unknown, struct: Struct<T, any>, where: 'query' | 'body'): T {
  const [err, out] = validate(value, struct, { coerce: true });
  if (err) throw new ApiError('VALIDATION_FAILED', undefined, fieldErrors(err, { unwrap: where === 'body' }));
  return out as T;
}

/** Defaults for the automatic audit row: `/tab_registries/:id/pin` → pin on tab_registries. */
function describeWrite(route: RouteRecord): { action: string; objectType: string } {
  const segs = route.path.split('/').filter(Boolean);
  const last = segs[segs.length - 1];
  const beforeLast = segs[segs.length - 2];
  if (last && !last.startsWith(':') && beforeLast?.startsWith(':')) {
    const type = segs[segs.length - 3] ?? route.owner;
    return { action: last, objectType: type };
  }
  const statics = segs.filter((s) => !s.startsWith(':'));
  const objectType = statics[statics.length - 1] ?? route.owner;
  const action = route.method === 'POST' ? 'create' : route.method === 'DELETE' ? 'delete' : 'update';
  return { action, objectType };
}

function objectIdOf(params: Record<string, string>, result: unknown): string | null {
  if (params.id) return params.id;
  const id = (result as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/**
 * The client a row written by a handler belongs to. A tenant route's transaction can only
 * write its own client's rows (row-level security), so naming another one is a bug.
 */
function targetClient(route: RouteRecord, routeClient: string | null, named: string | null | undefined, what: string): string | null {
  if (named === undefined || named === null) return routeClient;
  if (routeClient !== null && named !== routeClient) throw new Error(`${route.owner}: ${what}() on a tenant route cannot name another client`);
  return named;
}

export function mountRoutes(app: FastifyInstance, ctx: AppContext, table: RouteTable, deps: SessionDeps): void {
  for (const route of table.routes) {
    app.route({
      method: route.method,
      url: route.url,
      config: { [SCREENED_BY_ROUTE]: true },
      handler: (req, reply) => run(ctx, deps, route, req, reply),
    });
  }
}

async function run(ctx: AppContext, deps: SessionDeps, route: RouteRecord, req: FastifyRequest, reply: FastifyReply) {
  const params = { ...(req.params as Record<string, string>) };
  const write = WRITES.has(route.method);

  let user: CurrentUser | null = null;
  let permissions = new Set<string>();
  let clientId: string | null = null;

  if (route.scope !== 'public') {
    // Reads do not extend the idle expiry: the shell polls (exports, notifications) on its
    // own, and only the user's activity (ping, writes) may keep a session alive.
    const session = await deps.resolveSession(ctx, req, { touch: write });
    if (!session) throw new ApiError('UNAUTHENTICATED');
    const u = await loadUser(ctx, session.userId);
    if (!u || !u.is_active) throw new ApiError('UNAUTHENTICATED');
    user = { id: u.id, email: u.email, full_name: u.full_name, is_admin: u.is_admin };
    if (write && !deps.verifyCsrf(req, session)) throw new ApiError('CSRF_FAILED');
    if (user.is_admin) permissions.add(ADMIN);
  }

  if (route.scope === 'tenant') {
    // Unknown client and someone else's client look the same: 404, nothing to learn.
    if (!isUuid(params.client_id)) throw new ApiError('NOT_FOUND');
    const member = await loadMembership(ctx.db, user!.id, params.client_id);
    if (!member) throw new ApiError('NOT_FOUND');
    clientId = member.client_id;
    permissions = new Set([...permissions, ...member.codes]);
    if (!hasAccess(route.opts.access, permissions)) throw new ApiError('FORBIDDEN');
    const available = new Set(member.features);
    if (!featureList(route.opts.feature).every((f) => available.has(f))) throw new ApiError('FEATURE_UNAVAILABLE');
  } else if (route.scope === 'admin') {
    if (!user?.is_admin) throw new ApiError('FORBIDDEN');
    if (!hasAccess(route.opts.access, permissions)) throw new ApiError('FORBIDDEN');
  } else if (route.opts.access !== undefined && !hasAccess(route.opts.access, permissions)) {
    throw new ApiError('FORBIDDEN');
  }

  // Control characters, lone surrogates and runaway nesting never reach a schema or SQL.
  const rawQuery = normalizeQuery(req.query);
  screenRequest({ params, query: rawQuery, body: req.body });
  const query = route.opts.query ? check(rawQuery, route.opts.query, 'query') : rawQuery;
  const body = route.opts.body ? check(req.body, route.opts.body, 'body') : req.body;

  // Read per request, so a changed configuration (tests switch the issuer) is seen at once.
  const settings = { publicUrl: ctx.config.publicUrl, oidcIssuer: ctx.config.oidcIssuer };

  let result: unknown;
  try {
    result = await ctx.db.transaction(async (tx) => {
      const hc: HandlerContext<any, any> = {
        tx,
        user: user as CurrentUser,
        clientId,
        permissions,
        params,
        query,
        body,
        requestId: req.id,
        settings,
        async audit({ clientId: named, ...e }) {
          await writeAudit(tx, {
            userId: user?.id ?? null, clientId: targetClient(route, clientId, named, 'audit'), action: e.action, objectType: e.objectType,
            objectId: e.objectId ?? null, before: e.before, after: e.after, requestId: req.id,
          });
        },
        async notify({ clientId: named, ...n }) {
          const target = targetClient(route, clientId, named, 'notify');
          if (!target) throw new Error(`${route.owner}: notify() outside a tenant route must name clientId (a notification belongs to a client)`);
          await createNotification(tx, { ...n, clientId: target });
        },
        async mail({ clientId: named, ...m }) {
          await queueMail(tx, targetClient(route, clientId, named, 'mail'), m);
        },
        async enqueue(kind, payload, opts) {
          await enqueue(tx, kind, payload, { clientId, runAt: opts?.runAt });
        },
      };
      const out = await route.handler(hc);
      if (write && !wasAudited(tx)) {
        const d = describeWrite(route);
        await writeAudit(tx, {
          userId: user?.id ?? null, clientId, ...d, objectId: objectIdOf(params, out),
          before: null, after: isList(out) ? out.data : isRawResult(out) ? null : out ?? body ?? null, requestId: req.id,
        });
      }
      return out;
    }, { clientId });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw fromDatabaseError(err) ?? err;
  }

  if (isRawResult(result)) return result.send(reply);
  if (isList(result)) return reply.send({ success: true, data: result.data, meta: result.meta });
  return reply.send({ success: true, data: result ?? null });
}
