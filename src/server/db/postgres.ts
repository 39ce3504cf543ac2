// PostgreSQL through a `pg` pool. Transactions take a pooled connection; LISTEN uses one
// dedicated connection that re-subscribes after a drop, so realtime fan-out survives a
// database restart.
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { TENANT_ROLE } from './tenant.ts';
import type { CoreDb, CoreTx } from './types.ts';

// count(*) and bigint ids come back as numbers, as they do from PGlite.
const INT8 = 20;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 && format !== 'binary') return (v: string) => {
      const n = Number(v);
      return Number.isSafeInteger(n) ? n : v;
    };
    return pg.types.getTypeParser(oid, format as any);
  },
} as pg.CustomTypesConfig;

const CHANNEL = /^[a-z_][a-z0-9_]*$/i;

function wrap(c: pg.Pool | pg.PoolClient): CoreTx {
  return {
    async query<R = Record<string, unknown>>(sql: string, params?: unknown[]) {
      const res = await c.query(sql, params as any[]);
      return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
    },
    async exec(sql: string) {
      await c.query(sql); // no parameters: the simple protocol runs several statements
    },
  };
}

export async function openPostgres(url: string, log?: FastifyBaseLogger, poolSize = 10): Promise<CoreDb> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  pool.on('error', (err) => log?.error({ err }, 'idle database connection failed'));
  await pool.query('SELECT 1'); // fail at start, not on the first request

  const handlers = new Map<string, Set<(p: string) => void>>();
  let listener: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url, types });
    client.on('notification', (m) => {
      for (const h of handlers.get(m.channel) ?? []) {
        try { h(m.payload ?? ''); } catch (err) { log?.error({ err }, 'notification handler failed'); }
      }
    });
    client.on('error', (err) => {
      log?.warn({ err }, 'LISTEN connection lost; reconnecting');
      if (listener === client) listener = null;
      client.end().catch(() => {});
      if (!closed) setTimeout(() => { ensureListener().catch((e) => log?.error({ err: e }, 'LISTEN reconnect failed')); }, 1000).unref();
    });
    await client.connect();
    for (const ch of handlers.keys()) await client.query(`LISTEN "${ch}"`);
    return client;
  }

  function ensureListener(): Promise<pg.Client> {
    if (listener) return Promise.resolve(listener);
    connecting ??= connectListener().then((c) => { listener = c; connecting = null; return c; }, (e) => { connecting = null; throw e; });
    return connecting;
  }

  const direct = wrap(pool);
  return {
    kind: 'postgres',
    query: direct.query,
    exec: direct.exec,
    async transaction(fn, opts) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx = wrap(client);
        if (opts?.clientId) {
          await client.query(`SELECT set_config('app.client_id', $1, true)`, [opts.clientId]);
          await client.query(`SET LOCAL ROLE ${TENANT_ROLE}`);
        }
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onPayload);
      const client = await ensureListener();
      if (first) await client.query(`LISTEN "${channel}"`);
      return async () => {
        const s = handlers.get(channel);
        if (!s) return;
        s.delete(onPayload);
        if (s.size === 0) {
          handlers.delete(channel);
          if (listener) await listener.query(`UNLISTEN "${channel}"`).catch(() => {});
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      const l = listener;
      listener = null;
      if (l) await l.end().catch(() => {});
      await pool.end();
    },
  };
}
