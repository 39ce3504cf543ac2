// PostgreSQL through a `pg` pool. Transactions take a pooled connection; LISTEN uses one
// dedicated connection that reconnects for as long as it takes, so realtime fan-out and
// job wake-ups survive a database restart.
//
// A connection can end at any moment (a restart, a failover, pg_terminate_backend,
// idle_in_transaction_session_timeout). `pg` reports that as an 'error' event on the
// client, and an 'error' event nobody listens to ends the process: every connection this
// module holds has a listener for as long as it holds it, and a broken connection is
// destroyed rather than returned to the pool.
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { ListenStatus } from '../context.ts';
import { CommitInDoubtError, isDatabaseUnavailable } from './availability.ts';
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

/** Reconnect delays of the LISTEN connection: doubling from 1 s to 20 s, as the browser's realtime connection does. */
export const LISTEN_MIN_DELAY_MS = 1000;
export const LISTEN_MAX_DELAY_MS = 20_000;
/** How long a request waits for a connection (a free pool slot, or a server that answers) before it gets a 503. */
const CONNECT_TIMEOUT_MS = 10_000;
/** How long a COMMIT whose connection dropped is looked up again before it is reported as in doubt. */
const IN_DOUBT_LOOKUP_MS = 15_000;

/** The names the server's connections carry in pg_stat_activity (operators and the fault tests find them by these). */
export const APPLICATION_NAME = 'compliance';
export const LISTEN_APPLICATION_NAME = 'compliance-listen';

export interface PostgresOptions {
  poolSize?: number;
}

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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export async function openPostgres(url: string, log?: FastifyBaseLogger, opts: PostgresOptions | number = {}): Promise<CoreDb> {
  const poolSize = typeof opts === 'number' ? opts : opts.poolSize ?? 10;
  const pool = new pg.Pool({
    connectionString: url, max: poolSize, types,
    application_name: APPLICATION_NAME,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle pooled connection that drops is removed by the pool; this only reports it.
  pool.on('error', (err) => log?.warn({ err }, 'database: an idle connection was closed by the server; it is replaced on demand'));
  try {
    await pool.query('SELECT 1'); // fail at start, not on the first request
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }

  // ---- LISTEN: one connection, re-established with backoff, every channel re-LISTENed ----
  const handlers = new Map<string, Set<(p: string) => void>>();
  const restoredHooks = new Set<() => void>();
  let listener: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = LISTEN_MIN_DELAY_MS;
  let attempts = 0;
  let failures = 0;
  let everListened = false;
  let status: ListenStatus = 'idle';
  let closed = false;

  function setStatus(next: ListenStatus) {
    status = next;
  }

  function dispatch(m: pg.Notification) {
    for (const h of handlers.get(m.channel) ?? []) {
      try { h(m.payload ?? ''); } catch (err) { log?.error({ err, channel: m.channel }, 'notification handler failed'); }
    }
  }

  function scheduleReconnect(err: unknown) {
    if (closed || retryTimer) return;
    if (status !== 'listening') failures++;
    const wait = delay;
    delay = Math.min(delay * 2, LISTEN_MAX_DELAY_MS);
    if (status === 'listening') log?.warn({ err, retryInMs: wait }, 'database: LISTEN connection lost; realtime push and job wake-ups pause until it is back');
    else log?.warn({ err, attempt: attempts, retryInMs: wait }, 'database: LISTEN connection could not be made; trying again');
    setStatus('reconnecting');
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connectListener();
    }, wait);
    retryTimer.unref();
  }

  function connectListener(): Promise<void> {
    if (closed) return Promise.resolve();
    if (listener) return Promise.resolve();
    if (connecting) return connecting;
    attempts++;
    if (status !== 'reconnecting') setStatus('connecting');
    const client = new pg.Client({ connectionString: url, types, application_name: LISTEN_APPLICATION_NAME, keepAlive: true });
    let lost = false;
    const lose = (err?: unknown) => {
      if (lost) return;
      lost = true;
      client.removeListener('notification', dispatch);
      client.end().catch(() => {});
      if (listener === client) listener = null;
      scheduleReconnect(err ?? new Error('the LISTEN connection ended'));
    };
    // Both stay attached for the client's whole life: an 'error' without a listener ends the process.
    client.on('error', (err) => lose(err));
    client.on('end', () => lose());
    client.on('notification', dispatch);
    connecting = (async () => {
      try {
        await client.connect();
        const listened = new Set<string>();
        // Channels added while this loop awaits are picked up before the client goes live.
        for (;;) {
          const missing = [...handlers.keys()].filter((ch) => !listened.has(ch));
          if (!missing.length) break;
          for (const ch of missing) {
            await client.query(`LISTEN "${ch}"`);
            listened.add(ch);
          }
        }
      } catch (err) {
        lose(err);
        return;
      } finally {
        connecting = null;
      }
      if (lost) return;
      if (closed) { lost = true; await client.end().catch(() => {}); return; }
      listener = client;
      delay = LISTEN_MIN_DELAY_MS;
      const restored = everListened;
      everListened = true;
      setStatus('listening');
      if (restored) {
        log?.info({ attempts, channels: [...handlers.keys()] }, 'database: LISTEN connection restored; channels subscribed again');
        for (const hook of restoredHooks) {
          try { hook(); } catch (err) { log?.error({ err }, 'LISTEN restore hook failed'); }
        }
      }
      attempts = 0;
    })();
    return connecting;
  }

  /** LISTEN and UNLISTEN one after another on the live connection (pg runs one query at a time). */
  let listenChain: Promise<unknown> = Promise.resolve();
  function onListener(sql: string): Promise<void> {
    const next = listenChain.then(async () => { if (listener) await listener.query(sql); });
    listenChain = next.catch(() => {});
    return next;
  }

  // ---- transactions ----
  async function readCommitOutcome(xid: string): Promise<'committed' | 'aborted' | null> {
    const until = Date.now() + IN_DOUBT_LOOKUP_MS;
    let wait = 250;
    for (;;) {
      try {
        const { rows } = await pool.query<{ s: string | null }>('SELECT pg_xact_status($1::xid8) AS s', [xid]);
        const s = rows[0]?.s;
        if (s === 'committed' || s === 'aborted') return s;
        // 'in progress': the backend that held it is still going away.
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
      }
      if (Date.now() + wait > until) return null;
      await sleep(wait);
      wait = Math.min(wait * 2, 2000);
    }
  }

  const direct = wrap(pool);
  const db: CoreDb = {
    kind: 'postgres',
    query: direct.query,
    exec: direct.exec,
    async transaction(fn, opts) {
      const client = await pool.connect();
      let broken: Error | null = null;
      const onError = (err: Error) => {
        broken ??= err;
        log?.warn({ err }, 'database: connection lost during a transaction');
      };
      client.on('error', onError);
      let result!: Awaited<ReturnType<typeof fn>>;
      let xid: string | null = null;
      try {
        try {
          await client.query('BEGIN');
          const tx = wrap(client);
          if (opts?.clientId) {
            await client.query(`SELECT set_config('app.client_id', $1, true)`, [opts.clientId]);
            await client.query(`SET LOCAL ROLE ${TENANT_ROLE}`);
          }
          result = await fn(tx);
          // Null for a transaction that wrote nothing; otherwise the id whose outcome can be
          // read back if the connection drops while COMMIT is under way.
          xid = (await client.query<{ xid: string | null }>('SELECT pg_current_xact_id_if_assigned()::text AS xid')).rows[0]?.xid ?? null;
        } catch (err) {
          if (!broken) await client.query('ROLLBACK').catch((e: Error) => { broken ??= e; });
          throw err;
        }
        try {
          await client.query('COMMIT');
        } catch (err) {
          if (!xid || !isDatabaseUnavailable(err)) throw err;
          broken ??= err as Error;
          // The server may have committed before the connection went: ask it, on another one.
          const outcome = await readCommitOutcome(xid).catch(() => null);
          if (outcome === 'committed') {
            log?.warn({ xid }, 'database: the connection dropped during COMMIT; the transaction had committed');
            return result;
          }
          if (outcome === 'aborted') throw err;
          log?.error({ xid, err }, 'database: the connection dropped during COMMIT and its outcome is unknown');
          throw new CommitInDoubtError(xid, err);
        }
        return result;
      } finally {
        client.removeListener('error', onError);
        // A broken connection is destroyed, never handed to the next request.
        client.release(broken ?? undefined);
      }
    },
    async listen(channel, onPayload) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onPayload);
      if (listener) {
        if (first) await onListener(`LISTEN "${channel}"`).catch((err) => log?.warn({ err, channel }, 'database: LISTEN failed; it is repeated when the connection is back'));
      } else if (!retryTimer) {
        // The first connection (or one under way): wait for it, so a NOTIFY right after
        // start is heard. While reconnecting, the channel is LISTENed when it is back.
        await connectListener();
      }
      return async () => {
        const s = handlers.get(channel);
        if (!s) return;
        s.delete(onPayload);
        if (s.size === 0) {
          handlers.delete(channel);
          if (listener) await onListener(`UNLISTEN "${channel}"`).catch(() => {});
        }
      };
    },
    onListenRestored(hook) {
      restoredHooks.add(hook);
      return () => { restoredHooks.delete(hook); };
    },
    listenStatus: () => status,
    listenFailures: () => failures,
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      setStatus('closed');
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      await connecting?.catch(() => {});
      const l = listener;
      listener = null;
      if (l) await l.end().catch(() => {});
      await pool.end();
    },
  };
  return db;
}
