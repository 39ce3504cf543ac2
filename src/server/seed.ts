// The demo platform, seeded on the first start in embedded mode (and by tests on
// request): two clients with different feature sets, permission groups, three accounts
// that share DEMO_PASSWORD (generated when unset and printed once by main), balances and
// a few notifications. Seeding happens only while there is no client at all.
import { randomBytes } from 'node:crypto';
import type { Catalog } from '../host/catalog.ts';
import type { Tx } from '../host/server.ts';
import type { MemberRole } from '../shared/schemas/membership.ts';
import type { CoreDb } from './db/types.ts';
import { hashPassword } from './identity/index.ts';

export const DEMO_CLIENTS = { demo: 'Demo Payments Ltd', northwind: 'Northwind Crypto' } as const;
export const DEMO_USERS = { admin: 'admin@demo.local', officer: 'officer@demo.local', analyst: 'analyst@demo.local' } as const;

/**
 * Northwind's plan leaves these out, so both sides of every feature gate can be tried (demo
 * data: a feature no installed area declares is skipped).
 */
export const NORTHWIND_FEATURES_OFF: readonly string[] = ['TRANSACTION_MONITORING', 'AI_SERVICES', 'WHITE_LABEL', 'DATA_SHARING'];

/**
 * The demo's analyst may only list profiles and cases (README), so both sides of most guards
 * can be tried with the demo accounts; Northwind's reviewers read them too. Demo data: codes
 * no installed area declares are skipped.
 */
export const DEMO_ANALYST_CODES: readonly string[] = ['SEE_PROFILES_LIST', 'SEE_CM_CASES_LIST'];
const DEMO_REVIEWER_CODES: readonly string[] = ['SEE_PROFILES_LIST', 'SEE_PROFILE', 'SEE_CM_CASES_LIST', 'SEE_CM_CASES'];

export interface SeedResult {
  seeded: boolean;
  /** The demo password when this call generated it (print it once). */
  generatedPassword: string | null;
  clients: Record<keyof typeof DEMO_CLIENTS, string>;
  users: Record<keyof typeof DEMO_USERS, string>;
}

const SEED_LOCK = 7_236_102;

async function insertClient(tx: Tx, catalog: Catalog, c: { name: string; full_name: string; email: string; phone: string; balance: string }, off: readonly string[]) {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO clients (name, full_name, email, phone, balance) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [c.name, c.full_name, c.email, c.phone, c.balance],
  );
  const id = rows[0].id;
  for (const { code } of catalog.features) {
    await tx.query('INSERT INTO client_features (client_id, code, available) VALUES ($1, $2, $3)', [id, code, !off.includes(code)]);
  }
  return id;
}

async function insertGroup(tx: Tx, clientId: string, name: string, codes: readonly string[]) {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO permission_groups (client_id, name, codes) VALUES ($1, $2, $3) RETURNING id',
    [clientId, name, [...codes]],
  );
  return rows[0].id;
}

async function insertUser(tx: Tx, email: string, fullName: string, phone: string, passwordHash: string, isAdmin: boolean) {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO users (email, full_name, phone, password_hash, is_admin) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [email, fullName, phone, passwordHash, isAdmin],
  );
  return rows[0].id;
}

async function addMember(tx: Tx, userId: string, clientId: string, role: MemberRole, groupIds: string[]) {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO accounts_clients (user_id, client_id, role) VALUES ($1, $2, $3) RETURNING id',
    [userId, clientId, role],
  );
  for (const g of groupIds) {
    await tx.query(
      'INSERT INTO membership_permission_groups (account_client_id, permission_group_id, client_id) VALUES ($1, $2, $3)',
      [rows[0].id, g, clientId],
    );
  }
}

async function addNotification(tx: Tx, userId: string, clientId: string, type: string, text: string, minutesAgo: number, extra: { objType?: string; read?: boolean } = {}) {
  await tx.query(
    `INSERT INTO notifications (user_id, client_id, notification_type, payload, obj_type, is_read, read_at, created_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, CASE WHEN $6 THEN now() END, now() - make_interval(mins => $7))`,
    [userId, clientId, type, JSON.stringify({ data: { title: text } }), extra.objType ?? null, extra.read ?? false, minutesAgo],
  );
}

async function existing(db: CoreDb): Promise<SeedResult | null> {
  const clients = await db.query<{ id: string; name: string }>('SELECT id, name FROM clients WHERE name = ANY($1)', [Object.values(DEMO_CLIENTS)]);
  const users = await db.query<{ id: string; email: string }>('SELECT id, lower(email) AS email FROM users WHERE lower(email) = ANY($1)', [Object.values(DEMO_USERS)]);
  const c = (n: string) => clients.rows.find((r) => r.name === n)?.id ?? '';
  const u = (e: string) => users.rows.find((r) => r.email === e)?.id ?? '';
  return {
    seeded: false,
    generatedPassword: null,
    clients: { demo: c(DEMO_CLIENTS.demo), northwind: c(DEMO_CLIENTS.northwind) },
    users: { admin: u(DEMO_USERS.admin), officer: u(DEMO_USERS.officer), analyst: u(DEMO_USERS.analyst) },
  };
}

/**
 * Administrators hold every code and officers the officers' defaults (the areas' default
 * groups, src/host/catalog.ts); the analyst and the reviewers hold the narrow demo sets.
 */
export async function seedDemo(db: CoreDb, opts: { catalog: Catalog; password?: string | null }): Promise<SeedResult> {
  const { catalog } = opts;
  const groups = catalog.defaultGroups;
  const generatedPassword = opts.password ? null : randomBytes(12).toString('base64url');
  const password = opts.password ?? generatedPassword!;
  const passwordHash = await hashPassword(password);

  const result = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const { rows } = await tx.query('SELECT 1 FROM clients LIMIT 1');
    if (rows.length) return null;

    const demo = await insertClient(tx, catalog, {
      name: DEMO_CLIENTS.demo, full_name: 'Demo Payments Limited', email: 'compliance@demo-payments.example',
      phone: '+44 20 7946 0000', balance: '1250.00',
    }, []);
    const northwind = await insertClient(tx, catalog, {
      name: DEMO_CLIENTS.northwind, full_name: 'Northwind Crypto OÜ', email: 'aml@northwind-crypto.example',
      phone: '+372 600 0000', balance: '0',
    }, NORTHWIND_FEATURES_OFF);

    const demoAdmins = await insertGroup(tx, demo, 'Administrators', groups.owner);
    const demoOfficers = await insertGroup(tx, demo, 'Compliance officers', groups.officer);
    const declared = (codes: readonly string[]) => codes.filter((c) => catalog.isPermission(c));
    const demoAnalysts = await insertGroup(tx, demo, 'Analysts', declared(DEMO_ANALYST_CODES));
    const nwAdmins = await insertGroup(tx, northwind, 'Administrators', groups.owner);
    await insertGroup(tx, northwind, 'Reviewers', declared(DEMO_REVIEWER_CODES));

    const admin = await insertUser(tx, DEMO_USERS.admin, 'Ada Admin', '+44 20 7946 0001', passwordHash, true);
    const officer = await insertUser(tx, DEMO_USERS.officer, 'Oliver Officer', '+44 20 7946 0002', passwordHash, false);
    const analyst = await insertUser(tx, DEMO_USERS.analyst, 'Ana Analyst', '+44 20 7946 0003', passwordHash, false);

    await addMember(tx, admin, demo, 'owner', [demoAdmins]);
    await addMember(tx, admin, northwind, 'owner', [nwAdmins]);
    await addMember(tx, officer, demo, 'officer', [demoOfficers]);
    await addMember(tx, analyst, demo, 'analyst', [demoAnalysts]);

    await addNotification(tx, officer, demo, 'assignments', 'A case was assigned to you', 5);
    await addNotification(tx, officer, demo, 'case_status_changes', 'A case moved to review', 90, { objType: 'Case' });
    await addNotification(tx, officer, demo, 'checkup', 'A screening finished with possible matches', 600, { read: true });
    await addNotification(tx, admin, demo, 'system', 'Welcome to the demo platform', 30);
    await addNotification(tx, admin, northwind, 'system', 'Top up the balance to run screenings', 45);

    return {
      seeded: true,
      generatedPassword,
      clients: { demo, northwind },
      users: { admin, officer, analyst },
    } satisfies SeedResult;
  });
  return result ?? (await existing(db))!;
}
