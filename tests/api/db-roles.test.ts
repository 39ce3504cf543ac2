// Requests are served by a database role that is not a superuser, owns no table and
// cannot bypass row-level security; migrations run as the owner. So a tenant transaction
// that leaves its restricted role (RESET ROLE) sees no other client's rows: the policies
// bind the role it lands on. On PGlite the one superuser session is switched to
// app_runtime after the migrations; on PostgreSQL the server serves as DATABASE_URL's role
// (MIGRATION_DATABASE_URL being the owner) or as a login role it provisions itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineArea } from '../../src/host/area.ts';
import { defineServerPlugin } from '../../src/host/server.ts';
import { startServer, t, TEST_RUNTIME_ROLE, type TestServer } from './harness.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;

/** A tenant route that leaves the tenant role and reads every client's rows, as an injected statement would. */
const escapePlugin = defineServerPlugin(defineArea({ name: 'escape', title: 'Escape' }), {
  api(api) {
    api.get('/escape', { scope: 'tenant' }, async ({ tx }) => {
      const before = (await tx.query<{ u: string }>('SELECT current_user AS u')).rows[0].u;
      await tx.query('RESET ROLE');
      const after = (await tx.query<{ u: string; s: string }>('SELECT current_user AS u, session_user AS s')).rows[0];
      const count = async (table: string) => {
        try {
          return (await tx.query<{ client_id: string }>(`SELECT DISTINCT client_id FROM ${table}`)).rows.map((r) => r.client_id);
        } catch (err) {
          return `refused: ${(err as { code?: string }).code}`;
        }
      };
      return {
        before, after: after.u, session: after.s,
        groups: await count('permission_groups'), notifications: await count('notifications'), memberships: await count('accounts_clients'),
        clients: (await tx.query<{ id: string }>('SELECT id FROM clients')).rows.map((r) => r.id),
      };
    });
  },
});

async function proveNoEscape(s: TestServer) {
  const { demo, northwind } = s.seed.clients;
  // Both clients have rows of every kind read below.
  for (const table of ['permission_groups', 'notifications', 'accounts_clients']) {
    const { rows } = await s.db.query<{ n: number }>(`SELECT count(DISTINCT client_id)::int AS n FROM ${table} WHERE client_id IN ($1, $2)`, [demo, northwind]);
    expect(rows[0].n, table).toBe(2);
  }
  const admin = await s.login('admin');
  const r = await admin.get(t(demo, '/escape'));
  expect(r.status, r.text).toBe(200);
  const seen = r.body.data;
  expect(seen.before).toBe('app_tenant');
  expect(seen.after).toBe(s.app.databaseRole.name);
  expect(seen.session).toBe(s.app.databaseRole.name);
  for (const table of ['groups', 'notifications', 'memberships', 'clients']) {
    const v = seen[table];
    // Nothing of Northwind, whatever the table: no rows at all, or refused outright.
    if (Array.isArray(v)) expect(v, table).not.toContain(northwind);
    else expect(v, table).toMatch(/^refused/);
  }
}

describe('the serving role', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer({ plugins: [escapePlugin] }); });
  afterAll(async () => { await s?.close(); });

  it('is not a superuser, owns no table and cannot bypass row-level security', () => {
    expect(s.app.databaseRole).toMatchObject({
      superuser: false, bypassRls: false, ownedTables: 0, tenantMember: true,
      mode: onPostgres ? 'separate' : 'embedded', name: onPostgres ? TEST_RUNTIME_ROLE : 'app_runtime',
    });
  });

  it('RESET ROLE inside a request transaction reaches no other client', async () => {
    await proveNoEscape(s);
  });

  it('may not change the audit log or the migration record, nor switch row-level security off', async () => {
    await expect(s.db.query(`UPDATE audit_log SET action = 'x'`)).rejects.toMatchObject({ code: '42501' });
    await expect(s.db.query(`DELETE FROM schema_migrations`)).rejects.toMatchObject({ code: '42501' });
    await expect(s.db.query(`ALTER TABLE permission_groups DISABLE ROW LEVEL SECURITY`)).rejects.toMatchObject({ code: '42501' });
    await expect(s.db.query(`DROP POLICY permission_groups_tenant ON permission_groups`)).rejects.toMatchObject({ code: '42501' });
  });
});

describe.skipIf(!onPostgres)('DATABASE_URL alone, as a superuser (PostgreSQL)', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer({ plugins: [escapePlugin], databaseRoles: 'single' }); });
  afterAll(async () => { await s?.close(); });

  it('the server provisions a login role of its own and serves as it', async () => {
    const { rows } = await s.db.query<{ db: string }>('SELECT current_database() AS db');
    expect(s.app.databaseRole).toMatchObject({ mode: 'provisioned', name: `${rows[0].db}_app`, superuser: false, ownedTables: 0 });
    await proveNoEscape(s);
  });
});

describe.skipIf(!onPostgres)('MIGRATION_DATABASE_URL with a DATABASE_URL that owns the tables (PostgreSQL)', () => {
  it('refuses to start, naming the variable and the reason', async () => {
    await expect(startServer({ databaseRoles: 'owner-serves' }))
      .rejects.toThrow(/DATABASE_URL signs in as \S+, which is a superuser/);
  });
});
