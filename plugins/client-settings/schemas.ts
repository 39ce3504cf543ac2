// Client settings (spec 2.5 Client Settings, 2.6 account/*, 3, 5, 6): members of a client,
// invitations, roles (permission groups) and the data-retention history. The same
// schemas validate request bodies on the server and the forms in the browser.
import { array, boolean, enums, nullable, object, optional, pattern, refine, size, string, type, type Infer } from 'superstruct';
import { emailAddress, intRange, text, uuid } from '../../src/shared/schemas/common.ts';
import { listQuery, type ListDef } from '../../src/shared/schemas/lists.ts';
import { MEMBER_ROLES, MIN_PASSWORD_LENGTH, type GroupRef, type MemberRole } from '../../src/shared/schemas/membership.ts';

export { MIN_PASSWORD_LENGTH, type GroupRef };

export const MEMBER_STATUSES = ['active', 'deactivated'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const INVITE_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** An invitation link works for this many days; a resend starts the count again. */
export const INVITE_TTL_DAYS = 7;
/** A member may hold at most this many permission groups; a role at most every code once. */
export const MAX_GROUPS_PER_MEMBER = 50;

/** Texts the API answers and the pages show as they are. */
export const CLIENT_SETTINGS_TEXTS = {
  lastManager: 'At least one active member must keep the Client Manage permission',
  selfDeactivate: 'You cannot deactivate yourself',
  alreadyActive: 'This member is already active',
  alreadyDeactivated: 'This member is already deactivated',
  alreadyMember: 'is already a member of this client',
  pendingInvite: 'already has a pending invitation',
  unknownGroups: 'holds a role that does not exist',
  groupsBeyondOwn: 'holds a role with permissions you do not have',
  nameTaken: 'is already taken',
  inviteNotFound: 'This invitation link is not valid',
  inviteExpired: 'This invitation has expired. Ask the person who invited you to send a new one',
  inviteRevoked: 'This invitation has been withdrawn',
  inviteAccepted: 'This invitation has already been accepted',
  inviteOtherEmail: 'This invitation was sent to another email address. Sign in with that address to accept it',
  youAreMember: 'You are already a member of this client',
  youAreDeactivated: 'Your membership of this client is deactivated. Ask a manager of the client to reactivate it',
  inviteNotPending: 'Only a pending or expired invitation can be changed',
  accountExists: 'An account with this email already exists. Sign in to accept the invitation',
  registrationClosed: 'Accounts are managed by your identity provider. Sign in to accept the invitation',
  roleInUse: (n: number) => `${n} member${n === 1 ? ' holds' : 's hold'} this role. Move them to another role first`,
  moveToSelf: 'Choose another role to move the members to',
} as const;

/** A code's shape; whether some area declares it is checked against the catalog by the API. */
export const permissionCode = () => pattern(size(string(), 1, 64), /^[A-Z][A-Z0-9_]*$/);
/** More codes than any installation declares. */
export const MAX_ROLE_CODES = 1000;
const groupIds = () => size(array(uuid()), 0, MAX_GROUPS_PER_MEMBER);

// -- members ----------------------------------------------------------------------------

export const memberListDef = {
  sorts: ['full_name', 'email', 'role', 'status', 'created_at', 'last_sign_in_at'],
  filters: {
    role: { kind: 'text', multi: true, values: MEMBER_ROLES },
    status: { kind: 'text', multi: true, values: MEMBER_STATUSES },
    // Members holding any of these permission groups.
    group: { kind: 'uuid', multi: true },
  },
  ranges: { created_at: 'date' },
} as const satisfies ListDef;
export const memberListQuery = listQuery(memberListDef);

export const memberUpdateBody = object({
  user: object({
    role: optional(enums(MEMBER_ROLES as unknown as string[])),
    permission_group_ids: optional(groupIds()),
  }),
});
export type MemberUpdateBody = Infer<typeof memberUpdateBody>;

// -- invites ----------------------------------------------------------------------------

export const inviteListDef = {
  sorts: ['email', 'role', 'status', 'created_at', 'expires_at'],
  filters: {
    status: { kind: 'text', multi: true, values: INVITE_STATUSES },
    role: { kind: 'text', multi: true, values: MEMBER_ROLES },
  },
  ranges: { created_at: 'date' },
} as const satisfies ListDef;
export const inviteListQuery = listQuery(inviteListDef);

export const inviteFields = object({
  email: emailAddress(),
  role: enums(MEMBER_ROLES as unknown as MemberRole[]),
  permission_group_ids: optional(groupIds()),
});
export const inviteCreateBody = object({ invite: inviteFields });
export type InviteCreateBody = Infer<typeof inviteCreateBody>;

// -- roles (permission groups) ----------------------------------------------------------

export const roleListDef = {
  sorts: ['name', 'codes_count', 'members_count', 'created_at'],
  filters: {},
} as const satisfies ListDef;
export const roleListQuery = listQuery(roleListDef);

const roleName = () => text({ max: 100 });
const roleCodes = () => size(array(permissionCode()), 0, MAX_ROLE_CODES);

export const roleCreateBody = object({ role: object({ name: roleName(), codes: roleCodes() }) });
export type RoleCreateBody = Infer<typeof roleCreateBody>;

export const roleUpdateBody = object({ role: object({ name: optional(roleName()), codes: optional(roleCodes()) }) });
export type RoleUpdateBody = Infer<typeof roleUpdateBody>;

/** DELETE /roles/:id?move_to=<group id>: the members holding the role get move_to instead. */
export const roleDeleteQuery = type({ move_to: optional(uuid()) });
export type RoleDeleteQuery = Infer<typeof roleDeleteQuery>;

// -- data retention history -------------------------------------------------------------

export const retentionHistoryListDef = {
  sorts: ['created_at', 'data_storage_period_days'],
  filters: {},
  ranges: { created_at: 'date' },
} as const satisfies ListDef;
export const retentionHistoryListQuery = listQuery(retentionHistoryListDef);

// -- accepting an invitation (/onboarding) ----------------------------------------------

const token = () => refine(string(), 'token', (v) => /^[A-Za-z0-9_-]{20,100}$/.test(v) || 'is not a valid invitation token');

export const onboardingInviteQuery = type({ token: token() });
export type OnboardingInviteQuery = Infer<typeof onboardingInviteQuery>;

export const onboardingRegisterBody = object({
  invite: object({
    token: token(),
    full_name: text({ max: 200 }),
    password: text({ min: MIN_PASSWORD_LENGTH, max: 200 }),
  }),
});
export type OnboardingRegisterBody = Infer<typeof onboardingRegisterBody>;

export const onboardingAcceptBody = object({ invite: object({ token: token() }) });
export type OnboardingAcceptBody = Infer<typeof onboardingAcceptBody>;

// -- what the API answers ---------------------------------------------------------------


export interface MemberRow {
  id: string;
  membership_id: string;
  full_name: string;
  email: string;
  phone: string | null;
  role: string;
  status: MemberStatus;
  groups: GroupRef[];
  last_sign_in_at: string | null;
  created_at: string;
  is_self: boolean;
}

export interface MemberDetail extends MemberRow {
  permissions: string[];
}

export interface InviteRow {
  id: string;
  email: string;
  role: string;
  status: InviteStatus;
  groups: GroupRef[];
  invited_by: { id: string; full_name: string } | null;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
  last_sent_at: string;
  send_count: number;
  created_at: string;
  /** The events the member may send now (the invite machine's answer): RESEND, REVOKE. */
  actions: string[];
}

export interface RoleRow {
  id: string;
  name: string;
  key: string;
  codes: string[];
  codes_count: number;
  members_count: number;
  created_at: string;
  updated_at: string;
}

export interface RetentionEntry {
  id: string;
  data_retention_approve: boolean;
  data_storage_period_days: number | null;
  created_by: { id: string; full_name: string; email: string } | null;
  created_at: string;
}

export interface OnboardingInvite {
  email: string;
  role: string;
  client: { id: string; name: string };
  inviter: { full_name: string } | null;
  expires_at: string;
  /** An account with the invited email exists: sign in, then accept. */
  account_exists: boolean;
  /** The embedded issuer is in use and there is no account yet: the page asks for a name and password. */
  can_register: boolean;
  /** Signed in at the identity provider with this email but without an account yet: the invitation can be accepted with it. */
  verified_email: string | null;
}

// -- data retention (spec 3, 5) -------------------------------------------------------------

/**
 * The retention periods offered wherever one is chosen (the onboarding dialog, Data
 * Retention), in days, with their labels; null is "Indefinite", the default. The API takes
 * any whole number of days from 1 to 36500, so a period set some other way still shows.
 */
export const DATA_RETENTION_PERIODS: readonly { value: number | null; label: string }[] = [
  { value: null, label: 'Indefinite' },
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
  { value: 180, label: '180 days' },
  { value: 365, label: '1 year (365 days)' },
  { value: 730, label: '2 years (730 days)' },
  { value: 1825, label: '5 years (1825 days)' },
  { value: 2555, label: '7 years (2555 days)' },
];

/** The label of a period: the list's, else "N days". */
export function retentionPeriodLabel(days: number | null | undefined): string {
  const value = days ?? null;
  return DATA_RETENTION_PERIODS.find((p) => p.value === value)?.label ?? `${value} days`;
}

export const dataRetentionBody = object({
  data_retention_config: object({
    data_retention_approve: boolean(),
    data_storage_period_days: optional(nullable(intRange(1, 36500))),
  }),
});
export type DataRetentionBody = Infer<typeof dataRetentionBody>;
