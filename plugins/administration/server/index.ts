// The administration area's server plugin (spec 2.5 Administrator Tools): platform
// clients, their members, invitations, features and balance, and platform users. Every
// route is on the admin scope: the registrar refuses anyone without the administrator flag.
import { configFromEnv, type ClientSettingsConfig } from '../../client-settings/server/settings.ts';
import { defineServerPlugin, type ServerPlugin } from '../../../src/host/server.ts';
import { registerBalanceApi } from './balance-api.ts';
import { registerClientsApi } from './clients-api.ts';
import { registerInvitesApi } from './invites-api.ts';
import { registerMembersApi } from './members-api.ts';
import { administrationMigrations } from './migrations.ts';
import { registerUsersApi } from './users-api.ts';

/**
 * Handlers do not receive the server's configuration; what this area needs of it (the
 * public address for invitation links, whether the embedded issuer keeps passwords) is
 * read at request time, by default from the same variables as src/server/config.ts.
 */
export function createAdministrationServer(config: () => ClientSettingsConfig = () => configFromEnv()): ServerPlugin {
  return defineServerPlugin({
    name: 'administration',
    migrations: administrationMigrations,
    api(api) {
      registerClientsApi(api);
      registerMembersApi(api);
      registerInvitesApi(api, config);
      registerBalanceApi(api);
      registerUsersApi(api, config);
    },
  });
}

export default createAdministrationServer();
