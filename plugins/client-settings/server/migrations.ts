// The area's tables. Invitations and the data-retention history were created by the
// core's first migrations (core/0001, core/0003); these migrations move them, with their
// rows, to the area's own names, and give invitations a stored status for their statechart.
import { moveTableSql, type Migration } from '../../../src/host/server.ts';
import { INVITE_EXPIRE_JOB } from './invite-jobs.ts';

export const clientSettingsMigrations: Migration[] = [
  {
    id: 'client-settings/0001_invites',
    sql: `
${moveTableSql('invites', 'client_settings_invites')}
-- The statechart's state (machines/invite.ts), from what the rows say today.
ALTER TABLE client_settings_invites ADD COLUMN status text;
UPDATE client_settings_invites SET status = CASE
  WHEN accepted_at IS NOT NULL THEN 'accepted'
  WHEN revoked_at IS NOT NULL THEN 'revoked'
  WHEN expires_at <= now() THEN 'expired'
  ELSE 'pending' END;
ALTER TABLE client_settings_invites
  ALTER COLUMN status SET NOT NULL,
  ALTER COLUMN status SET DEFAULT 'pending',
  ADD CONSTRAINT client_settings_invites_status_check CHECK (status IN ('pending', 'accepted', 'expired', 'revoked'));
ALTER TABLE client_settings_invites ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX client_settings_invites_client_status_idx ON client_settings_invites (client_id, status, created_at DESC, id DESC);
-- Pending invitations expire at their time through the job queue.
INSERT INTO jobs (kind, payload, client_id, run_at)
  SELECT '${INVITE_EXPIRE_JOB}', jsonb_build_object('invite_id', id), client_id, expires_at
    FROM client_settings_invites WHERE status = 'pending';
`,
  },
  {
    id: 'client-settings/0002_retention',
    sql: moveTableSql('data_retention_configs', 'client_settings_retention_configs'),
  },
];
