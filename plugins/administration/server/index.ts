// The administration area's server plugin (spec 2.5 Administrator Tools): platform
// clients, their members, invitations, features and balance, and platform users. Every
// route is on the admin scope: the registrar refuses anyone without the administrator flag.
// What the area needs of the server's configuration (the public address for invitation
// links, whether the embedded issuer keeps passwords) comes with each request as ctx.settings.
import { defineServerPlugin } from '../../../src/host/server.ts';
import area from '../plugin.ts';
import { registerBalanceApi } from './balance-api.ts';
import { registerClientsApi } from './clients-api.ts';
import { registerInvitesApi } from './invites-api.ts';
import { registerMembersApi } from './members-api.ts';
import { administrationMigrations } from './migrations.ts';
import { registerUsersApi } from './users-api.ts';

export default defineServerPlugin(area, {
  migrations: administrationMigrations,
  api(api, host) {
    registerClientsApi(api, host);
    registerMembersApi(api, host);
    registerInvitesApi(api, host);
    registerBalanceApi(api, host);
    registerUsersApi(api, host);
  },
  // Administrators invite into a client the way its managers do.
  requires: ['client-settings.invitations'],
});
