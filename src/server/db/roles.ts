// Who the server is in the database. Migrations run as the owner of the tables; requests
// are served by a login role that is not a superuser, owns nothing and cannot bypass
// row-level security, so a tenant transaction that leaves its restricted role (RESET
// ROLE, a bug, an injected statement) lands on a role the policies still bind, not on
// one that sees every client. docs/operations.md, "Database roles", is the operator's view.
//
//   MIGRATION_DATABASE_URL set    migrations and grants as that role (the owner); requests
//                                 as DATABASE_URL's role, which must own nothing (checked
//                                 at start: the server refuses to serve as an owner or a
//                                 superuser).
//   DATABASE_URL alone            when its role owns the tables or is a superuser and may
//                                 create roles, the server creates (or updates) the login
//                                 role <database>_app with a password derived from
//                                 SESSION_SECRET and serves as it; otherwise it serves as
//                                 the owner and says so in its log.
//   embedded (PGlite)             one superuser session: after migrations it switches to
//                                 the role app_runtime (SET SESSION AUTHORIZATION).
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../host/server.ts';
import { TENANT_ROLE } from './tenant.ts';
import type { CoreDb } from './types.ts';

/** The serving role of the embedded database. */
export const EMBEDDED_RUNTIME_ROLE = 'app_runtime';

export type ServingMode = 'separate' | 'provisioned' | 'owner' | 'embedded';

export interface RoleFacts {
  name: string;
  superuser: boolean;
  bypassRls: boolean;
  createRole: boolean;
  /** Tables and partitioned tables of the public schema this role owns. */
  ownedTables: number;
  tenantMember: boolean;
}

export interface ServingRole extends RoleFacts {
  mode: ServingMode;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The login role of this session (session_user: what RESET ROLE returns to). */
export async function roleFacts(q: Queryable): Promise<RoleFacts> {
  const { rows } = await q.query<{ name: string; superuser: boolean; bypass: boolean; createrole: boolean; owned: number; member: boolean }>(
    `SELECT r.rolname AS name, r.rolsuper AS superuser, r.rolbypassrls AS bypass, r.rolcreaterole AS createrole,
            (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relowner = r.oid)::int AS owned,
            EXISTS (SELECT 1 FROM pg_roles t WHERE t.rolname = $1 AND pg_has_role(r.oid, t.oid, 'MEMBER')) AS member
       FROM pg_roles r WHERE r.rolname = session_user`,
    [TENANT_ROLE],
  );
  const r = rows[0];
  return { name: r.name, superuser: r.superuser, bypassRls: r.bypass, createRole: r.createrole, ownedTables: Number(r.owned), tenantMember: r.member };
}

/** Why this role must not serve requests; empty when it may. */
export function unsafeReasons(f: RoleFacts): string[] {
  const out: string[] = [];
  if (f.superuser) out.push('is a superuser (row-level security never binds it)');
  if (f.bypassRls) out.push('has BYPASSRLS');
  if (f.ownedTables > 0) out.push(`owns ${f.ownedTables} tables (an owner may switch their row-level security off)`);
  return out;
}

/**
 * What the serving role may do, granted by the owner after every migration run (so tables
 * a newer release adds are covered): read and write every table, except the audit log
 * (append-only: SELECT and INSERT) and the migration record (read only); switch to the
 * tenant role.
 */
export function runtimeGrantsSql(role: string): string {
  const r = quoteIdent(role);
  return `
GRANT USAGE ON SCHEMA public TO ${r};
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r};
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r};
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${r};
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON schema_migrations FROM ${r};
`;
}

/** Grants the tenant role to the serving role unless it has it; a clear error when the owner may not. */
async function grantTenantRole(owner: CoreDb, role: string): Promise<void> {
  const { rows } = await owner.query<{ member: boolean }>(
    `SELECT pg_has_role($1, $2, 'MEMBER') AS member`, [role, TENANT_ROLE]);
  if (rows[0]?.member) return;
  try {
    await owner.exec(`GRANT ${TENANT_ROLE} TO ${quoteIdent(role)}`);
  } catch (err) {
    throw new Error(`the role ${role} must be a member of ${TENANT_ROLE} and the migration role may not grant it `
      + `(${(err as Error).message}): as a superuser, run GRANT ${TENANT_ROLE} TO ${quoteIdent(role)}`, { cause: err });
  }
}

/** Grants everything the serving role needs, as the owner (under the migration lock). */
export async function grantRuntime(owner: CoreDb, role: string): Promise<void> {
  await owner.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [7_236_103]);
    await tx.exec(runtimeGrantsSql(role));
  });
  await grantTenantRole(owner, role);
}

/** <database>_app, in the characters a role name may hold unquoted, at most 63 bytes. */
export function provisionedRoleName(database: string): string {
  const base = database.toLowerCase().replace(/[^a-z0-9_]/g, '_').replace(/^([^a-z_])/, '_$1');
  return `${base.slice(0, 59)}_app`;
}

/** The provisioned role's password: the same on every copy (they share SESSION_SECRET), never stored. */
export function provisionedPassword(sessionSecret: string, role: string): string {
  return createHmac('sha256', sessionSecret).update(`database-runtime-role:${role}`).digest('base64url');
}

/**
 * A SCRAM-SHA-256 verifier of the password (RFC 5803, as PostgreSQL stores it), so the
 * statement that sets it carries no password a statement log could keep.
 */
export function scramVerifier(password: string, iterations = 4096): string {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/** Creates or updates the provisioned login role (no superuser, no ownership, no BYPASSRLS) and grants it what it needs. */
export async function provisionRuntimeRole(owner: CoreDb, role: string, password: string): Promise<void> {
  const verifier = scramVerifier(password);
  if (!/^[A-Za-z0-9+/=:$-]+$/.test(verifier)) throw new Error('unexpected characters in the password verifier');
  const r = quoteIdent(role);
  const attrs = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT PASSWORD '${verifier}'`;
  await owner.transaction(async (tx) => {
    // Roles belong to the cluster: copies starting together create it once.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [7_236_103]);
    const { rows } = await tx.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
    await tx.exec(rows.length ? `ALTER ROLE ${r} ${attrs}` : `CREATE ROLE ${r} ${attrs}`);
  });
  await grantRuntime(owner, role);
}

/** The embedded database: one superuser session, switched to a role that owns nothing. */
export async function useEmbeddedRuntimeRole(db: CoreDb): Promise<void> {
  const r = quoteIdent(EMBEDDED_RUNTIME_ROLE);
  await db.exec(`
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${EMBEDDED_RUNTIME_ROLE}') THEN
    CREATE ROLE ${r} NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  END IF;
END
$$;
${runtimeGrantsSql(EMBEDDED_RUNTIME_ROLE)}
GRANT ${TENANT_ROLE} TO ${r};
SET SESSION AUTHORIZATION ${r};
`);
}

/** One line for the start log. */
export function describeServing(role: ServingRole, log: FastifyBaseLogger): void {
  const reasons = unsafeReasons(role);
  if (!reasons.length) {
    log.info({ role: role.name, mode: role.mode }, `database: serving requests as ${role.name}, which owns nothing and is bound by row-level security`);
    return;
  }
  log.warn({ role: role.name, mode: role.mode, reasons },
    `database: serving requests as ${role.name}, which ${reasons.join(' and ')}; set MIGRATION_DATABASE_URL to the owner and DATABASE_URL to a role that owns nothing (docs/operations.md, Database roles)`);
}
