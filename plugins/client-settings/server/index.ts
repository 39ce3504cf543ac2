// The server half of client settings: members, invitations (a stored statechart, accepted
// at /onboarding), roles, data retention, the balance the top bar shows and the client's
// audit trail. Its tables: client_settings_invites and client_settings_retention_configs.
import { defineServerPlugin } from '../../../src/host/server.ts';
import area from '../plugin.ts';
import { INVITE_MACHINE_ID, inviteContext } from '../machines/invite.ts';
import { CLIENT_SETTINGS_TEXTS } from '../schemas.ts';
import { registerAuditLogApi } from './audit-log.ts';
import { registerBalanceApi } from './balance.ts';
import { expireInvite, INVITE_EXPIRE_JOB } from './invite-jobs.ts';
import { INVITES_TABLE, registerInvitesApi } from './invites.ts';
import { registerMembersApi } from './members.ts';
import { clientSettingsMigrations } from './migrations.ts';
import { registerOnboardingApi } from './onboarding.ts';
import { registerRetentionApi } from './retention.ts';
import { registerRolesApi } from './roles.ts';
import { invitationsService } from './services.ts';

export default defineServerPlugin(area, {
  migrations: clientSettingsMigrations,
  api(api, host) {
    registerMembersApi(api, host);
    registerInvitesApi(api, host);
    registerRolesApi(api, host);
    registerRetentionApi(api, host);
    registerOnboardingApi(api, host);
    registerBalanceApi(api, host);
    registerAuditLogApi(api, host);
  },
  jobs: { [INVITE_EXPIRE_JOB]: expireInvite },
  statusMachines: [{
    machine: INVITE_MACHINE_ID,
    table: INVITES_TABLE,
    label: 'email',
    updatedAt: 'updated_at',
    context: inviteContext,
    refusal: () => CLIENT_SETTINGS_TEXTS.inviteNotPending,
  }],
  provides: { 'client-settings.invitations': invitationsService },
});
