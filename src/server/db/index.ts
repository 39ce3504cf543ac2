// Opens the configured database: PostgreSQL when DATABASE_URL is set, otherwise PGlite
// in DATA_DIR/pglite; runs the migrations as the owner and hands back the connection
// that serves requests, as a role that owns nothing (src/server/db/roles.ts).
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Migration } from '../../host/server.ts';
import type { Config } from '../context.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import {
  describeServing, grantRuntime, provisionedPassword, provisionedRoleName, provisionRuntimeRole, roleFacts,
  unsafeReasons, useEmbeddedRuntimeRole, type ServingRole,
} from './roles.ts';
import type { CoreDb } from './types.ts';

export type { CoreDb, CoreTx } from './types.ts';
export { isUuid } from './types.ts';
export { migrate, orderMigrations } from './migrate.ts';
export { tenantTable, enableTenantRls, TENANT_ROLE } from './tenant.ts';
export { openPglite } from './pglite.ts';
export { openPostgres } from './postgres.ts';
export { isDatabaseUnavailable } from './availability.ts';
export type { ServingRole } from './roles.ts';
export { EMBEDDED_RUNTIME_ROLE } from './roles.ts';

export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>, log?: FastifyBaseLogger): Promise<CoreDb> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, log);
  return openPglite(path.join(config.dataDir, 'pglite'));
}

export interface OpenedDatabase {
  /** Serves requests. */
  db: CoreDb;
  role: ServingRole;
  migrationsApplied: string[];
}

type DbConfig = Pick<Config, 'databaseUrl' | 'migrationDatabaseUrl' | 'dataDir' | 'sessionSecret'>;

const AUTH_FAILED = new Set(['28P01', '28000']);

/**
 * Migrates as the owner and opens the serving connection. `given`: a database opened by
 * the caller (tests); an embedded one is switched to its runtime role like our own, a
 * PostgreSQL one serves as whoever it signed in as.
 */
export async function openDatabase(config: DbConfig, log: FastifyBaseLogger, migrations: Migration[], given?: CoreDb): Promise<OpenedDatabase> {
  if (given || !config.databaseUrl) {
    const db = given ?? (await openPglite(path.join(config.dataDir, 'pglite')));
    try {
      const migrationsApplied = await migrate(db, migrations);
      if (db.kind === 'pglite') await useEmbeddedRuntimeRole(db);
      const role: ServingRole = { ...(await roleFacts(db)), mode: db.kind === 'pglite' ? 'embedded' : 'owner' };
      return { db, role, migrationsApplied };
    } catch (err) {
      if (!given) await db.close().catch(() => {});
      throw err;
    }
  }

  const owner = await openPostgres(config.migrationDatabaseUrl ?? config.databaseUrl, log, { poolSize: 2 });
  let serving: CoreDb | null = null;
  try {
    const migrationsApplied = await migrate(owner, migrations);
    if (config.migrationDatabaseUrl) {
      // Two roles, as configured: the serving one must be neither owner nor superuser.
      serving = await openPostgres(config.databaseUrl, log);
      const facts = await roleFacts(serving);
      const reasons = unsafeReasons(facts);
      if (reasons.length) {
        throw new Error(`DATABASE_URL signs in as ${facts.name}, which ${reasons.join(' and ')}: serve as a role that owns nothing `
          + '(MIGRATION_DATABASE_URL is the owner; docs/operations.md, Database roles)');
      }
      await grantRuntime(owner, facts.name);
      const role: ServingRole = { ...(await roleFacts(serving)), mode: 'separate' };
      await owner.close();
      describeServing(role, log);
      return { db: serving, role, migrationsApplied };
    }

    const ownerFacts = await roleFacts(owner);
    if (unsafeReasons(ownerFacts).length && (ownerFacts.superuser || ownerFacts.createRole)) {
      // One URL of an owner who may create roles: serve as a login role made for the purpose.
      const { rows } = await owner.query<{ db: string }>('SELECT current_database() AS db');
      const name = provisionedRoleName(rows[0].db);
      const password = provisionedPassword(config.sessionSecret, name);
      await provisionRuntimeRole(owner, name, password);
      const u = new URL(config.databaseUrl);
      u.username = encodeURIComponent(name);
      u.password = encodeURIComponent(password);
      try {
        serving = await openPostgres(u.href, log);
      } catch (err) {
        if (!AUTH_FAILED.has((err as { code?: string })?.code ?? '')) throw err;
        log.error({ err, role: name }, `database: could not sign in as the provisioned role ${name} (pg_hba.conf?); serving as the owner instead`);
      }
      if (serving) {
        const role: ServingRole = { ...(await roleFacts(serving)), mode: 'provisioned' };
        await owner.close();
        describeServing(role, log);
        return { db: serving, role, migrationsApplied };
      }
    }
    // Serve as the owner itself (it may not create roles, or signing in as the new one failed).
    await owner.close();
    serving = await openPostgres(config.databaseUrl, log);
    const role: ServingRole = { ...(await roleFacts(serving)), mode: 'owner' };
    describeServing(role, log);
    return { db: serving, role, migrationsApplied };
  } catch (err) {
    await owner.close().catch(() => {});
    await serving?.close().catch(() => {});
    throw err;
  }
}
