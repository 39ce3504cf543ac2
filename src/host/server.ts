// The server side of the plugin contract: an area's API routes, tables (migrations) and
// jobs. The core host (src/server) authorises every route from its declaration, validates
// query and body with the given superstruct schemas, runs the handler inside a database
// transaction scoped to the client (row-level security), and records writes in the
// audit log. A handler never checks permissions or tenancy by hand.
import type { Struct } from 'superstruct';
import type { AccessCheck } from '../shared/access.ts';
import type { FeatureCode } from '../shared/features.ts';

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[]; rowCount: number }>;
}

/** A transaction; on the tenant path its app.client_id setting is the URL's client. */
export interface Tx extends Queryable {}

export interface Migration {
  /** Unique, sortable across plugins: '<area>/<NNNN>_<what>'. Applied once, in id order. */
  id: string;
  /** SQL that runs unchanged on PostgreSQL and PGlite. Tenant tables get RLS by enableTenantRls(). */
  sql: string;
}

export interface CurrentUser {
  id: string;
  email: string;
  full_name: string;
  is_admin: boolean;
}

/** What handlers may know of the server's configuration (parsed once by src/server/config.ts). */
export interface ServerSettings {
  /** Public base URL without a trailing slash: links in mail and pages start here. */
  publicUrl: string;
  /** The external OpenID Connect issuer; null while the embedded one at /idp signs users in (it keeps passwords). */
  oidcIssuer: string | null;
}

export interface HandlerContext<Q = unknown, B = unknown> {
  tx: Tx;
  user: CurrentUser;
  /** The URL's client on tenant routes (membership already checked), else null. */
  clientId: string | null;
  /** The member's permission codes in this client (plus 'ADMIN' for administrators). */
  permissions: ReadonlySet<string>;
  params: Record<string, string>;
  query: Q;
  body: B;
  requestId: string;
  /**
   * Only on routes declared with `verifiedIdentity`: a visitor the identity provider has
   * verified but who has no account yet (email, name from the issuer), else null. On a
   * 'user' route it stands in for the session: `user` is then null.
   */
  verifiedIdentity: { email: string; name: string | null } | null;
  /** The server's settings as configured now (read per request). */
  settings: ServerSettings;
  /**
   * Append to the audit log in the same transaction; the registrar then adds no row of its
   * own (writes without one are logged automatically). The row belongs to the route's
   * client; routes without one (admin, user, public) name the client they act on with
   * `clientId`, so that client's trail shows what was done to it.
   */
  audit(entry: {
    action: string; objectType: string; objectId?: string | null; before?: unknown; after?: unknown; clientId?: string | null;
  }): Promise<void>;
  /**
   * Create a notification for a user; it reaches their open browsers over /ws once the
   * transaction commits. A notification belongs to a client: the route's, or `clientId`
   * on routes without one.
   */
  notify(n: { userId: string; type: string; payload: unknown; objId?: string | null; objType?: string | null; clientId?: string | null }): Promise<void>;
  /** Queue a mail in the outbox (delivered by SMTP when configured); `clientId` as for audit(). */
  mail(m: { to: string; subject: string; text: string; html?: string; clientId?: string | null }): Promise<void>;
  /** Queue a background job. */
  enqueue(kind: string, payload: unknown, opts?: { runAt?: Date }): Promise<void>;
}

export interface RouteOptions<Q, B> {
  /** 'tenant': under /api/v1/clients/:client_id (membership required); 'admin': ADMIN only; 'user': any signed-in user; 'public': no session. */
  scope: 'tenant' | 'admin' | 'user' | 'public';
  access?: AccessCheck;
  feature?: FeatureCode | readonly FeatureCode[];
  query?: Struct<Q, any>;
  /** For writes: the schema of the wrapped body ({ resource_key: {...} }). */
  body?: Struct<B, any>;
  /**
   * 'user' and 'public' routes: also serve a visitor with a verified identity and no
   * account (see HandlerContext.verifiedIdentity). Only for the few routes that may create
   * an account from it, such as accepting an invitation.
   */
  verifiedIdentity?: boolean;
}

export type Handler<Q, B> = (ctx: HandlerContext<Q, B>) => Promise<unknown>;

/**
 * Paths are relative to the scope's base: tenant '/account/users' serves
 * /api/v1/clients/:client_id/account/users; admin '/clients' serves /api/v1/admin/clients;
 * user and public paths are relative to /api/v1.
 * A handler returns the `data` of a success body, or `list(rows, meta)` for lists;
 * it throws ApiError (src/server/http/errors.ts) for failures.
 */
export interface ApiRegistrar {
  get<Q = unknown>(path: string, opts: RouteOptions<Q, never>, handler: Handler<Q, never>): void;
  post<Q = unknown, B = unknown>(path: string, opts: RouteOptions<Q, B>, handler: Handler<Q, B>): void;
  put<Q = unknown, B = unknown>(path: string, opts: RouteOptions<Q, B>, handler: Handler<Q, B>): void;
  patch<Q = unknown, B = unknown>(path: string, opts: RouteOptions<Q, B>, handler: Handler<Q, B>): void;
  delete<Q = unknown, B = unknown>(path: string, opts: RouteOptions<Q, B>, handler: Handler<Q, B>): void;
}

export type JobHandler = (job: { id: string; payload: any; attempt: number }, tx: Tx) => Promise<void>;

export interface ServerPlugin {
  /** Area name, as in its manifest. */
  name: string;
  migrations?: Migration[];
  api?: (api: ApiRegistrar) => void;
  jobs?: Record<string, JobHandler>;
}

export function defineServerPlugin(plugin: ServerPlugin): ServerPlugin {
  return plugin;
}
