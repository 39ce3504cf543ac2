// The administration command line: `npm run admin -- create --email … [--name …]` (see
// src/server/identity/admin-command.ts). Runs on the configured database, PGlite in
// DATA_DIR or DATABASE_URL, with the same configuration as the server. With the embedded
// database, stop the server first: PGlite's files are for one process at a time.
import { ConfigError, loadConfig } from './config.ts';
import type { Config } from './context.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

const { embeddedDatabaseHolder, holdEmbeddedDatabase } = await import('./embedded-lock.ts');
if (!config.databaseUrl) {
  const holder = embeddedDatabaseHolder(config.dataDir);
  if (holder !== null) {
    process.stderr.write(`The server (pid ${holder}) is using the embedded database in ${config.dataDir}. Stop it first, then run this command again.\n`);
    process.exit(1);
  }
  holdEmbeddedDatabase(config.dataDir);
}

const { default: plugins } = await import('virtual:server-plugins');
const { coreMigrations } = await import('./db/core-schema.ts');
const { openDb } = await import('./db/index.ts');
const { identityMigrations } = await import('./identity/index.ts');
const { runAdminCommand } = await import('./identity/admin-command.ts');

let code = 1;
try {
  const db = await openDb(config);
  try {
    code = await runAdminCommand(process.argv.slice(2), {
      config,
      db,
      migrations: [...coreMigrations, ...identityMigrations, ...plugins.flatMap((p) => p.migrations ?? [])],
      io: { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) },
    });
  } finally {
    await db.close();
  }
} catch (err) {
  process.stderr.write(`Failed: ${(err as Error).message}\n`);
  code = 1;
}
process.exit(code);
