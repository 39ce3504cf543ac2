// Applies migrations once each, recorded in schema_migrations. Core migrations (ids
// 'core/…', identity's included) run first, then every plugin's, each group in id order,
// so a plugin table may reference core tables whatever the plugin's name. Each migration
// runs in its own transaction under an advisory lock, so copies starting together apply
// each one exactly once.
import type { Migration } from '../../host/server.ts';
import type { CoreDb } from './types.ts';

const LOCK_KEY = 7_236_101; // any constant shared by every copy of the server

export function orderMigrations(migrations: Migration[]): Migration[] {
  const seen = new Set<string>();
  for (const m of migrations) {
    if (!m.id || typeof m.sql !== 'string') throw new Error(`migration without id or sql: ${JSON.stringify(m.id)}`);
    if (seen.has(m.id)) throw new Error(`duplicate migration id ${m.id}`);
    seen.add(m.id);
  }
  const byId = (a: Migration, b: Migration) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const core = migrations.filter((m) => m.id.startsWith('core/')).sort(byId);
  const rest = migrations.filter((m) => !m.id.startsWith('core/')).sort(byId);
  return [...core, ...rest];
}

/** Returns the ids applied by this call (empty when the schema was up to date). */
export async function migrate(db: CoreDb, migrations: Migration[]): Promise<string[]> {
  const ordered = orderMigrations(migrations);
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const m of ordered) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [m.id]);
      if (rows.length) return false;
      try {
        await tx.exec(m.sql);
      } catch (err) {
        throw new Error(`migration ${m.id} failed: ${(err as Error).message}`, { cause: err });
      }
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
      return true;
    });
    if (done) applied.push(m.id);
  }
  return applied;
}
