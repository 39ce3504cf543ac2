// Invitations (account/invites): list with status, invite by email with a role and
// permission groups, resend (a new link, seven more days) and revoke. The mail goes to
// the outbox in the same transaction as the invite.
import type { ApiRegistrar, HandlerContext, Tx } from '../../../src/host/server.ts';
import { isUuid } from '../../../src/server/db/types.ts';
import { conflict, invalid, notFound } from '../../../src/server/http/errors.ts';
import { listRows, type ListSource } from '../../../src/server/lists.ts';
import {
  CLIENT_SETTINGS_TEXTS, INVITE_TTL_DAYS, inviteCreateBody, inviteListDef, inviteListQuery,
  type InviteCreateBody, type InviteRow,
} from '../../../src/shared/schemas/client-settings.ts';
import type { ListQuery } from '../../../src/shared/schemas/lists.ts';
import { clientGroups, MANAGE_CODE } from './guards.ts';
import { invitationMail } from './invite-mail.ts';
import { inviteLink } from './settings.ts';
import { newInviteToken } from './tokens.ts';

const INVITE_ACCESS = ['CLIENT_INVITE_USERS', MANAGE_CODE];

export const INVITE_STATUS_SQL = (i: string) => `(CASE
  WHEN ${i}.accepted_at IS NOT NULL THEN 'accepted'
  WHEN ${i}.revoked_at IS NOT NULL THEN 'revoked'
  WHEN ${i}.expires_at <= now() THEN 'expired'
  ELSE 'pending' END)`;

const INVITE_SELECT = `i.id, i.email, i.role, ${INVITE_STATUS_SQL('i')} AS status,
  coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY lower(g.name), g.id)
              FROM permission_groups g WHERE g.id = ANY(i.permission_group_ids)), '[]'::json) AS groups,
  CASE WHEN inv.id IS NULL THEN NULL ELSE json_build_object('id', inv.id, 'full_name', inv.full_name) END AS invited_by,
  i.expires_at, i.accepted_at, i.revoked_at, i.last_sent_at, i.send_count, i.created_at`;

const INVITE_FROM = 'invites i LEFT JOIN users inv ON inv.id = i.invited_by';

async function findInvite(tx: Tx, clientId: string, id: string): Promise<InviteRow> {
  if (!isUuid(id)) throw notFound();
  const { rows } = await tx.query<InviteRow>(`SELECT ${INVITE_SELECT} FROM ${INVITE_FROM} WHERE i.client_id = $1 AND i.id = $2`, [clientId, id]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** Without CLIENT_MANAGE, an inviter may hand out only permissions they hold themself. */
function grantable(codes: readonly string[], permissions: ReadonlySet<string>): boolean {
  return permissions.has(MANAGE_CODE) || codes.every((c) => permissions.has(c));
}

async function sendInvitation(ctx: HandlerContext, email: string, token: string): Promise<void> {
  const { rows } = await ctx.tx.query<{ name: string }>('SELECT name FROM clients WHERE id = $1', [ctx.clientId]);
  await ctx.mail(invitationMail({
    to: email, clientName: rows[0]?.name ?? 'your organisation', inviterName: ctx.user.full_name, link: inviteLink(ctx.settings, token),
  }));
}

export function registerInvitesApi(api: ApiRegistrar): void {
  api.get<ListQuery>('/invites', { scope: 'tenant', access: INVITE_ACCESS, query: inviteListQuery },
    async ({ tx, clientId, user, query }) => {
      const source: ListSource = {
        def: inviteListDef,
        from: INVITE_FROM,
        select: INVITE_SELECT,
        where: (p) => [`i.client_id = ${p(clientId)}`],
        search: ['i.email'],
        columns: {
          email: 'lower(i.email)',
          role: 'i.role',
          status: INVITE_STATUS_SQL('i'),
          created_at: 'i.created_at',
          expires_at: 'i.expires_at',
        },
        defaultSort: '-created_at',
        tieBreaker: 'i.id',
      };
      return listRows(tx, source, query, { userId: user.id });
    });

  // The groups the invite form offers; `grantable` is false for those the inviter may not hand out.
  api.get('/invites/permission_groups', { scope: 'tenant', access: INVITE_ACCESS }, async ({ tx, clientId, permissions }) => {
    const { rows } = await tx.query<{ id: string; name: string; codes: string[] }>(
      'SELECT id, name, codes FROM permission_groups WHERE client_id = $1 ORDER BY lower(name), id', [clientId]);
    return rows.map((g) => ({ id: g.id, name: g.name, grantable: grantable(g.codes, permissions) }));
  });

  api.post<unknown, InviteCreateBody>('/invites', { scope: 'tenant', access: INVITE_ACCESS, body: inviteCreateBody },
    async (ctx) => {
      const { tx, clientId, user, permissions, body, audit } = ctx;
      const email = body.invite.email.trim();
      const groupIds = [...new Set(body.invite.permission_group_ids ?? [])];

      const member = await tx.query(
        `SELECT 1 FROM accounts_clients ac JOIN users u ON u.id = ac.user_id
          WHERE ac.client_id = $1 AND lower(u.email) = lower($2)`, [clientId, email]);
      if (member.rows.length) throw invalid({ email: CLIENT_SETTINGS_TEXTS.alreadyMember });
      const pending = await tx.query(
        `SELECT 1 FROM invites i WHERE i.client_id = $1 AND lower(i.email) = lower($2) AND ${INVITE_STATUS_SQL('i')} = 'pending'`,
        [clientId, email]);
      if (pending.rows.length) throw invalid({ email: CLIENT_SETTINGS_TEXTS.pendingInvite });

      const groups = await clientGroups(tx, clientId!, groupIds);
      if (!groups.every((g) => grantable(g.codes, permissions))) throw invalid({ permission_group_ids: CLIENT_SETTINGS_TEXTS.groupsBeyondOwn });

      const { token, hash } = newInviteToken();
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO invites (client_id, email, role, permission_group_ids, token_hash, invited_by, expires_at, last_sent_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7), now()) RETURNING id`,
        [clientId, email, body.invite.role, groupIds, hash, user.id, INVITE_TTL_DAYS],
      );
      await sendInvitation(ctx, email, token);
      const invite = await findInvite(tx, clientId!, rows[0].id);
      await audit({ action: 'create', objectType: 'invites', objectId: invite.id, before: null, after: invite });
      return invite;
    });

  api.post('/invites/:id/resend', { scope: 'tenant', access: INVITE_ACCESS }, async (ctx) => {
    const { tx, clientId, params, audit } = ctx;
    const before = await findInvite(tx, clientId!, params.id);
    if (before.status !== 'pending' && before.status !== 'expired') throw conflict(CLIENT_SETTINGS_TEXTS.inviteNotPending);
    const member = await tx.query(
      `SELECT 1 FROM accounts_clients ac JOIN users u ON u.id = ac.user_id WHERE ac.client_id = $1 AND lower(u.email) = lower($2)`,
      [clientId, before.email]);
    if (member.rows.length) throw conflict(`${before.email} ${CLIENT_SETTINGS_TEXTS.alreadyMember}`);
    // The old link stops working: only the new token's hash is kept.
    const { token, hash } = newInviteToken();
    await tx.query(
      `UPDATE invites SET token_hash = $2, expires_at = now() + make_interval(days => $3), last_sent_at = now(),
              send_count = send_count + 1 WHERE id = $1`,
      [before.id, hash, INVITE_TTL_DAYS]);
    await sendInvitation(ctx, before.email, token);
    const after = await findInvite(tx, clientId!, before.id);
    await audit({ action: 'resend', objectType: 'invites', objectId: before.id, before, after });
    return after;
  });

  api.post('/invites/:id/revoke', { scope: 'tenant', access: INVITE_ACCESS }, async ({ tx, clientId, user, params, audit }) => {
    const before = await findInvite(tx, clientId!, params.id);
    if (before.status !== 'pending' && before.status !== 'expired') throw conflict(CLIENT_SETTINGS_TEXTS.inviteNotPending);
    await tx.query('UPDATE invites SET revoked_at = now(), revoked_by = $2 WHERE id = $1', [before.id, user.id]);
    const after = await findInvite(tx, clientId!, before.id);
    await audit({ action: 'revoke', objectType: 'invites', objectId: before.id, before, after });
    return after;
  });
}
