// Migrations and row-level security, straight on the database (PGlite here, PostgreSQL
// when TEST_DATABASE_URL is set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreMigrations } from '../../src/server/db/core-schema.ts';
import { migrate, orderMigrations, type CoreDb } from '../../src/server/db/index.ts';
import { identityMigrations } from '../../src/server/identity/index.ts';
import { seedDemo, type SeedResult } from '../../src/server/seed.ts';
import { probePlugin } from './fixtures/probe-plugin.ts';
import { CATALOG, openTestDb } from './harness.ts';

const all = [...coreMigrations, ...identityMigrations, ...probePlugin.migrations!];

let db: CoreDb;
let close: () => Promise<void>;
let seed: SeedResult;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  // Two copies starting at once: the advisory lock lets each migration run exactly once.
  const [a, b] = await Promise.all([migrate(db, all), migrate(db, all)]);
  expect([...a, ...b].sort()).toEqual(all.map((m) => m.id).sort());
  seed = await seedDemo(db, { catalog: CATALOG, password: 'demo-password-for-tests' });
});
afterAll(async () => { await close?.(); });

describe('migrations', () => {
  it('are recorded once each and a second run applies nothing', async () => {
    const { rows } = await db.query<{ id: string; n: number }>('SELECT id, count(*)::int AS n FROM schema_migrations GROUP BY id');
    expect(rows.map((r) => r.id).sort()).toEqual(all.map((m) => m.id).sort());
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(await migrate(db, all)).toEqual([]);
  });

  it('run the core first, then plugins, each in id order, and refuse duplicate ids', () => {
    const order = orderMigrations([
      { id: 'administration/0001_x', sql: '' }, { id: 'core/0002_b', sql: '' }, { id: 'builders/0001_y', sql: '' },
      { id: 'core/identity_0001_s', sql: '' }, { id: 'core/0001_a', sql: '' },
    ]).map((m) => m.id);
    expect(order).toEqual(['core/0001_a', 'core/0002_b', 'core/identity_0001_s', 'administration/0001_x', 'builders/0001_y']);
    expect(() => orderMigrations([{ id: 'a/1', sql: '' }, { id: 'a/1', sql: '' }])).toThrow(/duplicate migration id a\/1/);
  });

  it('a failing migration names itself and is not recorded', async () => {
    const broken = { id: 'zzz/0001_broken', sql: 'CREATE TABLE zzz_ok (id int); SELECT * FROM no_such_table;' };
    await expect(migrate(db, [...all, broken])).rejects.toThrow(/migration zzz\/0001_broken failed/);
    const { rows } = await db.query(`SELECT 1 FROM schema_migrations WHERE id = 'zzz/0001_broken'`);
    expect(rows).toHaveLength(0);
    const t = await db.query(`SELECT to_regclass('zzz_ok') AS t`);
    expect(t.rows[0].t).toBeNull();
  });
});

describe('rules the database keeps by itself', () => {
  // Handlers check these first to answer with a precise message; the database holds them
  // when two requests race past those checks.
  it('refuses a second client with the same name in any case, and a negative balance', async () => {
    await expect(db.query(`INSERT INTO clients (name) VALUES ('DEMO payments ltd')`)).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('UPDATE clients SET balance = -0.01 WHERE id = $1', [seed.clients.demo])).rejects.toMatchObject({ code: '23514' });
    const { rows } = await db.query<{ balance: string }>('SELECT balance::text AS balance FROM clients WHERE id = $1', [seed.clients.demo]);
    expect(Number(rows[0].balance)).toBeGreaterThanOrEqual(0);
  });
});

describe('row-level security', () => {
  it('is enabled and forced on every table with a client_id, plugin tables included', async () => {
    const { rows } = await db.query<{ table: string; rls: boolean; forced: boolean }>(`
      SELECT c.relname AS table, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r'
         AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'client_id' AND NOT a.attisdropped)`);
    expect(rows.map((r) => r.table)).toEqual(expect.arrayContaining(['notifications', 'tab_registries', 'audit_log', 'probe_items', 'accounts_clients']));
    for (const r of rows) expect({ table: r.table, rls: r.rls, forced: r.forced }).toEqual({ table: r.table, rls: true, forced: true });
  });

  it('a tenant query without WHERE sees only its client', async () => {
    const { demo, northwind } = seed.clients;
    await db.query(`INSERT INTO probe_items (client_id, name) VALUES ($1, 'demo item'), ($2, 'northwind item')`, [demo, northwind]);
    const seen = await db.transaction(async (tx) => ({
      role: (await tx.query<{ r: string }>('SELECT current_user AS r')).rows[0].r,
      items: (await tx.query<{ name: string }>('SELECT name FROM probe_items')).rows.map((r) => r.name),
      clients: (await tx.query<{ name: string }>('SELECT name FROM clients')).rows.map((r) => r.name),
      notifications: (await tx.query<{ client_id: string }>('SELECT client_id FROM notifications')).rows.map((r) => r.client_id),
      groups: (await tx.query<{ client_id: string }>('SELECT client_id FROM permission_groups')).rows.map((r) => r.client_id),
      users: (await tx.query<{ email: string }>('SELECT email FROM users ORDER BY email')).rows.map((r) => r.email),
    }), { clientId: northwind });
    expect(seen.role).toBe('app_tenant');
    expect(seen.items).toEqual(['northwind item']);
    expect(seen.clients).toEqual(['Northwind Crypto']);
    expect(seen.notifications.length).toBeGreaterThan(0);
    expect(new Set(seen.notifications)).toEqual(new Set([northwind]));
    expect(new Set(seen.groups)).toEqual(new Set([northwind]));
    // Users span clients: only Northwind's members are visible.
    expect(seen.users).toEqual(['admin@demo.local']);
    // Platform scope (no client) still sees both.
    const platform = await db.query('SELECT name FROM probe_items');
    expect(platform.rows).toHaveLength(2);
  });

  it('refuses to write a row for another client, and updates never reach one', async () => {
    const { demo, northwind } = seed.clients;
    await expect(db.transaction((tx) => tx.query(`INSERT INTO probe_items (client_id, name) VALUES ($1, 'smuggled')`, [demo]), { clientId: northwind }))
      .rejects.toThrow(/row-level security/);
    const changed = await db.transaction((tx) => tx.query(`UPDATE probe_items SET name = 'renamed'`), { clientId: northwind });
    expect(changed.rowCount).toBe(1);
    const { rows } = await db.query<{ name: string }>('SELECT name FROM probe_items WHERE client_id = $1', [demo]);
    expect(rows[0].name).toBe('demo item');
    const moved = db.transaction((tx) => tx.query(`UPDATE probe_items SET client_id = $1`, [demo]), { clientId: northwind });
    await expect(moved).rejects.toThrow(/row-level security/);
  });

  it('keeps the audit log append-only, for the app and the owner alike', async () => {
    const { demo } = seed.clients;
    await db.transaction((tx) => tx.query(`INSERT INTO audit_log (client_id, action, object_type) VALUES ($1, 'create', 'probe')`, [demo]), { clientId: demo });
    await expect(db.transaction((tx) => tx.query(`UPDATE audit_log SET action = 'x'`), { clientId: demo })).rejects.toThrow(/permission denied|append-only/);
    await expect(db.transaction((tx) => tx.query(`DELETE FROM audit_log`), { clientId: demo })).rejects.toThrow(/permission denied|append-only/);
    await expect(db.query(`UPDATE audit_log SET action = 'x'`)).rejects.toThrow(/append-only/);
    await expect(db.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
    await expect(db.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
    const { rows } = await db.query(`SELECT action FROM audit_log WHERE object_type = 'probe'`);
    expect(rows).toEqual([{ action: 'create' }]);
  });

  it('a tenant transaction with no client set sees nothing rather than everything', async () => {
    // The role switch without app.client_id (a bug in a caller) must fail closed.
    const rows = await db.transaction(async (tx) => {
      await tx.query('SET LOCAL ROLE app_tenant');
      return (await tx.query('SELECT * FROM probe_items')).rows;
    });
    expect(rows).toEqual([]);
  });
});
