// Tables of identity: browser sessions, the embedded issuer's storage and signing keys,
// sign-in attempts for rate limiting, and the mapping of an issuer's groups to clients'
// permission groups. All are read and written in platform scope only (identity and the
// admin API); the mappings, which belong to a client, are under row-level security like
// every table with a client_id. No foreign key to users, so sessions do not depend on the order of the
// core's migrations; the group mappings (ids sort after core/0001) follow clients and
// permission groups, and go with them.
import type { Migration } from '../../host/server.ts';
import { tenantTable } from '../db/tenant.ts';

export const identityMigrations: Migration[] = [
  {
    id: 'core/identity_0001_sessions',
    sql: `
CREATE TABLE identity_sessions (
  id uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  ws_token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL,
  csrf_token text NOT NULL,
  id_token text,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX identity_sessions_user_idx ON identity_sessions (user_id);
CREATE INDEX identity_sessions_expires_idx ON identity_sessions (expires_at);
`,
  },
  {
    id: 'core/identity_0002_oidc_storage',
    sql: `
CREATE TABLE identity_oidc_payloads (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  consumed_at timestamptz,
  expires_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX identity_oidc_payloads_grant_idx ON identity_oidc_payloads (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX identity_oidc_payloads_uid_idx ON identity_oidc_payloads (model, uid) WHERE uid IS NOT NULL;
CREATE INDEX identity_oidc_payloads_user_code_idx ON identity_oidc_payloads (model, user_code) WHERE user_code IS NOT NULL;
CREATE INDEX identity_oidc_payloads_expires_idx ON identity_oidc_payloads (expires_at) WHERE expires_at IS NOT NULL;

CREATE TABLE identity_signing_keys (
  kid text PRIMARY KEY,
  slot text NOT NULL UNIQUE,
  jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    id: 'core/identity_0003_sign_in_attempts',
    sql: `
CREATE TABLE identity_sign_in_attempts (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  ip text NOT NULL,
  succeeded boolean NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_sign_in_attempts_key_idx ON identity_sign_in_attempts (email, ip, attempted_at);
CREATE INDEX identity_sign_in_attempts_ip_idx ON identity_sign_in_attempts (ip, attempted_at);
`,
  },
  {
    id: 'core/identity_0004_group_mappings',
    sql: `
CREATE TABLE identity_group_mappings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  claim_value text NOT NULL CHECK (claim_value <> ''),
  permission_group_id uuid NOT NULL REFERENCES permission_groups (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, claim_value, permission_group_id)
);
CREATE INDEX identity_group_mappings_group_idx ON identity_group_mappings (permission_group_id);
${tenantTable('identity_group_mappings', { privileges: 'SELECT' })}
`,
  },
];
