// `npm run admin -- create --email … [--name …]`: makes a platform administrator from the
// command line, on the configured database (PGlite in DATA_DIR or DATABASE_URL), for a
// deployment that has nobody yet. Idempotent: an administrator stays one ("nothing
// changed"); a user or a deactivated account becomes an active administrator. Every change
// is in the audit log. With the embedded issuer a one-time password is generated and
// printed (the account has none yet); with an external issuer the person signs in there.
import { randomBytes } from 'node:crypto';
import type { Migration } from '../../host/server.ts';
import { writeAudit } from '../audit.ts';
import type { Config } from '../context.ts';
import { migrate, type CoreDb } from '../db/index.ts';
import { hashPassword } from './passwords.ts';

export const ADMIN_USAGE = [
  'Usage: npm run admin -- create --email <address> [--name "<full name>"]',
  '  Creates a platform administrator (or makes an existing account one) on the configured database.',
].join('\n');

const EMAIL = /^[^\s@,;]+@[^\s@,;]+$/;

export interface AdminCommandIo {
  out(line: string): void;
  err(line: string): void;
}

function parse(argv: string[]): { command: string; email: string; name: string | null } | string {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h') return ADMIN_USAGE;
  if (command !== 'create') return `Unknown command "${command}".\n${ADMIN_USAGE}`;
  let email: string | null = null;
  let name: string | null = null;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const [flag, inline] = arg.split(/=(.*)/s, 2);
    if (flag !== '--email' && flag !== '--name') return `Unknown option "${arg}".\n${ADMIN_USAGE}`;
    const value = inline ?? rest[++i];
    if (value === undefined || value.startsWith('--')) return `${flag} needs a value.\n${ADMIN_USAGE}`;
    if (flag === '--email') email = value.trim();
    else name = value.trim();
  }
  if (!email) return `--email is required.\n${ADMIN_USAGE}`;
  if (!EMAIL.test(email) || email.length > 320) return `--email must be an email address (got "${email}").`;
  if (name !== null && (name.length === 0 || name.length > 200)) return '--name must be 1 to 200 characters.';
  return { command, email, name };
}

/** Runs the command; returns the process exit code (0 done or nothing to do, 1 failed, 2 bad usage). */
export async function runAdminCommand(
  argv: string[], deps: { config: Config; db: CoreDb; migrations: Migration[]; io: AdminCommandIo },
): Promise<number> {
  const { config, db, io } = deps;
  const args = parse(argv);
  if (typeof args === 'string') {
    (args === ADMIN_USAGE ? io.out : io.err)(args);
    return args === ADMIN_USAGE ? 0 : 2;
  }
  // A database nobody started yet is brought to the current schema first, as the server would.
  await migrate(db, deps.migrations);
  const embedded = config.oidcIssuer === null;
  const password = embedded ? randomBytes(12).toString('base64url') : null;
  const passwordHash = password ? await hashPassword(password) : null;

  const outcome = await db.transaction(async (tx) => {
    const found = await tx.query<{ id: string; email: string; full_name: string; is_admin: boolean; is_active: boolean; has_password: boolean }>(
      `SELECT id, email, full_name, is_admin, is_active, password_hash IS NOT NULL AS has_password
         FROM users WHERE lower(email) = lower($1) FOR UPDATE`, [args.email]);
    const user = found.rows[0];
    const trail = { clientId: null, objectType: 'users', requestId: 'admin-command' };
    if (!user) {
      const { rows } = await tx.query<{ id: string }>(
        'INSERT INTO users (email, full_name, is_admin, password_hash) VALUES ($1, $2, true, $3) RETURNING id',
        [args.email, args.name ?? '', passwordHash]);
      await writeAudit(tx, {
        ...trail, userId: null, action: 'create', objectId: rows[0].id, before: null,
        after: { email: args.email, full_name: args.name ?? '', is_admin: true, created_by: 'admin command' },
      });
      return { kind: 'created' as const, email: args.email, newPassword: !!passwordHash };
    }
    // The embedded issuer needs a password to sign in; an account without one gets one.
    const setPassword = embedded && !user.has_password;
    if (user.is_admin && user.is_active && !setPassword && (args.name === null || args.name === user.full_name)) {
      return { kind: 'unchanged' as const, email: user.email, newPassword: false };
    }
    await tx.query(
      `UPDATE users SET is_admin = true, is_active = true, full_name = COALESCE($2, full_name),
              password_hash = CASE WHEN $3::boolean THEN $4 ELSE password_hash END, updated_at = now() WHERE id = $1`,
      [user.id, args.name, setPassword, passwordHash]);
    await writeAudit(tx, {
      ...trail, userId: null, action: 'update', objectId: user.id,
      before: { is_admin: user.is_admin, is_active: user.is_active, full_name: user.full_name },
      after: { is_admin: true, is_active: true, full_name: args.name ?? user.full_name, updated_by: 'admin command', one_time_credentials: setPassword },
    });
    return { kind: user.is_admin ? 'renamed' as const : user.is_active ? 'promoted' as const : 'restored' as const, email: user.email, newPassword: setPassword };
  });

  switch (outcome.kind) {
    case 'created': io.out(`Created the platform administrator ${outcome.email}.`); break;
    case 'unchanged': io.out(`${outcome.email} is already a platform administrator; nothing changed.`); break;
    case 'renamed': io.out(`${outcome.email} is a platform administrator; the account was updated.`); break;
    case 'promoted': io.out(`${outcome.email} had an account; it is now a platform administrator.`); break;
    case 'restored': io.out(`${outcome.email} was deactivated; it is active again and a platform administrator.`); break;
  }
  if (outcome.newPassword) {
    io.out(`Password: ${password}`);
    io.out(`Sign in at ${config.publicUrl} with ${outcome.email} and this password (shown once).`);
  } else if (!embedded) {
    io.out(`Sign in at ${config.publicUrl} with ${outcome.email} through the identity provider (${config.oidcIssuer}).`);
  }
  return 0;
}
