// Accepting an invitation (/onboarding). The link's token is the only credential:
// - GET  /onboarding/invite?token=…          public: who invites whom to which client;
// - POST /onboarding/invite/register         public, embedded issuer only: a new account
//   (full name, password) and its membership in one transaction, then the page sends the
//   browser to sign in;
// - POST /onboarding/invite/accept           signed in: the membership for an existing
//   account, whose email must be the invited one; or, for someone the identity provider
//   verified who has no account yet (external issuer), the account and the membership,
//   scoped by this invitation (acceptAsNewAccount).
// These routes run in platform scope (the invitee is not a member yet), so each one
// reads the invite by its token hash and touches only that invite's client. Joining is
// recorded in that client's audit trail and tells the inviter (notification, live over /ws).
import type { HandlerContext, Tx } from '../../../src/host/server.ts';
import { ApiError, conflict, defineRoutes, notFound } from '../../../src/host/server.ts';
import area from '../plugin.ts';
import { INVITE_MACHINE_ID } from '../machines/invite.ts';
import {
  CLIENT_SETTINGS_TEXTS, onboardingAcceptBody, onboardingInviteQuery, onboardingRegisterBody,
  type OnboardingAcceptBody, type OnboardingInvite, type OnboardingInviteQuery, type OnboardingRegisterBody,
} from '../schemas.ts';
import { INVITES_TABLE } from './invites.ts';
import { hashInviteToken } from './tokens.ts';

interface InviteRecord {
  id: string;
  client_id: string;
  client_name: string;
  email: string;
  role: string;
  permission_group_ids: string[];
  inviter_id: string | null;
  inviter_name: string | null;
  expires_at: string;
  status: 'pending' | 'accepted' | 'expired' | 'revoked';
}

/** The invite behind a token, if its state accepts ACCEPT now; `lock` holds the row until commit. */
async function usableInvite(ctx: Pick<HandlerContext, 'tx' | 'availableEvents'>, token: string, lock = false): Promise<InviteRecord> {
  const { rows } = await ctx.tx.query<InviteRecord>(
    `SELECT i.id, i.client_id, c.name AS client_name, i.email, i.role, i.permission_group_ids,
            i.invited_by AS inviter_id, inv.full_name AS inviter_name, i.expires_at, i.status
       FROM ${INVITES_TABLE} i
       JOIN clients c ON c.id = i.client_id
       LEFT JOIN users inv ON inv.id = i.invited_by
      WHERE i.token_hash = $1
      ${lock ? 'FOR UPDATE OF i' : ''}`,
    [hashInviteToken(token)],
  );
  const invite = rows[0];
  if (!invite) throw notFound(CLIENT_SETTINGS_TEXTS.inviteNotFound);
  if (invite.status === 'accepted') throw conflict(CLIENT_SETTINGS_TEXTS.inviteAccepted);
  if (invite.status === 'revoked') throw conflict(CLIENT_SETTINGS_TEXTS.inviteRevoked);
  // Expired, or past its time while the expiry job has not run yet: the machine's guard says so.
  if (!ctx.availableEvents(INVITE_MACHINE_ID, invite as unknown as Record<string, unknown>).includes('ACCEPT')) {
    throw conflict(CLIENT_SETTINGS_TEXTS.inviteExpired);
  }
  return invite;
}

async function accountFor(tx: Tx, email: string): Promise<{ id: string; is_active: boolean } | null> {
  const { rows } = await tx.query<{ id: string; is_active: boolean }>('SELECT id, is_active FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0] ?? null;
}

/** Membership, groups (those that still exist) and the invite marked accepted; audited for the client, the inviter told. */
async function join(ctx: HandlerContext, invite: InviteRecord, userId: string): Promise<{ client_id: string; membership_id: string }> {
  const { tx } = ctx;
  const existing = await tx.query<{ is_active: boolean }>(
    'SELECT is_active FROM accounts_clients WHERE client_id = $1 AND user_id = $2', [invite.client_id, userId]);
  if (existing.rows[0]) {
    throw conflict(existing.rows[0].is_active ? CLIENT_SETTINGS_TEXTS.youAreMember : CLIENT_SETTINGS_TEXTS.youAreDeactivated);
  }

  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO accounts_clients (user_id, client_id, role) VALUES ($1, $2, $3) RETURNING id',
    [userId, invite.client_id, invite.role]);
  const membershipId = rows[0].id;
  const groups = await tx.query<{ id: string; name: string }>(
    'SELECT id, name FROM permission_groups WHERE client_id = $1 AND id = ANY($2) ORDER BY lower(name)',
    [invite.client_id, invite.permission_group_ids]);
  for (const g of groups.rows) {
    await tx.query(
      'INSERT INTO membership_permission_groups (account_client_id, permission_group_id, client_id) VALUES ($1, $2, $3)',
      [membershipId, g.id, invite.client_id]);
  }
  const after = { user_id: userId, email: invite.email, role: invite.role, status: 'active',
    permission_group_ids: groups.rows.map((g) => g.id), permission_groups: groups.rows.map((g) => g.name), invite_id: invite.id };
  // Both rows go to the client's trail under the new member's name; on /register the route
  // has no session user, so the rows are written with the account just made.
  await ctx.audit({ userId, clientId: invite.client_id, action: 'create', objectType: 'accounts_clients', objectId: membershipId, before: null, after });
  await ctx.transition(INVITE_MACHINE_ID, invite.id, { type: 'ACCEPT' }, {
    userId, set: { accepted_at: new Date().toISOString(), accepted_by: userId, updated_at: new Date().toISOString() },
  });
  await tellInviter(ctx, invite, userId);
  return { client_id: invite.client_id, membership_id: membershipId };
}

/** The inviter learns that their invitation was used, unless their account is gone or inactive. */
async function tellInviter(ctx: HandlerContext, invite: InviteRecord, userId: string): Promise<void> {
  if (!invite.inviter_id || invite.inviter_id === userId) return;
  const { rows } = await ctx.tx.query<{ id: string; full_name: string; email: string; inviter_active: boolean }>(
    `SELECT u.id, u.full_name, u.email, inv.is_active AS inviter_active
       FROM users u, users inv WHERE u.id = $1 AND inv.id = $2`, [userId, invite.inviter_id]);
  const member = rows[0];
  if (!member?.inviter_active) return;
  const name = member.full_name.trim() || member.email;
  await ctx.notify({
    clientId: invite.client_id,
    userId: invite.inviter_id,
    type: 'invite_accepted',
    payload: {
      data: { title: 'Invitation accepted', message: `${name} accepted your invitation and joined ${invite.client_name}` },
      member: { id: member.id, full_name: member.full_name, email: member.email, role: invite.role },
      client: { id: invite.client_id, name: invite.client_name },
      invite_id: invite.id,
    },
    objId: member.id,
    objType: 'User',
  });
}

/**
 * A verified identity without an account (signed in at an external issuer, which keeps no
 * account here): the invitation names the email, so the account is made for it and joins
 * at once; the browser then signs in again to open its session. Never from a sign-in alone.
 */
async function acceptAsNewAccount(ctx: HandlerContext, invite: InviteRecord, identity: { email: string; name: string | null }) {
  if (invite.email.trim().toLowerCase() !== identity.email.trim().toLowerCase()) {
    throw new ApiError('FORBIDDEN', CLIENT_SETTINGS_TEXTS.inviteOtherEmail);
  }
  if (await accountFor(ctx.tx, invite.email)) throw conflict(CLIENT_SETTINGS_TEXTS.accountExists);
  const fullName = (identity.name ?? '').trim().slice(0, 200);
  const { rows } = await ctx.tx.query<{ id: string }>('INSERT INTO users (email, full_name) VALUES ($1, $2) RETURNING id', [invite.email, fullName]);
  await ctx.audit({
    userId: rows[0].id, clientId: invite.client_id, action: 'create', objectType: 'users', objectId: rows[0].id, before: null,
    after: { email: invite.email, full_name: fullName, created_by: 'invitation', invite_id: invite.id },
  });
  const joined = await join(ctx, invite, rows[0].id);
  return { ...joined, user_id: rows[0].id, redirect_to: signInUrl(joined.client_id) };
}

const signInUrl = (clientId: string) => `/auth/login?redirect_uri=${encodeURIComponent(`/${clientId}`)}`;

export const registerOnboardingApi = defineRoutes(area, (api) => {
  api.get<OnboardingInviteQuery>('/onboarding/invite', { scope: 'public', query: onboardingInviteQuery, verifiedIdentity: true },
    async (ctx): Promise<OnboardingInvite> => {
      const { tx, query, settings, verifiedIdentity } = ctx;
      const invite = await usableInvite(ctx, query.token);
      const account = await accountFor(tx, invite.email);
      return {
        email: invite.email,
        role: invite.role,
        client: { id: invite.client_id, name: invite.client_name },
        inviter: invite.inviter_name ? { full_name: invite.inviter_name } : null,
        expires_at: invite.expires_at,
        account_exists: account !== null,
        // Only the embedded issuer keeps passwords; an external one registers its own users.
        can_register: account === null && settings.oidcIssuer === null,
        verified_email: verifiedIdentity?.email ?? null,
      };
    });

  api.post<unknown, OnboardingRegisterBody, string | null>('/onboarding/invite/register', {
    scope: 'public', body: onboardingRegisterBody,
    // Hash outside the transaction, and only for a link that names an invitation at all.
    async prepare({ body, identity, read }) {
      const { rows } = await read(`SELECT 1 FROM ${INVITES_TABLE} WHERE token_hash = $1`, [hashInviteToken(body.invite.token)]);
      return rows.length ? identity.hashPassword(body.invite.password) : null;
    },
  }, async (ctx) => {
      const { tx, body } = ctx;
      const invite = await usableInvite(ctx, body.invite.token, true);
      if (ctx.settings.oidcIssuer !== null) throw conflict(CLIENT_SETTINGS_TEXTS.registrationClosed);
      if (await accountFor(tx, invite.email)) throw conflict(CLIENT_SETTINGS_TEXTS.accountExists);
      const passwordHash = ctx.prepared ?? await ctx.identity.hashPassword(body.invite.password);
      const { rows } = await tx.query<{ id: string }>(
        'INSERT INTO users (email, full_name, password_hash) VALUES ($1, $2, $3) RETURNING id',
        [invite.email, body.invite.full_name.trim(), passwordHash]);
      const joined = await join(ctx, invite, rows[0].id);
      return { ...joined, user_id: rows[0].id, sign_in_url: signInUrl(joined.client_id) };
    });

  api.post<unknown, OnboardingAcceptBody>('/onboarding/invite/accept', { scope: 'user', body: onboardingAcceptBody, verifiedIdentity: true },
    async (ctx) => {
      const { body, user, verifiedIdentity } = ctx;
      const invite = await usableInvite(ctx, body.invite.token, true);
      if (!user && verifiedIdentity) return acceptAsNewAccount(ctx, invite, verifiedIdentity);
      if (invite.email.trim().toLowerCase() !== user.email.trim().toLowerCase()) {
        throw new ApiError('FORBIDDEN', CLIENT_SETTINGS_TEXTS.inviteOtherEmail);
      }
      const joined = await join(ctx, invite, user.id);
      return { ...joined, user_id: user.id, redirect_to: `/${joined.client_id}` };
    });
});
