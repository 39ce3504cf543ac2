// The core tables. Ids are uuids (no sequences to grant); every table with a client_id
// is under tenant isolation (tenantTable). Indexes follow the lists that read them:
// long lists (audit log, notifications) get (…, created_at DESC, id DESC) for keyset
// paging and a stable order.
import type { Migration } from '../../host/server.ts';
import { CURRENT_CLIENT_SQL, PLATFORM_SCOPE_SQL, TENANT_ROLE, TENANT_ROLE_SQL, tenantTable } from './tenant.ts';

import { MEMBER_ROLES } from '../../shared/schemas/membership.ts';

const roles = MEMBER_ROLES.map((r) => `'${r}'`).join(', ');

const tenancy = `
${TENANT_ROLE_SQL}

CREATE TABLE clients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  full_name text NOT NULL DEFAULT '',
  email text,
  phone text,
  balance numeric(14, 2) NOT NULL DEFAULT 0 CHECK (balance >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Handlers check both rules first to answer with a precise message; these hold under races.
CREATE UNIQUE INDEX clients_name_key ON clients (lower(name));
CREATE INDEX clients_created_idx ON clients (created_at DESC, id DESC);
${tenantTable('clients', { column: 'id', privileges: 'SELECT, UPDATE' })}

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (email <> ''),
  full_name text NOT NULL DEFAULT '',
  phone text,
  password_hash text,
  is_admin boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  preferences jsonb NOT NULL DEFAULT '{}',
  -- Set by identity when a sign-in completes (the callback), not by every session.
  last_sign_in_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_full_name_idx ON users (lower(full_name));
CREATE INDEX users_created_idx ON users (created_at DESC, id DESC);

CREATE TABLE accounts_clients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN (${roles})),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, user_id)
);
CREATE INDEX accounts_clients_user_idx ON accounts_clients (user_id);
CREATE INDEX accounts_clients_client_created_idx ON accounts_clients (client_id, created_at DESC, id DESC);
${tenantTable('accounts_clients')}

-- Users span clients: inside a tenant transaction only the client's members are visible.
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
ALTER TABLE users FORCE ROW LEVEL SECURITY;
CREATE POLICY users_tenant ON users TO ${TENANT_ROLE} USING (EXISTS (
  SELECT 1 FROM accounts_clients ac WHERE ac.user_id = users.id AND ac.client_id = ${CURRENT_CLIENT_SQL}
));
CREATE POLICY users_platform ON users USING ${PLATFORM_SCOPE_SQL} WITH CHECK ${PLATFORM_SCOPE_SQL};
GRANT SELECT ON users TO ${TENANT_ROLE};

CREATE TABLE permission_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name <> ''),
  codes text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX permission_groups_name_key ON permission_groups (client_id, lower(name));
${tenantTable('permission_groups')}

CREATE TABLE membership_permission_groups (
  account_client_id uuid NOT NULL REFERENCES accounts_clients (id) ON DELETE CASCADE,
  permission_group_id uuid NOT NULL REFERENCES permission_groups (id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  PRIMARY KEY (account_client_id, permission_group_id)
);
CREATE INDEX membership_permission_groups_group_idx ON membership_permission_groups (permission_group_id);
${tenantTable('membership_permission_groups')}

CREATE TABLE client_features (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  code text NOT NULL,
  available boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, code)
);
${tenantTable('client_features', { privileges: 'SELECT' })}

CREATE TABLE invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN (${roles})),
  permission_group_ids uuid[] NOT NULL DEFAULT '{}',
  token_hash text NOT NULL UNIQUE,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  revoked_at timestamptz,
  revoked_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- A resend replaces token_hash and expires_at; these count the mails sent.
  last_sent_at timestamptz NOT NULL DEFAULT now(),
  send_count integer NOT NULL DEFAULT 1 CHECK (send_count > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (accepted_at IS NULL OR revoked_at IS NULL)
);
CREATE INDEX invites_client_created_idx ON invites (client_id, created_at DESC, id DESC);
CREATE INDEX invites_client_email_idx ON invites (client_id, lower(email));
${tenantTable('invites')}
`;

const audit = `
-- Append-only: no foreign keys (the trail outlives what it describes), no UPDATE or DELETE
-- for anyone (a trigger, which binds superusers too), INSERT and SELECT for the app.
CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  user_id uuid,
  client_id uuid,
  action text NOT NULL,
  object_type text NOT NULL,
  object_id text,
  before jsonb,
  after jsonb,
  request_id text
);
CREATE INDEX audit_log_client_at_idx ON audit_log (client_id, at DESC, id DESC);
CREATE INDEX audit_log_object_idx ON audit_log (object_type, object_id, at DESC);
CREATE INDEX audit_log_user_at_idx ON audit_log (user_id, at DESC, id DESC);
CREATE INDEX audit_log_request_idx ON audit_log (request_id);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
${tenantTable('audit_log', { privileges: 'SELECT, INSERT' })}
`;

const shell = `
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  notification_type text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  obj_id text,
  obj_type text,
  is_read boolean NOT NULL DEFAULT false,
  read_at timestamptz,
  pinned boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX notifications_user_created_idx ON notifications (user_id, pinned DESC, created_at DESC, id DESC);
CREATE INDEX notifications_user_client_created_idx ON notifications (user_id, client_id, pinned DESC, created_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id, client_id) WHERE NOT is_read;
${tenantTable('notifications')}

CREATE TABLE tab_registries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  registry_type text NOT NULL,
  name text NOT NULL,
  favorite boolean NOT NULL DEFAULT false,
  meta jsonb,
  filters jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tab_registries_owner_idx ON tab_registries (client_id, user_id, registry_type, created_at DESC, id DESC);
CREATE UNIQUE INDEX tab_registries_name_key ON tab_registries (client_id, user_id, registry_type, lower(name));
${tenantTable('tab_registries')}

CREATE TABLE data_retention_configs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  data_retention_approve boolean NOT NULL,
  data_storage_period_days integer CHECK (data_storage_period_days > 0),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX data_retention_configs_client_idx ON data_retention_configs (client_id, created_at DESC, id DESC);
${tenantTable('data_retention_configs')}

CREATE TABLE files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  storage_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  content_type text NOT NULL,
  byte_size bigint NOT NULL CHECK (byte_size >= 0),
  sha256 text NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX files_client_created_idx ON files (client_id, created_at DESC, id DESC);
${tenantTable('files')}

CREATE TABLE export_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  export_template_id uuid,
  export_template_code text,
  filters jsonb,
  meta jsonb,
  execution_status text NOT NULL DEFAULT 'pending'
    CHECK (execution_status IN ('pending', 'in_progress', 'completed', 'failed')),
  uploaded_document_id uuid REFERENCES files (id) ON DELETE SET NULL,
  downloaded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX export_requests_owner_idx ON export_requests (client_id, user_id, created_at DESC, id DESC);
CREATE INDEX export_requests_not_downloaded_idx ON export_requests (client_id, user_id) WHERE downloaded_at IS NULL;
${tenantTable('export_requests')}

CREATE TABLE global_search_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  search_query text NOT NULL,
  entry_count jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX global_search_entries_client_idx ON global_search_entries (client_id, created_at DESC, id DESC);
CREATE INDEX global_search_entries_user_idx ON global_search_entries (client_id, user_id, created_at DESC, id DESC);
${tenantTable('global_search_entries', { privileges: 'SELECT, INSERT' })}
`;

const queues = `
-- Mail is written here in the same transaction as the change that causes it; the
-- mail.deliver job sends it when SMTP is configured.
CREATE TABLE outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid REFERENCES clients (id) ON DELETE SET NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'not_sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  sent_at timestamptz
);
CREATE INDEX outbox_status_idx ON outbox (status, created_at);
${tenantTable('outbox', { privileges: 'SELECT, INSERT, UPDATE' })}

CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  client_id uuid REFERENCES clients (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts > 0),
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  locked_by text,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  finished_at timestamptz
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'queued';
CREATE INDEX jobs_leases_idx ON jobs (locked_until) WHERE status = 'running';
CREATE INDEX jobs_kind_idx ON jobs (kind, created_at DESC);
${tenantTable('jobs', { privileges: 'SELECT, INSERT' })}
`;

// A NOTIFY on MEMBERSHIP_CHANNEL whenever a membership starts, ends or changes hands, or
// a user is (de)activated, whoever made the change (any area's handler, an operator's
// SQL, a cascade): every server copy re-checks the realtime subscriptions of that user.
export const MEMBERSHIP_CHANNEL = 'membership';

const membershipNotify = `
CREATE FUNCTION notify_membership_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF NEW.is_active IS DISTINCT FROM OLD.is_active THEN
      PERFORM pg_notify('${MEMBERSHIP_CHANNEL}', json_build_object('user_id', NEW.id)::text);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'DELETE' OR NEW.is_active IS DISTINCT FROM OLD.is_active
       OR NEW.user_id <> OLD.user_id OR NEW.client_id <> OLD.client_id THEN
      PERFORM pg_notify('${MEMBERSHIP_CHANNEL}', json_build_object('user_id', OLD.user_id, 'client_id', OLD.client_id)::text);
    END IF;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.user_id <> OLD.user_id OR NEW.client_id <> OLD.client_id)) THEN
    PERFORM pg_notify('${MEMBERSHIP_CHANNEL}', json_build_object('user_id', NEW.user_id, 'client_id', NEW.client_id)::text);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER accounts_clients_membership_notify AFTER INSERT OR UPDATE OR DELETE ON accounts_clients
  FOR EACH ROW EXECUTE FUNCTION notify_membership_change();
CREATE TRIGGER users_active_notify AFTER UPDATE OF is_active ON users
  FOR EACH ROW EXECUTE FUNCTION notify_membership_change();
`;

export const coreMigrations: Migration[] = [
  { id: 'core/0001_tenancy', sql: tenancy },
  { id: 'core/0002_audit_log', sql: audit },
  { id: 'core/0003_shell', sql: shell },
  { id: 'core/0004_queues', sql: queues },
  { id: 'core/0006_membership_notify', sql: membershipNotify },
];
