// The database as the core sees it: the Db of context.ts plus what only the core needs
// (multi-statement SQL for migrations). Both drivers implement it with the same SQL.
import type { Tx } from '../../host/server.ts';
import type { Db } from '../context.ts';

export interface CoreTx extends Tx {
  /** Runs several statements (no parameters): migrations. */
  exec(sql: string): Promise<void>;
}

export interface CoreDb extends Db {
  transaction<T>(fn: (tx: CoreTx) => Promise<T>, opts?: { clientId?: string | null }): Promise<T>;
  exec(sql: string): Promise<void>;
  /** PostgreSQL: how many attempts to (re)connect the LISTEN connection have failed since start. */
  listenFailures?(): number;
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(v: unknown): v is string {
  return typeof v === 'string' && UUID_RE.test(v);
}
