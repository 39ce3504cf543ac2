// The server half of client settings: members, invitations (and accepting them at
// /onboarding), roles and the data-retention history. The core already serves the
// member's own permission groups, features and the retention setting itself.
import { defineServerPlugin, type ServerPlugin } from '../../../src/host/server.ts';
import { registerInvitesApi } from './invites.ts';
import { registerMembersApi } from './members.ts';
import { clientSettingsMigrations } from './migrations.ts';
import { registerOnboardingApi } from './onboarding.ts';
import { registerRetentionApi } from './retention.ts';
import { registerRolesApi } from './roles.ts';
import { configFromEnv, type ClientSettingsConfig } from './settings.ts';

/** config is read on every request that needs it (tests hand in the harness's). */
export function createClientSettingsServer(config: () => ClientSettingsConfig = () => configFromEnv()): ServerPlugin {
  return defineServerPlugin({
    name: 'client-settings',
    migrations: clientSettingsMigrations,
    api(api) {
      registerMembersApi(api);
      registerInvitesApi(api, config);
      registerRolesApi(api);
      registerRetentionApi(api);
      registerOnboardingApi(api, config);
    },
  });
}

export default createClientSettingsServer();
