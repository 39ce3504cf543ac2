// The administration area's tables. The balance ledger is tenant data (a client may read
// its own history), written by administrators on the platform scope; it is append-only.
import { tenantTable, type Migration } from '../../../src/host/server.ts';

export const administrationMigrations: Migration[] = [
  {
    id: 'administration/0001_balance_ledger',
    sql: `
CREATE TABLE administration_balance_ledger (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('top_up', 'set')),
  amount numeric(14, 2) NOT NULL,
  balance_before numeric(14, 2) NOT NULL,
  balance_after numeric(14, 2) NOT NULL CHECK (balance_after >= 0),
  note text,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX administration_balance_ledger_client_idx ON administration_balance_ledger (client_id, created_at DESC, id DESC);
${tenantTable('administration_balance_ledger', { privileges: 'SELECT, INSERT' })}
`,
  },
];
