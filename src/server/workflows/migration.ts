// The workflow tables (core/0005_workflows). All four are tenant tables under row-level
// security. Versions are immutable (a trigger refuses changing a saved definition);
// transitions are append-only for the application role; (instance_id, seq) is unique, so two
// runners can never both record the same step of an instance.
import type { Migration } from '../../host/server.ts';
import { tenantTable } from '../db/tenant.ts';

const sql = `
CREATE TABLE workflow_definitions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  key text NOT NULL CHECK (key ~ '^[a-z][a-z0-9_-]{0,63}$'),
  name text NOT NULL CHECK (name <> ''),
  latest_version integer NOT NULL DEFAULT 0,
  published_version integer,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (client_id, key),
  CHECK (published_version IS NULL OR (published_version >= 1 AND published_version <= latest_version))
);
CREATE INDEX workflow_definitions_client_created_idx ON workflow_definitions (client_id, created_at DESC, id DESC);
${tenantTable('workflow_definitions')}

CREATE TABLE workflow_definition_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  definition_id uuid NOT NULL REFERENCES workflow_definitions (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  definition jsonb NOT NULL,
  -- What the runner reads: transitions normalised, retry policies resolved, the events each
  -- state's step reports (refused from outside).
  compiled jsonb NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  published_at timestamptz,
  UNIQUE (definition_id, version)
);
CREATE INDEX workflow_definition_versions_client_idx ON workflow_definition_versions (client_id, definition_id, version DESC);

CREATE FUNCTION workflow_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.definition IS DISTINCT FROM OLD.definition OR NEW.compiled IS DISTINCT FROM OLD.compiled
     OR NEW.version <> OLD.version OR NEW.definition_id <> OLD.definition_id THEN
    RAISE EXCEPTION 'a saved workflow version cannot change; save a new version' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER workflow_versions_no_change BEFORE UPDATE ON workflow_definition_versions
  FOR EACH ROW EXECUTE FUNCTION workflow_versions_immutable();
${tenantTable('workflow_definition_versions', { privileges: 'SELECT, INSERT, UPDATE' })}

CREATE TABLE workflow_instances (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  definition_id uuid NOT NULL REFERENCES workflow_definitions (id) ON DELETE CASCADE,
  version_id uuid NOT NULL REFERENCES workflow_definition_versions (id) ON DELETE CASCADE,
  definition_key text NOT NULL,
  version integer NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'waiting', 'completed', 'failed', 'cancelled')),
  state text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}',
  -- The seq of the last recorded transition: a step's result commits only if it still holds.
  seq integer NOT NULL DEFAULT 0,
  -- Runs of the current state's step so far (a run cut short by a crash counts).
  step_attempts integer NOT NULL DEFAULT 0,
  last_error text,
  started_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  state_entered_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  finished_at timestamptz
);
CREATE INDEX workflow_instances_client_created_idx ON workflow_instances (client_id, created_at DESC, id DESC);
CREATE INDEX workflow_instances_client_key_idx ON workflow_instances (client_id, definition_key, status);
CREATE INDEX workflow_instances_client_status_idx ON workflow_instances (client_id, status, updated_at DESC);
${tenantTable('workflow_instances')}

CREATE TABLE workflow_transitions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  instance_id uuid NOT NULL REFERENCES workflow_instances (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 1),
  from_state text,
  event text NOT NULL,
  to_state text NOT NULL,
  -- The instance's status after the transition.
  status text NOT NULL,
  -- Top-level keys of the flow's data that changed, with their new values.
  data_diff jsonb,
  -- Who: a user (actor = user id), the system (timeouts), or a step (actor = step type).
  actor_type text NOT NULL CHECK (actor_type IN ('user', 'system', 'step')),
  actor text NOT NULL,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  error text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (instance_id, seq)
);
${tenantTable('workflow_transitions', { privileges: 'SELECT, INSERT' })}

-- The key webhooks of a client are signed with (HMAC-SHA256); made on first use.
CREATE TABLE workflow_webhook_secrets (
  client_id uuid PRIMARY KEY REFERENCES clients (id) ON DELETE CASCADE,
  secret text NOT NULL CHECK (length(secret) >= 32),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  rotated_at timestamptz
);
${tenantTable('workflow_webhook_secrets', { privileges: 'SELECT, INSERT, UPDATE' })}
`;

export const workflowMigrations: Migration[] = [{ id: 'core/0005_workflows', sql }];
