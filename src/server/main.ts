// Starts the server: validate the configuration (one clear line and exit on a bad value),
// build the app with every discovered plugin, listen, print where it runs and, on the
// first seed, the demo accounts. SIGTERM and SIGINT drain requests and jobs, then exit.
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

// Loaded after the configuration is known good, so a bad variable is reported before
// anything else can fail.
const { default: plugins } = await import('virtual:server-plugins');
const { buildApp } = await import('./app.ts');

// The embedded database is for one process at a time (see embedded-lock.ts).
if (!config.databaseUrl) {
  const { embeddedDatabaseHolder, holdEmbeddedDatabase } = await import('./embedded-lock.ts');
  const holder = embeddedDatabaseHolder(config.dataDir);
  if (holder !== null) {
    process.stderr.write(`Start failed: another process (pid ${holder}) is using the embedded database in ${config.dataDir}\n`);
    process.exit(1);
  }
  holdEmbeddedDatabase(config.dataDir);
}

let built: Awaited<ReturnType<typeof buildApp>>;
try {
  built = await buildApp(config, { plugins });
  await built.app.listen({ port: config.port, host: '0.0.0.0' });
} catch (err) {
  process.stderr.write(`Start failed: ${(err as Error).message}\n`);
  process.exit(1);
}

const db = `${built.ctx.db.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}, serving as database role ${built.databaseRole.name}`;
process.stdout.write(`Compliance as a service ${built.version} is running at ${config.publicUrl} (${db})\n`);
if (built.seed?.seeded) {
  const pw = built.seed.generatedPassword ?? '(the DEMO_PASSWORD you set)';
  process.stdout.write([
    'Demo platform created. Sign in with:',
    '  admin@demo.local    administrator, member of both demo clients',
    '  officer@demo.local  compliance officer of Demo Payments Ltd',
    '  analyst@demo.local  analyst of Demo Payments Ltd (profiles and case lists only)',
    `  password: ${pw}`,
    built.seed.generatedPassword ? '  (shown once; set DEMO_PASSWORD to choose it)' : '',
  ].filter(Boolean).join('\n') + '\n');
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) process.exit(1); // a second signal: stop waiting
  stopping = true;
  built.ctx.log.info({ signal }, 'shutting down');
  try {
    await built.close();
    process.exit(0);
  } catch (err) {
    built.ctx.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
