// The server half of client settings: members, invitations (and accepting them at
// /onboarding), roles and the data-retention history. The core already serves the
// member's own permission groups, features and the retention setting itself, and owns
// every table the area works on (invites included), so the area has no migrations.
import { defineServerPlugin } from '../../../src/host/server.ts';
import { registerInvitesApi } from './invites.ts';
import { registerMembersApi } from './members.ts';
import { registerOnboardingApi } from './onboarding.ts';
import { registerRetentionApi } from './retention.ts';
import { registerRolesApi } from './roles.ts';

export default defineServerPlugin({
  name: 'client-settings',
  api(api) {
    registerMembersApi(api);
    registerInvitesApi(api);
    registerRolesApi(api);
    registerRetentionApi(api);
    registerOnboardingApi(api);
  },
});
