// Invitations (account/invites): list with status, invite by email with a role and
// permission groups, resend (a new link, seven more days) and revoke. Each invitation's
// status is a statechart (machines/invite.ts) the server applies through ctx.transition;
// each row carries the events its state accepts (`actions`), asked of the same machine.
// The mail goes to the outbox in the same transaction as the invite. Administrators invite
// through the same code (the `client-settings.invitations` service).
import type { HandlerContext, ListResult, Tx } from '../../../src/host/server.ts';
import { conflict, defineRoutes, invalid, isUuid, listRows, notFound, type ListSource } from '../../../src/host/server.ts';
import type { ListQuery } from '../../../src/shared/schemas/lists.ts';
import type { MemberRole } from '../../../src/shared/schemas/membership.ts';
import area from '../plugin.ts';
import { INVITE_MACHINE_ID } from '../machines/invite.ts';
import {
  CLIENT_SETTINGS_TEXTS, INVITE_TTL_DAYS, inviteCreateBody, inviteListDef, inviteListQuery,
  type InviteCreateBody, type InviteRow,
} from '../schemas.ts';
import { clientGroups, MANAGE_CODE } from './guards.ts';
import { INVITE_EXPIRE_JOB } from './invite-jobs.ts';
import { invitationMail } from './invite-mail.ts';
import { inviteLink } from './settings.ts';
import { newInviteToken } from './tokens.ts';

export const INVITES_TABLE = 'client_settings_invites';

const INVITE_SELECT = `i.id, i.email, i.role, i.status,
  coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY lower(g.name), g.id)
              FROM permission_groups g WHERE g.id = ANY(i.permission_group_ids)), '[]'::json) AS groups,
  CASE WHEN inv.id IS NULL THEN NULL ELSE json_build_object('id', inv.id, 'full_name', inv.full_name) END AS invited_by,
  i.expires_at, i.accepted_at, i.revoked_at, i.last_sent_at, i.send_count, i.created_at`;

const INVITE_FROM = `${INVITES_TABLE} i LEFT JOIN users inv ON inv.id = i.invited_by`;

/** Events the page may offer: those of the machine a member acts on (accepting and expiring are not theirs). */
const MEMBER_EVENTS = new Set(['RESEND', 'REVOKE']);

type Ctx = Pick<HandlerContext, 'tx' | 'availableEvents'>;

function withActions(ctx: Ctx, row: Omit<InviteRow, 'actions'>): InviteRow {
  const actions = ctx.availableEvents(INVITE_MACHINE_ID, row as unknown as Record<string, unknown>).filter((e) => MEMBER_EVENTS.has(e));
  return { ...row, actions };
}

async function findInvite(ctx: Ctx, clientId: string, id: string): Promise<InviteRow> {
  if (!isUuid(id)) throw notFound();
  const { rows } = await ctx.tx.query<Omit<InviteRow, 'actions'>>(`SELECT ${INVITE_SELECT} FROM ${INVITE_FROM} WHERE i.client_id = $1 AND i.id = $2`, [clientId, id]);
  if (!rows[0]) throw notFound();
  return withActions(ctx, rows[0]);
}

/** Without CLIENT_MANAGE, an inviter may hand out only permissions they hold themself. */
function grantable(codes: readonly string[], permissions: ReadonlySet<string>): boolean {
  return permissions.has(MANAGE_CODE) || codes.every((c) => permissions.has(c));
}

async function clientName(tx: Tx, clientId: string): Promise<string> {
  const { rows } = await tx.query<{ name: string }>('SELECT name FROM clients WHERE id = $1', [clientId]);
  return rows[0]?.name ?? 'your organisation';
}

async function sendInvitation(ctx: HandlerContext, clientId: string, email: string, token: string): Promise<void> {
  await ctx.mail({
    ...invitationMail({ to: email, clientName: await clientName(ctx.tx, clientId), inviterName: ctx.user.full_name, link: inviteLink(ctx.settings, token) }),
    clientId,
  });
}

async function expiresAt(tx: Tx, id: string): Promise<Date> {
  const { rows } = await tx.query<{ expires_at: Date }>(`SELECT expires_at FROM ${INVITES_TABLE} WHERE id = $1`, [id]);
  return new Date(rows[0].expires_at);
}

/** The invitation list of a client (account/invites, and the administrators' client page). */
export function listInvites(ctx: Ctx & Pick<HandlerContext, 'user'>, clientId: string, query: ListQuery): Promise<ListResult<InviteRow>> {
  const source: ListSource = {
    def: inviteListDef,
    from: INVITE_FROM,
    select: INVITE_SELECT,
    where: (p) => [`i.client_id = ${p(clientId)}`],
    search: ['i.email'],
    columns: { email: 'lower(i.email)', role: 'i.role', status: 'i.status', created_at: 'i.created_at', expires_at: 'i.expires_at' },
    defaultSort: '-created_at',
    tieBreaker: 'i.id',
  };
  return listRows<Omit<InviteRow, 'actions'>>(ctx.tx, source, query, { userId: ctx.user.id })
    .then((r) => ({ ...r, data: r.data.map((row) => withActions(ctx, row)) }));
}

export interface NewInvite {
  clientId: string;
  email: string;
  role: MemberRole;
  /** Already checked to be the client's own groups and grantable by the inviter. */
  permissionGroupIds: readonly string[];
}

/** Creates and mails an invitation: the one way in, for managers and administrators alike. */
export async function createInvite(ctx: HandlerContext, input: NewInvite): Promise<InviteRow> {
  const { tx } = ctx;
  const email = input.email.trim();
  const member = await tx.query(
    `SELECT 1 FROM accounts_clients ac JOIN users u ON u.id = ac.user_id WHERE ac.client_id = $1 AND lower(u.email) = lower($2)`,
    [input.clientId, email]);
  if (member.rows.length) throw invalid({ email: CLIENT_SETTINGS_TEXTS.alreadyMember });
  const pending = await tx.query(
    `SELECT 1 FROM ${INVITES_TABLE} WHERE client_id = $1 AND lower(email) = lower($2) AND status = 'pending' AND expires_at > now()`,
    [input.clientId, email]);
  if (pending.rows.length) throw invalid({ email: CLIENT_SETTINGS_TEXTS.pendingInvite });

  const { token, hash } = newInviteToken();
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO ${INVITES_TABLE} (client_id, email, role, permission_group_ids, token_hash, invited_by, expires_at, last_sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7), now()) RETURNING id`,
    [input.clientId, email, input.role, [...new Set(input.permissionGroupIds)], hash, ctx.user.id, INVITE_TTL_DAYS],
  );
  const id = rows[0].id;
  await ctx.enqueue(INVITE_EXPIRE_JOB, { invite_id: id }, { runAt: await expiresAt(tx, id) });
  await sendInvitation(ctx, input.clientId, email, token);
  const invite = await findInvite(ctx, input.clientId, id);
  await ctx.audit({ action: 'create', objectType: 'invites', objectId: id, before: null, after: invite, clientId: input.clientId });
  return invite;
}

export const registerInvitesApi = defineRoutes(area, (api) => {
  api.get<ListQuery>('/invites', { scope: 'tenant', guard: 'invite', query: inviteListQuery },
    (ctx) => listInvites(ctx, ctx.clientId!, ctx.query));

  // The groups the invite form offers; `grantable` is false for those the inviter may not hand out.
  api.get('/invites/permission_groups', { scope: 'tenant', guard: 'invite' }, async ({ tx, clientId, permissions }) => {
    const { rows } = await tx.query<{ id: string; name: string; codes: string[] }>(
      'SELECT id, name, codes FROM permission_groups WHERE client_id = $1 ORDER BY lower(name), id', [clientId]);
    return rows.map((g) => ({ id: g.id, name: g.name, grantable: grantable(g.codes, permissions) }));
  });

  api.post<unknown, InviteCreateBody>('/invites', { scope: 'tenant', guard: 'invite', body: inviteCreateBody }, async (ctx) => {
    const groupIds = [...new Set(ctx.body.invite.permission_group_ids ?? [])];
    const groups = await clientGroups(ctx.tx, ctx.clientId!, groupIds);
    if (!groups.every((g) => grantable(g.codes, ctx.permissions))) throw invalid({ permission_group_ids: CLIENT_SETTINGS_TEXTS.groupsBeyondOwn });
    return createInvite(ctx, { clientId: ctx.clientId!, email: ctx.body.invite.email, role: ctx.body.invite.role, permissionGroupIds: groupIds });
  });

  api.post('/invites/:id/resend', { scope: 'tenant', guard: 'invite' }, async (ctx) => {
    const { tx, clientId, params } = ctx;
    const before = await findInvite(ctx, clientId!, params.id);
    const member = await tx.query(
      `SELECT 1 FROM accounts_clients ac JOIN users u ON u.id = ac.user_id WHERE ac.client_id = $1 AND lower(u.email) = lower($2)`,
      [clientId, before.email]);
    if (member.rows.length) throw conflict(`${before.email} ${CLIENT_SETTINGS_TEXTS.alreadyMember}`);
    // The old link stops working: only the new token's hash is kept.
    const { token, hash } = newInviteToken();
    const expires = new Date(Date.now() + INVITE_TTL_DAYS * 86_400_000);
    const { row } = await ctx.transition(INVITE_MACHINE_ID, before.id, { type: 'RESEND' }, {
      set: { token_hash: hash, expires_at: expires.toISOString(), last_sent_at: new Date().toISOString(), send_count: before.send_count + 1, updated_at: new Date().toISOString() },
    });
    await ctx.enqueue(INVITE_EXPIRE_JOB, { invite_id: before.id }, { runAt: new Date(String(row.expires_at)) });
    await sendInvitation(ctx, clientId!, before.email, token);
    return findInvite(ctx, clientId!, before.id);
  });

  api.post('/invites/:id/revoke', { scope: 'tenant', guard: 'invite' }, async (ctx) => {
    const before = await findInvite(ctx, ctx.clientId!, ctx.params.id);
    await ctx.transition(INVITE_MACHINE_ID, before.id, { type: 'REVOKE' }, {
      set: { revoked_at: new Date().toISOString(), revoked_by: ctx.user.id, updated_at: new Date().toISOString() },
    });
    return findInvite(ctx, ctx.clientId!, before.id);
  });
});

