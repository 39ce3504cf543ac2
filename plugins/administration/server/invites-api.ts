// Administrators invite someone without an account into a client. The invitation is the
// client's own, made by the client-settings area's `client-settings.invitations` service:
// the same token, link, mail, seven-day life and expiry as an invitation sent from
// account/invites, accepted the same way at /onboarding, and listed, resent or revoked by
// the client's managers there.
import { defineRoutes } from '../../../src/host/server.ts';
import area from '../plugin.ts';
import { adminInviteBody, type AdminInviteBody } from '../schemas.ts';
import { idParam, requireClientRef } from './common.ts';
import { groupsFor } from './members-api.ts';

export const registerInvitesApi = defineRoutes(area, (api) => {
  // The list's query is the invitations list's own: the service validates it.
  api.get('/clients/:id/invites', { scope: 'admin' }, async (ctx) => {
    const clientId = idParam(ctx.params);
    await requireClientRef(ctx.tx, clientId);
    return ctx.services.get('client-settings.invitations').list(ctx, clientId, ctx.query);
  });

  api.post<unknown, AdminInviteBody>('/clients/:id/invites', { scope: 'admin', body: adminInviteBody }, async (ctx) => {
    const clientId = idParam(ctx.params);
    await requireClientRef(ctx.tx, clientId);
    const groupIds = await groupsFor(ctx.tx, clientId, ctx.body.invite.role, ctx.body.invite.permission_group_ids);
    return ctx.services.get('client-settings.invitations').create(ctx, {
      clientId, email: ctx.body.invite.email, role: ctx.body.invite.role, permissionGroupIds: groupIds,
    });
  });
});
