// The server half of the plugin contract, and the one module an area's server code imports
// from the core: its API routes, tables (migrations), jobs, stored statecharts, services
// and workflow steps are declared here, and the host's services (list queries, errors,
// tenant tables, audit, mail, notifications, jobs, files, identity actions, state
// transitions) reach a handler on its context or as the exports at the end of this file.
//
// The core host (src/server) authorises every route from its declaration (the guards of
// the area's manifest), validates query and body with the given superstruct schemas, runs
// the handler inside one database transaction scoped to the client (row-level security)
// and records writes in the audit log. A handler never checks permissions or tenancy.
import type { Struct } from 'superstruct';
import type { AreaManifest } from './area.ts';
import type { Catalog } from './catalog.ts';
import type { Guard, ServiceId, ServiceRegistry, ExtensionPointId, ExtensionPointRegistry } from './registries.ts';
import type { WorkflowStepDef } from './workflow.ts';

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[]; rowCount: number }>;
}

/** A transaction; on the tenant path its app.client_id setting is the URL's client. */
export interface Tx extends Queryable {}

export interface Migration {
  /** Unique, sortable within the area: '<area>/<NNNN>_<what>'. Applied once; never edited once released. */
  id: string;
  /** SQL that runs unchanged on PostgreSQL and PGlite. Tenant tables add tenantTable(name). */
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

export interface AuditInput {
  action: string;
  objectType: string;
  objectId?: string | null;
  before?: unknown;
  after?: unknown;
  /** The client whose trail shows the row: defaults to the route's; required elsewhere to name one. */
  clientId?: string | null;
  /** The author when it is not the session's user (an account the request itself created). */
  userId?: string | null;
}

/** Identity actions the core offers areas (users, passwords and sessions are the core's). */
export interface IdentityActions {
  /** A password hash for users.password_hash (scrypt); slow on purpose: prefer a route's `prepare`. */
  hashPassword(password: string): Promise<string>;
  /** Ends every open session of a user at once (their sockets close on every server copy); returns how many. */
  endSessions(userId: string): Promise<number>;
}

export interface StoredFile {
  id: string;
  file_name: string;
  content_type: string;
  byte_size: number;
  sha256: string;
  created_at: string;
}

/** Files of the client (a local folder or S3): bytes outside the database, a `files` row inside. */
export interface FileActions {
  save(f: { fileName: string; contentType: string; data: Uint8Array }): Promise<StoredFile>;
  /** The file and its bytes, or null when the client has no such file. */
  read(id: string): Promise<(StoredFile & { data: Buffer }) | null>;
}

export interface TransitionOptions {
  /** Other columns of the row to update alongside the state. */
  set?: Record<string, unknown>;
  /** The author of the audit row when it is not the session's user. */
  userId?: string | null;
}

export interface TransitionResult {
  before: string;
  after: string;
  /** The row after the change. */
  row: Record<string, unknown>;
}

export interface HandlerContext<Q = unknown, B = unknown, P = unknown> {
  tx: Tx;
  user: CurrentUser;
  /** The URL's client on tenant routes (membership already checked), else null. */
  clientId: string | null;
  /** The member's permission codes in this client (plus 'ADMIN' for administrators). */
  permissions: ReadonlySet<string>;
  params: Record<string, string>;
  query: Q;
  body: B;
  /** What the route's `prepare` returned (work done before the transaction opened). */
  prepared: P;
  requestId: string;
  /**
   * Only on routes declared with `verifiedIdentity`: a visitor the identity provider has
   * verified but who has no account yet (email, name from the issuer), else null. On a
   * 'user' route it stands in for the session: `user` is then null.
   */
  verifiedIdentity: { email: string; name: string | null } | null;
  /** The server's settings as configured now (read per request). */
  settings: ServerSettings;
  /** Every area's declarations: permission and feature codes, lists, search counters … */
  catalog: Catalog;
  /**
   * Append to the audit log in the same transaction; the registrar then adds no row of its
   * own (writes without one are logged automatically). The row belongs to the route's
   * client; routes without one (admin, user, public) name the client they act on with
   * `clientId`, so that client's trail shows what was done to it.
   */
  audit(entry: AuditInput): Promise<void>;
  /**
   * Create a notification for a user; it reaches their open browsers over /ws once the
   * transaction commits. A notification belongs to a client: the route's, or `clientId`
   * on routes without one. `type` is a notification type some area declares.
   */
  notify(n: { userId: string; type: string; payload: unknown; objId?: string | null; objType?: string | null; clientId?: string | null }): Promise<void>;
  /** A realtime message to every open browser of the client (no stored notification), on commit. */
  broadcast(m: { type: string; objId?: string | null; objType?: string | null; data?: Record<string, unknown>; clientId?: string | null }): Promise<void>;
  /** Queue a mail in the outbox (delivered by SMTP when configured); `clientId` as for audit(). */
  mail(m: { to: string; subject: string; text: string; html?: string; clientId?: string | null }): Promise<void>;
  /** Queue a background job (handled by some area's `jobs[kind]`). */
  enqueue(kind: string, payload: unknown, opts?: { runAt?: Date; maxAttempts?: number }): Promise<void>;
  /**
   * Applies an event to a stored statechart instance (a row of the area's `statusMachines`)
   * through its xstate machine: refuses events the state does not accept (409 naming the
   * state and the event), stores the new state, writes the audit row and broadcasts the
   * change, all in this transaction. `set` updates other columns of the row alongside.
   */
  transition(machineId: string, objectId: string, event: { type: string; [k: string]: unknown }, opts?: TransitionOptions): Promise<TransitionResult>;
  /** The events a stored instance accepts now (for the actions a page offers). */
  availableEvents(machineId: string, row: Record<string, unknown>): string[];
  identity: IdentityActions;
  files: FileActions;
  /** Services of other areas this area declared in `requires`. */
  services: ServiceLocator;
}

export interface ServiceLocator {
  get<S extends ServiceId>(id: S): ServiceRegistry[S];
}

export interface PrepareInput<Q, B> {
  body: B;
  query: Q;
  params: Record<string, string>;
  identity: Pick<IdentityActions, 'hashPassword'>;
  /** One read in a short transaction of its own (scoped to the route's client): look before slow work. */
  read: Queryable['query'];
}

export interface RouteOptions<Q, B, G extends string = string, P = unknown> extends Guard {
  /** 'tenant': under /api/v1/clients/:client_id (membership required); 'admin': ADMIN only; 'user': any signed-in user; 'public': no session. */
  scope: 'tenant' | 'admin' | 'user' | 'public';
  /** A guard of the area's manifest: the same rule its pages use. */
  guard?: G;
  query?: Struct<Q, any>;
  /** For writes: the schema of the wrapped body ({ resource_key: {...} }). */
  body?: Struct<B, any>;
  /**
   * Slow work (password hashing, calls to other systems) done after the checks and before
   * the transaction opens, so no database connection waits on it; its result is `ctx.prepared`.
   */
  prepare?: (input: PrepareInput<Q, B>) => Promise<P>;
  /**
   * 'user' and 'public' routes: also serve a visitor with a verified identity and no
   * account (see HandlerContext.verifiedIdentity). Only for the few routes that may create
   * an account from it, such as accepting an invitation.
   */
  verifiedIdentity?: boolean;
}

export type Handler<Q, B, P = unknown> = (ctx: HandlerContext<Q, B, P>) => Promise<unknown>;

/**
 * Paths are relative to the scope's base: tenant '/account/users' serves
 * /api/v1/clients/:client_id/account/users; admin '/clients' serves /api/v1/admin/clients;
 * user and public paths are relative to /api/v1.
 * A handler returns the `data` of a success body, or `list(rows, meta)` for lists;
 * it throws ApiError (notFound(), conflict(), invalid(), areaError()) for failures.
 */
export interface ApiRegistrar<G extends string = string> {
  get<Q = unknown, P = unknown>(path: string, opts: RouteOptions<Q, never, G, P>, handler: Handler<Q, never, P>): void;
  post<Q = unknown, B = unknown, P = unknown>(path: string, opts: RouteOptions<Q, B, G, P>, handler: Handler<Q, B, P>): void;
  put<Q = unknown, B = unknown, P = unknown>(path: string, opts: RouteOptions<Q, B, G, P>, handler: Handler<Q, B, P>): void;
  patch<Q = unknown, B = unknown, P = unknown>(path: string, opts: RouteOptions<Q, B, G, P>, handler: Handler<Q, B, P>): void;
  delete<Q = unknown, B = unknown, P = unknown>(path: string, opts: RouteOptions<Q, B, G, P>, handler: Handler<Q, B, P>): void;
}

/**
 * What a job handler gets: its transaction (tenant-scoped when the job belongs to a client;
 * the context is itself that transaction's `query`) and the host's actions, on behalf of
 * the area that handles the job kind.
 */
export interface JobContext extends Tx, Pick<HandlerContext,
  'audit' | 'notify' | 'broadcast' | 'mail' | 'enqueue' | 'transition' | 'availableEvents' | 'identity' | 'files' | 'services' | 'settings' | 'catalog'> {
  tx: Tx;
  clientId: string | null;
}

export type JobHandler = (job: { id: string; payload: any; attempt: number }, ctx: JobContext) => Promise<void>;

/** A statechart whose instances are rows: the machine (declared `stored` in the manifest) and where its state lives. */
export interface StatusMachineDef {
  /** The id of a `stored` machine of this area's manifest. */
  machine: string;
  /** The table holding the instances (one row each, `id` uuid primary key, tenant table). */
  table: string;
  /** The column holding the state value (text). Default 'status'. */
  column?: string;
  /** SQL expression naming an instance in lists (the inspector's live instances): 'email'. */
  label: string;
  /** The column holding when the row last changed, if it has one ('updated_at'). */
  updatedAt?: string;
  /** Context the machine's guards read, from the row (the current time is added as `now`). */
  context?: (row: Record<string, any>) => Record<string, unknown>;
  /** The 409 message for an event the state does not accept (default: names the state and the event). */
  refusal?: (state: string, event: string) => string;
}

type ServerContributions = {
  [P in ExtensionPointId]?: readonly (ExtensionPointRegistry[P] extends { server: infer S } ? S : never)[];
};

/** The area's own guards that the workflow API's routes use (docs/workflows.md). */
export interface WorkflowApiGuards<G extends string = string> {
  /** Reading flow definitions and step types. */
  read: G;
  /** Saving definitions (each save of a change is a new version). */
  write: G;
  /** Publishing a version; the client's webhook secret. */
  publish: G;
  /** Starting, reading, signalling and cancelling flow instances. */
  instances: G;
}

/** What an area's server half gets from the host while it registers. */
export interface ServerPointHost {
  /** Every contribution to one of this area's extension points ('<point>' or '<area>.<point>'), with its area. */
  contributions<T = unknown>(point: string): { area: string; item: T }[];
  /** Registers the workflow engine's API (definitions, versions, instances, step types) under this area's guards. */
  registerWorkflowApi<G extends string>(api: ApiRegistrar<G>, guards: WorkflowApiGuards<G>): void;
}

export interface ServerPluginParts<G extends string = string> {
  migrations?: Migration[];
  api?: (api: ApiRegistrar<G>, host: ServerPointHost) => void;
  jobs?: Record<string, JobHandler>;
  statusMachines?: StatusMachineDef[];
  /** Services this area offers other areas, by id ('<area>.<name>', typed in ServiceRegistry). */
  provides?: { [S in ServiceId]?: ServiceRegistry[S] };
  /** Services of other areas this area uses (ctx.services.get refuses any other). */
  requires?: readonly ServiceId[];
  /** Workflow step types this area contributes (src/host/workflow.ts). */
  workflowSteps?: WorkflowStepDef[] | ((host: ServerPointHost) => WorkflowStepDef[]);
  /** Contributions to extension points (the server half; the manifest holds the browser half). */
  contributes?: ServerContributions;
}

export interface ServerPlugin<G extends string = string> extends ServerPluginParts<G> {
  /** The area's manifest: its name, guards and declarations. */
  area: AreaManifest<G>;
}

/** A module's share of an area's routes, typed with the area's guard names. */
export function defineRoutes<G extends string>(
  _area: AreaManifest<G>, register: (api: ApiRegistrar<G>, host: ServerPointHost) => void,
): (api: ApiRegistrar<G>, host: ServerPointHost) => void {
  return register;
}

/** Declares an area's server half; `api` routes may name the manifest's guards. */
export function defineServerPlugin<G extends string>(area: AreaManifest<G>, parts: ServerPluginParts<G>): ServerPlugin<G> {
  return { area, ...parts };
}

// Host exports: the pieces of the core a handler builds with.
export { ApiError, areaError, conflict, forbidden, invalid, notFound } from '../server/http/errors.ts';
export type { Catalog } from './catalog.ts';
export { fileResult } from '../server/http/results.ts';
export { filtersOf, list, listRows, type ColumnDef, type ListMeta, type ListResult, type ListSource, type Param } from '../server/lists.ts';
export { moveTableSql, tenantTable } from '../server/db/tenant.ts';
export { isUuid } from '../server/db/types.ts';
