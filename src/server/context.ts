// What every server module receives: configuration, the database, the logger. Built once
// at start (src/server/app.ts) and passed down; modules keep no other global state, so
// N copies of the server behind a load balancer behave as one.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable, Tx } from '../host/server.ts';

export interface Config {
  port: number;
  /** Public base URL, no trailing slash (http://localhost:3000 by default). */
  publicUrl: string;
  /** Unset: embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | null;
  /**
   * The owner's connection, used at start for migrations and grants only; DATABASE_URL's
   * role then serves requests and must own nothing. Unset: see src/server/db/roles.ts.
   */
  migrationDatabaseUrl: string | null;
  dataDir: string;
  /** Unset: the embedded issuer at `${publicUrl}/idp`. */
  oidcIssuer: string | null;
  oidcClientId: string;
  oidcClientSecret: string;
  /** A claim of the external issuer listing the user's groups or roles (OIDC_GROUPS_CLAIM); null: no group mapping. */
  oidcGroupsClaim: string | null;
  /** Lowercase emails whose first verified sign-in creates a platform administrator (ADMIN_EMAILS). */
  adminEmails: string[];
  /** Which proxies' forwarding headers are believed (TRUST_PROXY): none (false), all (true), a hop count, or addresses / CIDR ranges. */
  trustProxy: boolean | number | string[];
  sessionSecret: string;
  sessionIdleMinutes: number;
  filesDir: string;
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string } | null;
  smtpUrl: string | null;
  sentryDsn: string | null;
  demoPassword: string | null;
  logLevel: string;
  /** External links of the side menu (Help Guide, Authentication Tools); hidden while unset. */
  links: { help_url: string | null; auth_tools_url: string | null };
  /** True when the embedded defaults are in use (PGlite + embedded issuer): the demo platform is seeded. */
  embedded: boolean;
}

export interface Db extends Queryable {
  /**
   * Runs fn in one transaction. With clientId, the transaction runs as the restricted
   * application role with app.client_id set, so row-level security confines every
   * tenant table to that client. Without it, it runs as the owner (platform scope).
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>, opts?: { clientId?: string | null }): Promise<T>;
  /** LISTEN on a channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Called each time the LISTEN connection is back after a loss. NOTIFYs sent meanwhile
   * were not heard: re-read whatever they would have announced. Returns an unsubscribe.
   */
  onListenRestored(hook: () => void): () => void;
  /** The LISTEN connection's state, for the health check and the logs. */
  listenStatus(): ListenStatus;
  close(): Promise<void>;
  /** 'pglite' or 'postgres', for logs and operations. */
  kind: 'pglite' | 'postgres';
}

/** idle: nothing listened yet; reconnecting: lost, the next attempt is scheduled. */
export type ListenStatus = 'idle' | 'connecting' | 'listening' | 'reconnecting' | 'closed';

export interface AppContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
}
