// The area's schema. It works on the core's tables (accounts_clients, permission_groups,
// membership_permission_groups, invites, data_retention_configs) and adds only what they
// lack: the revocation and resend state of invites, and a way for tenant transactions to
// read a member's last sign-in without seeing the identity tables.
import type { Migration } from '../../../src/host/server.ts';
import { TENANT_ROLE } from '../../../src/server/db/tenant.ts';

export const clientSettingsMigrations: Migration[] = [
  {
    id: 'client-settings/0001_invite_state',
    sql: `
ALTER TABLE invites ADD COLUMN IF NOT EXISTS revoked_at timestamptz;
ALTER TABLE invites ADD COLUMN IF NOT EXISTS revoked_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE invites ADD COLUMN IF NOT EXISTS accepted_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE invites ADD COLUMN IF NOT EXISTS last_sent_at timestamptz;
ALTER TABLE invites ADD COLUMN IF NOT EXISTS send_count integer NOT NULL DEFAULT 1;
CREATE INDEX IF NOT EXISTS invites_client_email_idx ON invites (client_id, lower(email));
`,
  },
  {
    id: 'client-settings/0002_last_sign_in',
    // identity_sessions is platform data the tenant role cannot read; this function
    // answers one fact about one user and nothing else. Sessions are purged a day after
    // they expire, so the answer is "if known".
    sql: `
CREATE FUNCTION client_settings_last_sign_in(member uuid) RETURNS timestamptz
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT max(created_at) FROM identity_sessions WHERE user_id = member $$;
REVOKE ALL ON FUNCTION client_settings_last_sign_in(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION client_settings_last_sign_in(uuid) TO ${TENANT_ROLE};
`,
  },
];
