// The ApiRegistrar of src/host/server.ts. Routes are collected first (core and every
// plugin), then mounted on Fastify, each behind the same pipeline:
//   session (401) → CSRF on writes (403) → client membership (404) → access / feature /
//   admin (403) → input screening, then query and body validation (400, a message per
//   field) → `prepare` (slow work, no transaction open) → the handler in one transaction
//   (tenant-scoped on tenant routes) → one audit row per write.
// A handler never checks tenancy or permissions itself, and a failed write leaves nothing
// behind: the handler's changes, its audit rows, notifications, mail and jobs share the
// transaction. A plugin's route names a guard of its manifest (the rule its pages use) or
// an inline rule; both are checked against the catalog when the route is registered.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validate, type Struct } from 'superstruct';
import type { Catalog } from '../../host/catalog.ts';
import { featuresOf } from '../../host/catalog.ts';
import type { ApiRegistrar, CurrentUser, Handler, HandlerContext, RouteOptions, Tx } from '../../host/server.ts';
import { ADMIN, type Guard } from '../../host/registries.ts';
import { hasAccess } from '../../shared/access.ts';
import { fieldErrors } from '../../shared/schemas/common.ts';
import { wasAudited, writeAudit } from '../audit.ts';
import type { AppContext } from '../context.ts';
import { isUuid } from '../db/types.ts';
import type { HostServices } from '../host-services.ts';
import { isList } from '../lists.ts';
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
  /** The rule the route is guarded by (its named guard resolved). */
  rule: Guard;
  handler: Handler<any, any, any>;
  /** 'core' or the area's name. */
  owner: string;
}

export const SCOPE_BASE: Record<Scope, string> = {
  tenant: '/api/v1/clients/:client_id',
  admin: '/api/v1/admin',
  user: '/api/v1',
  public: '/api/v1',
};

const WRITES = new Set<Method>(['POST', 'PUT', 'PATCH', 'DELETE']);

function codesOf(check: unknown): string[] {
  if (check === undefined) return [];
  if (typeof check === 'string') return [check];
  if (Array.isArray(check)) return check.flatMap(codesOf);
  return ((check as { of: unknown[] }).of ?? []).flatMap(codesOf);
}

/** Collects routes; one registrar per owner so routes remember who registered them. */
export class RouteTable {
  readonly routes: RouteRecord[] = [];
  readonly catalog: Catalog;

  constructor(catalog: Catalog) {
    this.catalog = catalog;
  }

  registrar(owner: string): ApiRegistrar<string> {
    const add = (method: Method) => (path: string, opts: RouteOptions<any, any>, handler: Handler<any, any, any>) => {
      this.add(owner, method, path, opts, handler);
    };
    return { get: add('GET'), post: add('POST'), put: add('PUT'), patch: add('PATCH'), delete: add('DELETE') } as unknown as ApiRegistrar<string>;
  }

  add(owner: string, method: Method, path: string, opts: RouteOptions<any, any>, handler: Handler<any, any, any>): void {
    const where = `${owner}: ${method} ${path}`;
    if (path !== '' && !path.startsWith('/')) throw new Error(`${owner}: route path must start with '/': ${path}`);
    if (!(opts.scope in SCOPE_BASE)) throw new Error(`${owner}: unknown scope ${opts.scope} for ${path}`);
    let rule: Guard = { access: opts.access, feature: opts.feature };
    if (opts.guard !== undefined) {
      if (owner === 'core') throw new Error(`${where}: the core names no area's guard`);
      if (opts.access !== undefined || opts.feature !== undefined) throw new Error(`${where}: names guard "${opts.guard}" and an inline rule; use one`);
      rule = this.catalog.guard(owner, opts.guard);
    }
    for (const c of codesOf(rule.access)) if (c !== ADMIN && !this.catalog.isPermission(c)) throw new Error(`${where}: permission ${c} is declared by no area`);
    for (const f of featuresOf(rule.feature)) if (!this.catalog.isFeature(f)) throw new Error(`${where}: feature ${f} is declared by no area`);
    if (rule.feature !== undefined && opts.scope !== 'tenant') throw new Error(`${where}: features apply to tenant routes only`);
    if (opts.verifiedIdentity && opts.scope !== 'user' && opts.scope !== 'public') {
      throw new Error(`${where}: verifiedIdentity applies to user and public routes only`);
    }
    const url = SCOPE_BASE[opts.scope] + path;
    if (this.routes.some((r) => r.method === method && r.url === url)) throw new Error(`${owner}: ${method} ${url} is already registered`);
    this.routes.push({ method, scope: opts.scope, path, url, opts, rule, handler, owner });
  }
}

/** Identity's session functions, injected so the pipeline does not import identity's module graph. */
export interface SessionDeps {
  /** touch: count the request as user activity (extends the idle expiry). */
  resolveSession(ctx: AppContext, req: FastifyRequest, opts?: { touch?: boolean }): Promise<{ id: string; userId: string; csrfToken: string; expiresAt: Date } | null>;
  verifyCsrf(req: FastifyRequest, session: { csrfToken: string }): boolean;
  /** A verified identity without an account (identity's short-lived cookie), for routes declared with verifiedIdentity. */
  resolveVerifiedIdentity?(ctx: AppContext, req: FastifyRequest): { email: string; name: string | null; csrfToken: string } | null;
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

export function mountRoutes(app: FastifyInstance, ctx: AppContext, table: RouteTable, deps: SessionDeps, host: HostServices): void {
  for (const route of table.routes) {
    app.route({
      method: route.method,
      url: route.url,
      config: { [SCREENED_BY_ROUTE]: true },
      handler: (req, reply) => run(ctx, deps, host, route, req, reply),
    });
  }
}

async function run(ctx: AppContext, deps: SessionDeps, host: HostServices, route: RouteRecord, req: FastifyRequest, reply: FastifyReply) {
  const params = { ...(req.params as Record<string, string>) };
  const write = WRITES.has(route.method);

  let user: CurrentUser | null = null;
  let permissions = new Set<string>();
  let clientId: string | null = null;
  let verifiedIdentity: HandlerContext['verifiedIdentity'] = null;
  // Only routes declared for it ever see a verified identity without an account.
  const identityOf = () => (route.opts.verifiedIdentity ? deps.resolveVerifiedIdentity?.(ctx, req) ?? null : null);

  if (route.scope === 'public' && route.opts.verifiedIdentity) {
    const identity = identityOf();
    if (identity) verifiedIdentity = { email: identity.email, name: identity.name };
  }

  const session = route.scope === 'public' ? null : await deps.resolveSession(ctx, req, { touch: write });
  const identity = route.scope === 'user' && !session ? identityOf() : null;
  if (identity) {
    if (write && !deps.verifyCsrf(req, identity)) throw new ApiError('CSRF_FAILED');
    verifiedIdentity = { email: identity.email, name: identity.name };
  } else if (route.scope !== 'public') {
    // Reads do not extend the idle expiry: the shell polls (exports, notifications) on its
    // own, and only the user's activity (ping, writes) may keep a session alive.
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
    if (!hasAccess(route.rule.access, permissions)) throw new ApiError('FORBIDDEN');
    const available = new Set(member.features);
    if (!featuresOf(route.rule.feature).every((f) => available.has(f))) throw new ApiError('FEATURE_UNAVAILABLE');
  } else if (route.scope === 'admin') {
    if (!user?.is_admin) throw new ApiError('FORBIDDEN');
    if (!hasAccess(route.rule.access, permissions)) throw new ApiError('FORBIDDEN');
  } else if (route.rule.access !== undefined && !hasAccess(route.rule.access, permissions)) {
    throw new ApiError('FORBIDDEN');
  }

  // Control characters, lone surrogates and runaway nesting never reach a schema or SQL.
  const rawQuery = normalizeQuery(req.query);
  screenRequest({ params, query: rawQuery, body: req.body });
  const query = route.opts.query ? check(rawQuery, route.opts.query, 'query') : rawQuery;
  const body = route.opts.body ? check(req.body, route.opts.body, 'body') : req.body;

  // Slow work before the transaction: no database connection waits on it.
  const prepared = route.opts.prepare
    ? await route.opts.prepare({
      body, query, params, identity: host.identityActions(),
      read: (sql, values) => ctx.db.transaction((tx) => tx.query(sql, values), { clientId }),
    })
    : undefined;

  // Read per request, so a changed configuration (tests switch the issuer) is seen at once.
  const settings = { publicUrl: ctx.config.publicUrl, oidcIssuer: ctx.config.oidcIssuer };

  let result: unknown;
  try {
    result = await ctx.db.transaction(async (tx) => {
      const actions = host.actions(tx, { owner: route.owner, clientId, userId: user?.id ?? null, requestId: req.id });
      const hc: HandlerContext<any, any, any> = {
        ...actions,
        tx,
        user: user as CurrentUser,
        clientId,
        permissions,
        params,
        query,
        body,
        prepared,
        requestId: req.id,
        verifiedIdentity,
        settings,
        catalog: host.catalog,
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
