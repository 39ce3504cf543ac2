// Administrators invite someone without an account into a client. The invitation is the
// client's own (the core's invites table): the same token, link, mail and seven-day life
// as an invitation sent from account/invites, accepted the same way at /onboarding, and
// listed, resent or revoked by the client's managers there. Rules and helpers come from
// the client-settings area so both ways of inviting stay one.
import { INVITE_STATUS_SQL } from '../../client-settings/server/invites.ts';
import { invitationMail } from '../../client-settings/server/invite-mail.ts';
import { inviteLink } from '../../client-settings/server/settings.ts';
import { newInviteToken } from '../../client-settings/server/tokens.ts';
import type { ApiRegistrar } from '../../../src/host/server.ts';
import { invalid } from '../../../src/server/http/errors.ts';
import { listRows } from '../../../src/server/lists.ts';
import { adminInviteBody, type AdminInviteBody } from '../../../src/shared/schemas/administration.ts';
import { CLIENT_SETTINGS_TEXTS, INVITE_TTL_DAYS, inviteListDef, inviteListQuery } from '../../../src/shared/schemas/client-settings.ts';
import type { ListQuery } from '../../../src/shared/schemas/lists.ts';
import { requireClient } from './clients-api.ts';
import { idParam } from './common.ts';
import { groupsFor } from './members-api.ts';

const INVITE_SELECT = `i.id, i.email, i.role, ${INVITE_STATUS_SQL('i')} AS status,
  coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY lower(g.name), g.id)
              FROM permission_groups g WHERE g.id = ANY(i.permission_group_ids)), '[]'::json) AS permission_groups,
  CASE WHEN inv.id IS NULL THEN NULL ELSE json_build_object('id', inv.id, 'full_name', inv.full_name) END AS invited_by,
  i.expires_at, i.accepted_at, i.created_at`;
const INVITE_FROM = 'invites i LEFT JOIN users inv ON inv.id = i.invited_by';

export function registerInvitesApi(api: ApiRegistrar): void {
  api.get<ListQuery>('/clients/:id/invites', { scope: 'admin', query: inviteListQuery }, async ({ tx, params, query }) => {
    const clientId = idParam(params);
    await requireClient(tx, clientId);
    return listRows(tx, {
      def: inviteListDef,
      from: INVITE_FROM,
      select: INVITE_SELECT,
      where: (p) => [`i.client_id = ${p(clientId)}`],
      search: ['i.email'],
      columns: {
        email: 'lower(i.email)', role: 'i.role', status: INVITE_STATUS_SQL('i'), created_at: 'i.created_at', expires_at: 'i.expires_at',
      },
      defaultSort: '-created_at',
      tieBreaker: 'i.id',
    }, query);
  });

  api.post<unknown, AdminInviteBody>('/clients/:id/invites', { scope: 'admin', body: adminInviteBody },
    async ({ tx, params, body, user, settings, audit, mail }) => {
      const clientId = idParam(params);
      const client = await requireClient(tx, clientId);
      const email = body.invite.email.trim();
      const member = await tx.query(
        `SELECT 1 FROM accounts_clients ac JOIN users u ON u.id = ac.user_id WHERE ac.client_id = $1 AND lower(u.email) = lower($2)`,
        [clientId, email]);
      if (member.rows.length) throw invalid({ email: CLIENT_SETTINGS_TEXTS.alreadyMember });
      const pending = await tx.query(
        `SELECT 1 FROM invites i WHERE i.client_id = $1 AND lower(i.email) = lower($2) AND ${INVITE_STATUS_SQL('i')} = 'pending'`,
        [clientId, email]);
      if (pending.rows.length) throw invalid({ email: CLIENT_SETTINGS_TEXTS.pendingInvite });
      const groupIds = await groupsFor(tx, clientId, body.invite.role, body.invite.permission_group_ids);

      const { token, hash } = newInviteToken();
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO invites (client_id, email, role, permission_group_ids, token_hash, invited_by, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7)) RETURNING id`,
        [clientId, email, body.invite.role, groupIds, hash, user.id, INVITE_TTL_DAYS],
      );
      // The mail belongs to the client (its outbox row), as an invitation from account/invites does.
      await mail({
        ...invitationMail({ to: email, clientName: client.name, inviterName: user.full_name, link: inviteLink(settings, token) }),
        clientId,
      });
      const invite = (await tx.query(`SELECT ${INVITE_SELECT} FROM ${INVITE_FROM} WHERE i.id = $1`, [rows[0].id])).rows[0];
      await audit({ action: 'create', objectType: 'invites', objectId: rows[0].id, before: null, after: invite, clientId });
      return invite;
    });
}
