// The embedded database: PGlite (PostgreSQL compiled to WebAssembly) in one process. It
// has one connection, so PGlite itself serialises transactions; the same SQL and the
// same role switch as on a PostgreSQL server.
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import { TENANT_ROLE } from './tenant.ts';
import type { CoreDb, CoreTx } from './types.ts';

type Raw = { query: PGlite['query']; exec: PGlite['exec'] };

function wrap(raw: Raw): CoreTx {
  return {
    async query<R = Record<string, unknown>>(sql: string, params?: unknown[]) {
      const res = await raw.query<R>(sql, params as any[]);
      return { rows: res.rows, rowCount: res.rowCount ?? res.affectedRows ?? res.rows.length };
    },
    async exec(sql: string) {
      await raw.exec(sql);
    },
  };
}

/**
 * dataDir is a folder, or 'memory://' for a throw-away database. from: a dumpDataDir()
 * tarball to start from instead of running initdb (tests keep one to start in a second).
 */
export async function openPglite(dataDir: string, opts: { from?: Blob } = {}): Promise<CoreDb> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, opts.from ? { loadDataDir: opts.from } : {});
  const direct = wrap(pg);
  return {
    kind: 'pglite',
    query: direct.query,
    exec: direct.exec,
    async transaction(fn, opts) {
      return pg.transaction(async (raw) => {
        const tx = wrap(raw);
        if (opts?.clientId) {
          await tx.query(`SELECT set_config('app.client_id', $1, true)`, [opts.clientId]);
          await tx.query(`SET LOCAL ROLE ${TENANT_ROLE}`);
        }
        return fn(tx);
      });
    },
    async listen(channel, onPayload) {
      const unlisten = await pg.listen(channel, onPayload);
      return async () => { await unlisten(); };
    },
    // One connection inside this process: it cannot be lost while the process runs.
    onListenRestored: () => () => {},
    listenStatus: () => (pg.closed ? 'closed' : 'listening'),
    async notify(channel, payload) {
      await pg.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
