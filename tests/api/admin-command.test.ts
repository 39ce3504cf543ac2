// `npm run admin -- create --email …`: the first administrator of a deployment from the
// command line, on a database nobody started yet (PGlite here, PostgreSQL under
// TEST_DATABASE_URL), idempotent, audited. The bundled command itself runs in the browser
// journeys' suite (it needs the build).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import type { Config } from '../../src/server/context.ts';
import { coreMigrations } from '../../src/server/db/core-schema.ts';
import type { CoreDb } from '../../src/server/db/index.ts';
import { runAdminCommand } from '../../src/server/identity/admin-command.ts';
import { identityMigrations, verifyPassword } from '../../src/server/identity/index.ts';
import { openTestDb } from './harness.ts';

let db: CoreDb;
let close: () => Promise<void>;
let embedded: Config;
let external: Config;
const dir = mkdtempSync(path.join(tmpdir(), 'caas-admin-'));

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  const base = { DATA_DIR: dir, SESSION_SECRET: 'admin-command-secret-0123456789abcdefgh', PUBLIC_URL: 'https://compliance.example.com' };
  embedded = loadConfig(base, dir);
  external = loadConfig({ ...base, OIDC_ISSUER: 'https://login.example.com/realms/acme', OIDC_CLIENT_ID: 'caas', OIDC_CLIENT_SECRET: 's' }, dir);
});
afterAll(async () => {
  await close?.();
  rmSync(dir, { recursive: true, force: true });
});

async function run(config: Config, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCommand(argv, {
    config, db, migrations: [...coreMigrations, ...identityMigrations], io: { out: (l) => out.push(l), err: (l) => err.push(l) },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const auditRows = async () => (await db.query<{ action: string; user_id: string | null; client_id: string | null; object_id: string; after: any }>(
  `SELECT action, user_id, client_id, object_id, after FROM audit_log WHERE object_type = 'users' ORDER BY at`)).rows;

describe('npm run admin', () => {
  it('explains itself and refuses bad usage with exit code 2', async () => {
    expect(await run(embedded)).toMatchObject({ code: 0, out: expect.stringContaining('Usage: npm run admin -- create --email') });
    expect(await run(embedded, 'delete', '--email', 'a@b.example')).toMatchObject({ code: 2, err: expect.stringContaining('Unknown command "delete"') });
    expect(await run(embedded, 'create')).toMatchObject({ code: 2, err: expect.stringContaining('--email is required') });
    expect(await run(embedded, 'create', '--email')).toMatchObject({ code: 2, err: expect.stringContaining('--email needs a value') });
    expect(await run(embedded, 'create', '--email', 'not-an-email')).toMatchObject({ code: 2, err: expect.stringContaining('must be an email address') });
    expect(await run(embedded, 'create', '--email', 'a@b.example', '--role', 'x')).toMatchObject({ code: 2, err: expect.stringContaining('Unknown option "--role"') });
  });

  it('migrates an empty database and creates the administrator, with a one-time password for the embedded issuer', async () => {
    const r = await run(embedded, 'create', '--email', 'Root@Corp.example', '--name', 'Rita Root');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Created the platform administrator Root@Corp.example.');
    const password = /Password: (\S+)/.exec(r.out)![1];
    expect(r.out).toContain('Sign in at https://compliance.example.com with Root@Corp.example and this password');
    const { rows } = await db.query<{ id: string; full_name: string; is_admin: boolean; is_active: boolean; password_hash: string }>(
      `SELECT id, full_name, is_admin, is_active, password_hash FROM users WHERE lower(email) = 'root@corp.example'`);
    expect(rows[0]).toMatchObject({ full_name: 'Rita Root', is_admin: true, is_active: true });
    expect(await verifyPassword(password, rows[0].password_hash)).toBe(true);
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', user_id: null, client_id: null, object_id: rows[0].id });
    expect(audit[0].after).toMatchObject({ email: 'Root@Corp.example', is_admin: true, created_by: 'admin command' });
    expect(JSON.stringify(audit)).not.toContain(password);
  });

  it('is idempotent: an administrator stays one and nothing is written', async () => {
    const r = await run(embedded, 'create', '--email=root@corp.example');
    expect(r).toMatchObject({ code: 0, out: 'Root@Corp.example is already a platform administrator; nothing changed.' });
    expect(r.out).not.toContain('Password');
    expect(await auditRows()).toHaveLength(1);
  });

  it('makes an existing or deactivated account an active administrator, audited', async () => {
    await db.query(`INSERT INTO users (email, full_name, is_active) VALUES ('olga@corp.example', 'Olga', false)`);
    const r = await run(external, 'create', '--email', 'OLGA@corp.example');
    expect(r.code).toBe(0);
    expect(r.out).toContain('olga@corp.example was deactivated; it is active again and a platform administrator.');
    expect(r.out).toContain('through the identity provider (https://login.example.com/realms/acme)');
    expect(r.out).not.toContain('Password');
    const { rows } = await db.query<{ is_admin: boolean; is_active: boolean; password_hash: string | null }>(
      `SELECT is_admin, is_active, password_hash FROM users WHERE email = 'olga@corp.example'`);
    expect(rows[0]).toEqual({ is_admin: true, is_active: true, password_hash: null });
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'update', after: { is_admin: true, is_active: true, updated_by: 'admin command', one_time_credentials: false },
    });
  });

  it('with an external issuer creates the account without a password', async () => {
    const r = await run(external, 'create', '--email', 'ops@corp.example');
    expect(r.out).toContain('Created the platform administrator ops@corp.example.');
    expect(r.out).not.toContain('Password');
    const { rows } = await db.query(`SELECT password_hash FROM users WHERE email = 'ops@corp.example'`);
    expect(rows[0]).toEqual({ password_hash: null });
  });
});
