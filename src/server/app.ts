// Builds the whole server from a Config: database and migrations (core, identity, every
// plugin), the demo seed in embedded mode, identity and realtime, the core API and every
// plugin's routes behind the registrar, the web app, and the job worker. main.ts starts
// it; the API tests build it the same way on a throw-away database.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerPlugin } from '../host/server.ts';
import { registerCoreApi } from './api/index.ts';
import type { AppContext, Config } from './context.ts';
import { coreMigrations } from './db/core-schema.ts';
import { openDatabase, type CoreDb, type OpenedDatabase, type ServingRole } from './db/index.ts';
import { openFileStore, type FileStore } from './files/index.ts';
import { registerHealth } from './http/health.ts';
import { createHttpServer, registerFallback } from './http/server.ts';
import { mountRoutes, RouteTable } from './http/registrar.ts';
import { findRoot, webApp } from './http/static.ts';
import { identityMigrations, registerIdentity, resolveSession, verifyCsrf } from './identity/index.ts';
import { MAIL_JOB, mailDeliveryJob, type SendMail } from './jobs/mail.ts';
import { startWorker, type AnyJobHandler, type WorkerOptions } from './jobs/worker.ts';
import { registerRealtime } from './realtime/index.ts';
import { seedDemo, type SeedResult } from './seed.ts';

declare const __APP_VERSION__: string | undefined;

export interface BuildOptions {
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
  jobHandlers: Record<string, AnyJobHandler>;
  migrationsApplied: string[];
  /** The database role requests are served as, and how it came to be (src/server/db/roles.ts). */
  databaseRole: ServingRole;
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

export function collectJobHandlers(core: Record<string, AnyJobHandler>, plugins: ServerPlugin[]): Record<string, AnyJobHandler> {
  const handlers: Record<string, AnyJobHandler> = { ...core };
  for (const p of plugins) {
    for (const [kind, h] of Object.entries(p.jobs ?? {})) {
      if (Object.hasOwn(handlers, kind)) throw new Error(`${p.name}: job kind "${kind}" is already handled`);
      handlers[kind] = h;
    }
  }
  return handlers;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const plugins = opts.plugins ?? [];
  const version = appVersion();
  const app = createHttpServer(config, { logger: opts.logger });
  let opened: OpenedDatabase;
  try {
    // Migrations run as the owner; requests are served by a role that owns nothing.
    opened = await openDatabase(config, app.log, [
      ...coreMigrations,
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

    const seed = opts.seed ?? config.embedded ? await seedDemo(db, { password: config.demoPassword }) : null;

    registerHealth(app, ctx);
    await registerIdentity(app, ctx);
    await registerRealtime(app, ctx);

    const routes = new RouteTable();
    registerCoreApi(routes.registrar('core'));
    for (const p of plugins) p.api?.(routes.registrar(p.name));
    mountRoutes(app, ctx, routes, { resolveSession, verifyCsrf });

    registerFallback(app, webApp(config, opts.webDir ?? path.join(findRoot(), 'dist', 'web'), version));

    const jobHandlers = collectJobHandlers({ [MAIL_JOB]: mailDeliveryJob(config, opts.sendMail) }, plugins);
    if (opts.worker !== false) {
      const w = typeof opts.worker === 'object' ? opts.worker : {};
      worker = startWorker(ctx, { concurrency: db.kind === 'postgres' ? 2 : 1, ...w, handlers: jobHandlers });
    }

    let closed = false;
    return {
      app, ctx, routes, jobHandlers, migrationsApplied, seed, version, databaseRole: opened.role,
      files: openFileStore(config),
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
