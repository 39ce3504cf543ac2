// Upgrading in place: a database made by release 0.1.0 (its migrations, with rows in the
// tables the core kept for areas then) takes this version's migrations and keeps every
// row, in the tables the areas own now, still under tenant isolation; and released
// migrations are never edited (their SQL is pinned).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Migration } from '../../src/host/server.ts';
import { coreMigrations } from '../../src/server/db/core-schema.ts';
import { migrate, type CoreDb } from '../../src/server/db/index.ts';
import { identityMigrations } from '../../src/server/identity/index.ts';
import { ALL_PLUGINS, openTestDb } from './harness.ts';

const released = JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures/released-migrations.json'), 'utf8')) as Record<string, Record<string, string>>;
const current: Migration[] = [...coreMigrations, ...identityMigrations, ...ALL_PLUGINS.flatMap((p) => p.migrations ?? [])];
const RELEASE_0_1 = Object.keys(released['0.1.0']);

let db: CoreDb;
let close: () => Promise<void>;
const ids: Record<string, string> = {};

async function one<T = Record<string, any>>(sql: string, params: unknown[] = []): Promise<T> {
  return (await db.query<T>(sql, params)).rows[0];
}

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  // The database as release 0.1.0 left it, with data in every table that has moved since.
  await migrate(db, current.filter((m) => RELEASE_0_1.includes(m.id)));
  ids.client = (await one<{ id: string }>(`INSERT INTO clients (name) VALUES ('Old Co') RETURNING id`)).id;
  ids.other = (await one<{ id: string }>(`INSERT INTO clients (name) VALUES ('Other Co') RETURNING id`)).id;
  ids.user = (await one<{ id: string }>(`INSERT INTO users (email, full_name) VALUES ('old@example.com', 'Old Timer') RETURNING id`)).id;
  const invite = async (clientId: string, email: string, rest: { expires: string; accepted?: boolean; revoked?: boolean }) => (await one<{ id: string }>(
    `INSERT INTO invites (client_id, email, role, token_hash, invited_by, expires_at, accepted_at, revoked_at)
     VALUES ($1, $2, 'analyst', md5($2), $3, now() + $4::interval, CASE WHEN $5 THEN now() END, CASE WHEN $6 THEN now() END)
     RETURNING id`, [clientId, email, ids.user, rest.expires, rest.accepted ?? false, rest.revoked ?? false])).id;
  ids.pending = await invite(ids.client, 'pending@example.com', { expires: '3 days' });
  ids.accepted = await invite(ids.client, 'accepted@example.com', { expires: '3 days', accepted: true });
  ids.revoked = await invite(ids.client, 'revoked@example.com', { expires: '3 days', revoked: true });
  ids.expired = await invite(ids.client, 'late@example.com', { expires: '-1 day' });
  ids.otherInvite = await invite(ids.other, 'elsewhere@example.com', { expires: '1 day' });
  ids.retention = (await one<{ id: string }>(
    `INSERT INTO data_retention_configs (client_id, data_retention_approve, data_storage_period_days, created_by) VALUES ($1, true, 365, $2) RETURNING id`,
    [ids.client, ids.user])).id;
  ids.export = (await one<{ id: string }>(
    `INSERT INTO export_requests (client_id, user_id, export_template_code, execution_status) VALUES ($1, $2, 'cases_pdf', 'completed') RETURNING id`,
    [ids.client, ids.user])).id;
  ids.search = (await one<{ id: string }>(
    `INSERT INTO global_search_entries (client_id, user_id, search_query, entry_count) VALUES ($1, $2, 'Jane Doe', '{"users": 1}') RETURNING id`,
    [ids.client, ids.user])).id;
  // This version's migrations, as a server start runs them.
  await migrate(db, current);
}, 120_000);
afterAll(async () => { await close?.(); });

describe('an upgrade from release 0.1.0', () => {
  it('applies only the new migrations, each once', async () => {
    const { rows } = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(rows.map((r) => r.id).sort()).toEqual(current.map((m) => m.id).sort());
    expect(await migrate(db, current)).toEqual([]);
  });

  it('moves invitations to the client-settings area with a status from what each row said', async () => {
    const { rows } = await db.query<{ id: string; status: string }>('SELECT id, status FROM client_settings_invites');
    const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect(status).toEqual({
      [ids.pending]: 'pending', [ids.accepted]: 'accepted', [ids.revoked]: 'revoked', [ids.expired]: 'expired', [ids.otherInvite]: 'pending',
    });
    // The pending ones expire through the job queue, at their own time.
    const jobs = await db.query<{ payload: { invite_id: string } }>(`SELECT payload FROM jobs WHERE kind = 'client-settings.invite-expire'`);
    expect(jobs.rows.map((j) => j.payload.invite_id).sort()).toEqual([ids.pending, ids.otherInvite].sort());
    expect(await one(`SELECT to_regclass('invites') AS t`)).toEqual({ t: null });
  });

  it('moves retention settings, export requests and searches to their areas, rows and all', async () => {
    expect(await one('SELECT id, data_storage_period_days FROM client_settings_retention_configs')).toEqual({ id: ids.retention, data_storage_period_days: 365 });
    expect(await one('SELECT id, export_template_code FROM profiles_export_requests')).toEqual({ id: ids.export, export_template_code: 'cases_pdf' });
    expect(await one('SELECT id, search_query FROM search_entries')).toEqual({ id: ids.search, search_query: 'Jane Doe' });
    for (const old of ['data_retention_configs', 'export_requests', 'global_search_entries']) {
      expect(await one(`SELECT to_regclass($1) AS t`, [old])).toEqual({ t: null });
    }
  });

  it('keeps the moved tables under tenant isolation, with their policies and indexes renamed', async () => {
    const seen = await db.transaction(async (tx) => (await tx.query<{ id: string }>('SELECT id FROM client_settings_invites')).rows, { clientId: ids.other });
    expect(seen.map((r) => r.id)).toEqual([ids.otherInvite]);
    const policies = await db.query<{ policyname: string }>(
      `SELECT policyname FROM pg_policies WHERE tablename = 'client_settings_invites' ORDER BY policyname`);
    expect(policies.rows.map((p) => p.policyname)).toEqual(['client_settings_invites_platform', 'client_settings_invites_tenant']);
    const indexes = await db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'profiles_export_requests'`);
    expect(indexes.rows.every((i) => i.indexname.startsWith('profiles_export_requests'))).toBe(true);
  });
});

describe('released migrations', () => {
  it('are never edited: their SQL is what the release shipped', () => {
    for (const [version, pinned] of Object.entries(released)) {
      if (version === 'about') continue;
      for (const [id, sha] of Object.entries(pinned)) {
        const m = current.find((x) => x.id === id);
        expect(m, `${id} (${version}) is still shipped`).toBeDefined();
        expect(createHash('sha256').update(m!.sql).digest('hex'), `${id} (${version}) is unchanged`).toBe(sha);
      }
    }
  });
});
