// Builds the whole server from a Config: database and migrations (core, identity, every
// plugin), the demo seed in embedded mode, identity and realtime, the core API and every
// plugin's routes behind the registrar, the web app, and the job worker. main.ts starts
// it; the API tests build it the same way on a throw-away database.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildCatalog, type Catalog } from '../host/catalog.ts';
import type { JobContext, JobHandler, ServerPlugin, ServerPointHost, Tx } from '../host/server.ts';
import { BILLING_ERRORS, PLATFORM_ERRORS } from '../shared/errors.ts';
import { registerCoreApi } from './api/index.ts';
import type { AppContext, Config } from './context.ts';
import { coreMigrations } from './db/core-schema.ts';
import { openDatabase, type CoreDb, type OpenedDatabase } from './db/index.ts';
import { openFileStore, type FileStore } from './files/index.ts';
import { registerHealth } from './http/health.ts';
import { createHttpServer, registerFallback } from './http/server.ts';
import { mountRoutes, RouteTable } from './http/registrar.ts';
import { findRoot, webApp } from './http/static.ts';
import {
  identityMigrations, registerGroupMappingApi, registerIdentity, resolveSession, resolveVerifiedIdentity, verifyCsrf,
} from './identity/index.ts';
import { MAIL_JOB, mailDeliveryJob, type SendMail } from './jobs/mail.ts';
import { startWorker, type WorkerOptions } from './jobs/worker.ts';
import { createHostServices, type HostServices } from './host-services.ts';
import { registerRealtime } from './realtime/index.ts';
import { seedDemo, type SeedResult } from './seed.ts';
import { workflowMigrations } from './workflows/migration.ts';
import { registerWorkflowsApi } from './api/workflows.ts';
import { collectWorkflowSteps, type StepRegistry } from './workflows/registry.ts';
import { workflowJobHandlers } from './workflows/runner.ts';
import { coreWorkflowSteps } from './workflows/steps/core.ts';

declare const __APP_VERSION__: string | undefined;

export interface BuildOptions {
  /** Every installed area (its manifest, and its server half when it has one). */
  plugins?: ServerPlugin[];
  /** A database opened by the caller (tests); otherwise the configured one. */
  db?: CoreDb;
  /** Where the built web app is (default <repo>/dist/web). */
  webDir?: string;
  /** Seed the demo platform when the database has no client yet (default: embedded mode). */
  seed?: boolean;
  /** false: no worker loop (tests run jobs one at a time with runNextJob). */
  worker?: boolean | Partial<Omit<WorkerOptions, 'handlers'>>;
  logger?: boolean;
  /** Mail transport override (tests). */
  sendMail?: SendMail;
}

export interface App {
  app: FastifyInstance;
  ctx: AppContext;
  routes: RouteTable;
  files: FileStore;
  catalog: Catalog;
  host: HostServices;
  jobHandlers: Record<string, JobHandler>;
  /** The context jobs run with (tests run jobs one at a time with runNextJob). */
  jobContext: (tx: Tx, job: { kind: string; clientId: string | null }) => JobContext;
  /** Every workflow step type: the core's and the plugins' (docs/workflows.md). */
  workflowSteps: StepRegistry;
  migrationsApplied: string[];
  /** The database role requests are served as (docs/operations.md). */
  databaseRole: OpenedDatabase['role'];
  seed: SeedResult | null;
  version: string;
  close(): Promise<void>;
}

export function appVersion(): string {
  if (typeof __APP_VERSION__ === 'string') return __APP_VERSION__;
  try {
    return JSON.parse(readFileSync(path.join(findRoot(), 'package.json'), 'utf8')).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export function collectJobHandlers(core: Record<string, JobHandler>, plugins: ServerPlugin[]): { handlers: Record<string, JobHandler>; owners: Map<string, string> } {
  const handlers: Record<string, JobHandler> = { ...core };
  const owners = new Map<string, string>(Object.keys(core).map((k) => [k, 'core']));
  for (const p of plugins) {
    for (const [kind, h] of Object.entries(p.jobs ?? {})) {
      if (Object.hasOwn(handlers, kind)) throw new Error(`${p.area.name}: job kind "${kind}" is already handled`);
      handlers[kind] = h;
      owners.set(kind, p.area.name);
    }
  }
  return { handlers, owners };
}

/** Every area's declarations, checked (a bad one stops the start with its name). */
export function catalogOf(plugins: readonly ServerPlugin[]): Catalog {
  return buildCatalog(plugins.map((p) => p.area), { reservedErrors: [...Object.keys(PLATFORM_ERRORS), ...Object.keys(BILLING_ERRORS)] });
}

/** What an area's server half gets from the host while it registers: contributions to its points, the workflow API. */
export function pointHost(plugins: readonly ServerPlugin[], owner: string, workflowSteps: StepRegistry | null): ServerPointHost {
  return {
    registerWorkflowApi(api, guards) {
      if (!workflowSteps) throw new Error(`${owner}: the workflow API is registered with the routes`);
      registerWorkflowsApi(api, { registry: workflowSteps, guards });
    },
    contributions<T>(point: string) {
      const id = point.includes('.') ? point : `${owner}.${point}`;
      return plugins.flatMap((p) => ((p.contributes as Record<string, readonly T[]> | undefined)?.[id] ?? []).map((item) => ({ area: p.area.name, item })));
    },
  };
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const plugins = opts.plugins ?? [];
  const version = appVersion();
  const catalog = catalogOf(plugins);
  // A step type contributed twice stops the start, before anything is opened.
  const workflowSteps = collectWorkflowSteps(coreWorkflowSteps, plugins, (p) => pointHost(plugins, p.area.name, null));
  const app = createHttpServer(config, { logger: opts.logger });
  for (const [code, def] of catalog.errors) app.declaredErrors.set(code, def);
  let opened: OpenedDatabase;
  try {
    // Migrations run as the owner; requests are served by a role that owns nothing.
    opened = await openDatabase(config, app.log, [
      ...coreMigrations,
      ...workflowMigrations,
      ...identityMigrations,
      ...plugins.flatMap((p) => p.migrations ?? []),
    ], opts.db);
  } catch (err) {
    await app.close().catch(() => {});
    throw err;
  }
  const { db, migrationsApplied } = opened;
  const ctx: AppContext = { config, db, log: app.log };
  let worker: { stop(): Promise<void> } | null = null;

  try {
    if (migrationsApplied.length) app.log.info({ migrations: migrationsApplied }, 'database migrated');

    const seed = opts.seed ?? config.embedded ? await seedDemo(db, { catalog, password: config.demoPassword }) : null;

    registerHealth(app, ctx);
    await registerIdentity(app, ctx);
    await registerRealtime(app, ctx);

    const files = openFileStore(config);
    const host = createHostServices(ctx, { catalog, plugins, files });
    const routes = new RouteTable(catalog);
    registerCoreApi(routes.registrar('core'), host);
    registerGroupMappingApi(routes.registrar('core'));
    for (const p of plugins) p.api?.(routes.registrar(p.area.name), pointHost(plugins, p.area.name, workflowSteps));
    mountRoutes(app, ctx, routes, { resolveSession, verifyCsrf, resolveVerifiedIdentity }, host);

    registerFallback(app, webApp(config, opts.webDir ?? path.join(findRoot(), 'dist', 'web'), version));

    const { handlers: jobHandlers, owners } = collectJobHandlers({
      [MAIL_JOB]: mailDeliveryJob(config, opts.sendMail),
      ...workflowJobHandlers(ctx, { registry: workflowSteps }),
    }, plugins);
    const jobContext = (tx: Tx, job: { kind: string; clientId: string | null }): JobContext => ({
      ...host.actions(tx, { owner: owners.get(job.kind) ?? 'core', clientId: job.clientId, userId: null }),
      query: tx.query.bind(tx),
      tx,
      clientId: job.clientId,
      settings: { publicUrl: config.publicUrl, oidcIssuer: config.oidcIssuer },
      catalog,
    });
    if (opts.worker !== false) {
      const w = typeof opts.worker === 'object' ? opts.worker : {};
      worker = startWorker(ctx, { concurrency: db.kind === 'postgres' ? 2 : 1, ...w, handlers: jobHandlers, context: jobContext });
    }

    let closed = false;
    return {
      app, ctx, routes, jobHandlers, workflowSteps, migrationsApplied, seed, version, catalog, host, jobContext,
      databaseRole: opened.role, files,
      async close() {
        if (closed) return;
        closed = true;
        await worker?.stop();
        await app.close();
        await db.close();
      },
    };
  } catch (err) {
    await worker?.stop().catch(() => {});
    await app.close().catch(() => {});
    await db.close().catch(() => {});
    throw err;
  }
}
