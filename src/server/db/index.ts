// Opens the configured database: PostgreSQL when DATABASE_URL is set, otherwise PGlite
// in DATA_DIR/pglite.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../context.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { CoreDb } from './types.ts';

export type { CoreDb, CoreTx } from './types.ts';
export { isUuid } from './types.ts';
export { migrate, orderMigrations } from './migrate.ts';
export { tenantTable, enableTenantRls, TENANT_ROLE } from './tenant.ts';
export { openPglite } from './pglite.ts';
export { openPostgres } from './postgres.ts';

export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>, log?: FastifyBaseLogger): Promise<CoreDb> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, log);
  return openPglite(path.join(config.dataDir, 'pglite'));
}
