// Row-level security for tenant tables. Tenant transactions switch to the restricted role
// (SET LOCAL ROLE app_tenant) with app.client_id set, so a query that forgets its WHERE
// still sees only its client; the owner role is subject to the policies too (FORCE) and
// sees every row only while no client is set (platform scope).
export const TENANT_ROLE = 'app_tenant';

/** The current client of a tenant transaction; NULL (never an error) when unset. */
export const CURRENT_CLIENT_SQL = `nullif(current_setting('app.client_id', true), '')::uuid`;

/** True outside tenant transactions: the owner role with no client selected. */
export const PLATFORM_SCOPE_SQL = `(current_user <> '${TENANT_ROLE}' AND coalesce(current_setting('app.client_id', true), '') = '')`;

export interface TenantTableOptions {
  /** The column holding the client id; 'client_id' unless the table is clients itself. */
  column?: string;
  /** What the tenant role may do; append-only tables grant 'SELECT, INSERT'. */
  privileges?: string;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;

/**
 * SQL that puts a table under tenant isolation; append it to the migration that creates
 * the table. Plugin migrations use it for each of their tables that has a client_id.
 */
export function tenantTable(table: string, opts: TenantTableOptions = {}): string {
  const column = opts.column ?? 'client_id';
  const privileges = opts.privileges ?? 'SELECT, INSERT, UPDATE, DELETE';
  if (!IDENT.test(table) || !IDENT.test(column)) throw new Error(`tenantTable: bad identifier ${table}.${column}`);
  if (!/^[A-Z, ]+$/.test(privileges)) throw new Error(`tenantTable: bad privileges ${privileges}`);
  return `
ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;
CREATE POLICY ${table}_tenant ON ${table} TO ${TENANT_ROLE}
  USING (${column} = ${CURRENT_CLIENT_SQL}) WITH CHECK (${column} = ${CURRENT_CLIENT_SQL});
CREATE POLICY ${table}_platform ON ${table}
  USING ${PLATFORM_SCOPE_SQL} WITH CHECK ${PLATFORM_SCOPE_SQL};
GRANT ${privileges} ON ${table} TO ${TENANT_ROLE};
`;
}

/** The name the plugin contract (src/host/server.ts) uses for the same generator. */
export const enableTenantRls = tenantTable;

/** Creates the restricted role once per cluster (roles are not per database) and lets the owner switch to it. */
export const TENANT_ROLE_SQL = `
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${TENANT_ROLE}') THEN
    CREATE ROLE ${TENANT_ROLE} NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another database on the same cluster created it at the same moment
END
$$;
GRANT ${TENANT_ROLE} TO CURRENT_USER;
GRANT USAGE ON SCHEMA public TO ${TENANT_ROLE};
`;

/**
 * SQL that moves a released table to a new name with its data: the table, and the indexes,
 * constraints and row-level security policies named after it (an area taking over a table
 * the core created, or renaming one). Grants follow the table.
 */
export function moveTableSql(from: string, to: string): string {
  if (!IDENT.test(from) || !IDENT.test(to)) throw new Error(`moveTableSql: bad identifier ${from} → ${to}`);
  const rename = (kind: string) => `format('${kind}', r.name, '${to}' || substr(r.name, ${from.length + 1}))`;
  return `
ALTER TABLE ${from} RENAME TO ${to};
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT conname AS name FROM pg_constraint WHERE conrelid = '${to}'::regclass AND conname LIKE '${from}\\_%' LOOP
    EXECUTE ${rename(`ALTER TABLE ${to} RENAME CONSTRAINT %I TO %I`)};
  END LOOP;
  FOR r IN SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = '${to}' AND indexname LIKE '${from}\\_%' LOOP
    EXECUTE ${rename('ALTER INDEX %I RENAME TO %I')};
  END LOOP;
  FOR r IN SELECT policyname AS name FROM pg_policies WHERE schemaname = current_schema() AND tablename = '${to}' AND policyname LIKE '${from}\\_%' LOOP
    EXECUTE ${rename(`ALTER POLICY %I ON ${to} RENAME TO %I`)};
  END LOOP;
END
$$;
`;
}
