// Administrator tools (spec 2.5, 2.6 admin/*): the bodies and list queries of the
// platform's clients and users. The inner objects (clientFields, userFields …) are what the
// pages' forms validate; the wrapped bodies are what the server validates.
import {
  array, boolean, define, enums, nullable, object, optional, record, refine, string, type Infer, type Struct,
} from 'superstruct';
import { FEATURE_CODES, isFeatureCode, type FeatureCode } from '../features.ts';
import { PERMISSION_CODES, type PermissionCode } from '../permissions.ts';
import { MIN_PASSWORD_LENGTH } from './client-settings.ts';
import { emailAddress, isEmail, text, uuid } from './common.ts';
import { listQuery, type ListDef } from './lists.ts';
import { MEMBER_ROLES, type MemberRole } from './membership.ts';
import type { GroupRef } from './client-settings.ts';

const PHONE = /^\+?[0-9 ().-]{5,32}$/;

/** An email that may be left empty. */
export const optionalEmail = (): Struct<string, null> =>
  refine(string(), 'email', (v) => v.trim() === '' || (v.length <= 254 && isEmail(v)) || 'must be a valid email');

/** A phone number that may be left empty: digits, spaces and + ( ) - . only. */
export const optionalPhone = (): Struct<string, null> =>
  refine(string(), 'phone', (v) => v.trim() === '' || PHONE.test(v.trim()) || 'must be a valid phone number');

/** The same length rule as passwords chosen when accepting an invitation. */
export const MIN_PASSWORD = MIN_PASSWORD_LENGTH;
export const password = (): Struct<string, null> =>
  refine(string(), 'password', (v) => (v.length < MIN_PASSWORD ? `must be at least ${MIN_PASSWORD} characters`
    : v.length > 200 ? 'must be at most 200 characters' : true));

/** A password field that may stay empty (empty keeps the current password). */
export const optionalPassword = (): Struct<string, null> =>
  refine(string(), 'password', (v) => (v === '' ? true : v.length < MIN_PASSWORD ? `must be at least ${MIN_PASSWORD} characters`
    : v.length > 200 ? 'must be at most 200 characters' : true));

/** Money with at most two decimals, never negative (clients.balance is numeric(14, 2)). */
export const MAX_AMOUNT = 999_999_999_999.99;
export const amount = (): Struct<number, null> =>
  define<number>('amount', (v) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) return 'must be a number';
    if (v < 0) return 'must be at least 0';
    if (v > MAX_AMOUNT) return 'is too large';
    if (Math.abs(Math.round(v * 100) - v * 100) > 1e-6) return 'must have at most 2 decimals';
    return true;
  });

const featureCode = () => enums(FEATURE_CODES as FeatureCode[]);
const memberRole = () => enums(MEMBER_ROLES as unknown as MemberRole[]);

// -- default permission groups of a new client -------------------------------------------

const OFFICER_LEAVES_OUT: readonly PermissionCode[] = [
  'REFILL_BALANCE', 'MANAGE_CLIENT_SUBSCRIPTIONS', 'MANAGE_WL', 'MANAGE_USER_GROUPS',
];
const CONFIDENTIAL: readonly PermissionCode[] = ['SEE_PROFILE_CONFIDENTIAL', 'SEE_SUBMISSION_CONFIDENTIAL', 'SEE_BALANCE', 'SEE_WL'];

/** Each new client gets these groups; a member's role picks the group offered first. */
export const DEFAULT_PERMISSION_GROUPS: readonly { name: string; role: MemberRole; codes: readonly PermissionCode[] }[] = [
  { name: 'Owners', role: 'owner', codes: PERMISSION_CODES },
  { name: 'Compliance officers', role: 'officer', codes: PERMISSION_CODES.filter((c) => !OFFICER_LEAVES_OUT.includes(c)) },
  // Analysts read: every "see" and "view" code except the confidential and billing ones.
  { name: 'Analysts', role: 'analyst', codes: PERMISSION_CODES.filter((c) => /^(SEE|VIEW)_/.test(c) && !CONFIDENTIAL.includes(c)) },
];

// -- clients --------------------------------------------------------------------------------

export const clientFields = object({
  name: text({ max: 100 }),
  full_name: text({ max: 200 }),
  email: optional(nullable(optionalEmail())),
  phone: optional(nullable(optionalPhone())),
});
export type ClientFields = Infer<typeof clientFields>;

export const clientCreateBody = object({
  client: object({
    ...clientFields.schema,
    /** The features to make available; all of them when absent. */
    features: optional(array(featureCode())),
  }),
});
export type ClientCreateBody = Infer<typeof clientCreateBody>;

export const clientUpdateBody = object({
  client: object({
    name: optional(text({ max: 100 })),
    full_name: optional(text({ max: 200 })),
    email: optional(nullable(optionalEmail())),
    phone: optional(nullable(optionalPhone())),
  }),
});
export type ClientUpdateBody = Infer<typeof clientUpdateBody>;

/** Turns features on and off: { client_features: { OFAC: true, AI_SERVICES: false } }. */
export const clientFeaturesBody = object({
  client_features: refine(record(string(), boolean()), 'features', (v) => {
    const unknown = Object.keys(v).filter((k) => !isFeatureCode(k));
    if (unknown.length) return `has unknown features: ${unknown.join(', ')}`;
    return Object.keys(v).length > 0 || 'is a required field';
  }),
});
export type ClientFeaturesBody = Infer<typeof clientFeaturesBody>;

export const clientListDef = {
  sorts: ['name', 'full_name', 'email', 'members_count', 'balance', 'features_on', 'created_at'],
  ranges: { created_at: 'date', balance: 'number' },
} as const satisfies ListDef;
export const clientListQuery = listQuery(clientListDef);

// -- members of a client ----------------------------------------------------------------------

export const memberFields = object({
  email: emailAddress(),
  role: memberRole(),
  /** The client's groups; when absent, the default group of the role. */
  permission_group_ids: optional(array(uuid())),
});
export type MemberFields = Infer<typeof memberFields>;

export const memberCreateBody = object({ member: memberFields });
export type MemberCreateBody = Infer<typeof memberCreateBody>;

/** An invitation by email: the same fields, for someone without an account yet. */
export const adminInviteBody = object({ invite: memberFields });
export type AdminInviteBody = Infer<typeof adminInviteBody>;

// Named admin… beside client-settings' member schemas (account/users), which differ.
export const adminMemberUpdateBody = object({
  member: object({
    role: optional(memberRole()),
    permission_group_ids: optional(array(uuid())),
    is_active: optional(boolean()),
  }),
});
export type AdminMemberUpdateBody = Infer<typeof adminMemberUpdateBody>;

export const adminMemberListDef = {
  sorts: ['email', 'full_name', 'role', 'created_at'],
  filters: { role: { kind: 'text', multi: true, values: MEMBER_ROLES }, is_active: { kind: 'boolean' } },
} as const satisfies ListDef;
export const adminMemberListQuery = listQuery(adminMemberListDef);

// -- balance ------------------------------------------------------------------------------------

export const BALANCE_ENTRY_KINDS = ['top_up', 'set'] as const;
export type BalanceEntryKind = (typeof BALANCE_ENTRY_KINDS)[number];
export const BALANCE_ENTRY_TITLES: Record<BalanceEntryKind, string> = { top_up: 'Top up', set: 'Set balance' };

export const balanceEntryFields = object({
  kind: enums(BALANCE_ENTRY_KINDS as unknown as BalanceEntryKind[]),
  /** top_up: the amount added (more than 0); set: the new balance (0 or more). */
  amount: amount(),
  note: optional(nullable(refine(string(), 'note', (v) => v.length <= 500 || 'must be at most 500 characters'))),
});
export type BalanceEntryFields = Infer<typeof balanceEntryFields>;
export const balanceEntryBody = object({ balance_entry: balanceEntryFields });
export type BalanceEntryBody = Infer<typeof balanceEntryBody>;

export const balanceEntryListDef = {
  sorts: ['created_at', 'amount'],
  filters: { kind: { kind: 'text', multi: true, values: BALANCE_ENTRY_KINDS } },
  ranges: { created_at: 'date' },
} as const satisfies ListDef;
export const balanceEntryListQuery = listQuery(balanceEntryListDef);

// -- users ----------------------------------------------------------------------------------------

export const userFields = object({
  email: emailAddress(),
  full_name: text({ max: 200 }),
  phone: optional(nullable(optionalPhone())),
  is_admin: optional(boolean()),
  /** The initial password for the embedded issuer; none with an external issuer. */
  password: optional(nullable(password())),
});
export type UserFields = Infer<typeof userFields>;
export const userCreateBody = object({ user: userFields });
export type UserCreateBody = Infer<typeof userCreateBody>;

/** Profile fields; the administrator flag and the active state have their own actions. */
export const userUpdateBody = object({
  user: object({
    email: optional(emailAddress()),
    full_name: optional(text({ max: 200 })),
    phone: optional(nullable(optionalPhone())),
    /** A new password (embedded issuer only). */
    password: optional(nullable(password())),
  }),
});
export type UserUpdateBody = Infer<typeof userUpdateBody>;

export const userListDef = {
  sorts: ['email', 'full_name', 'memberships_count', 'created_at'],
  filters: { is_admin: { kind: 'boolean' }, is_active: { kind: 'boolean' } },
  ranges: { created_at: 'date' },
} as const satisfies ListDef;
export const userListQuery = listQuery(userListDef);

/** Why the administrator flag or the active state cannot change (answered as field errors). */
export const USER_RULES = {
  ownAdmin: 'You cannot revoke your own administrator flag',
  lastAdmin: 'The platform needs at least one active administrator',
  ownActive: 'You cannot deactivate your own account',
} as const;

// Records the administration API answers (the pages read the same shapes).
export interface FeatureState { code: string; title: string; available: boolean }

export interface AdminClientRow {
  id: string;
  name: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  balance: string;
  members_count: number;
  features_on: number;
  features_total: number;
  created_at: string;
  updated_at?: string;
  [key: string]: unknown;
}

export interface AdminClientDetail extends AdminClientRow {
  features: FeatureState[];
  permission_groups: (GroupRef & { codes_count: number })[];
}

export interface AdminMemberRow {
  id: string;
  user_id: string;
  email: string;
  full_name: string;
  user_is_active: boolean;
  role: string;
  is_active: boolean;
  permission_groups: GroupRef[];
  created_at: string;
  [key: string]: unknown;
}

export interface AdminInviteRow {
  id: string;
  email: string;
  role: string;
  status: 'pending' | 'accepted' | 'expired' | 'revoked';
  permission_groups: GroupRef[];
  invited_by: { id: string; full_name: string } | null;
  expires_at: string;
  created_at: string;
  [key: string]: unknown;
}

export interface BalanceEntryRow {
  id: string;
  kind: 'top_up' | 'set';
  amount: string;
  balance_before: string;
  balance_after: string;
  note: string | null;
  created_by_email: string | null;
  created_by_name: string | null;
  created_at: string;
  [key: string]: unknown;
}

export interface AdminUserRow {
  id: string;
  email: string;
  full_name: string;
  phone: string | null;
  is_admin: boolean;
  is_active: boolean;
  has_password: boolean;
  memberships_count: number;
  created_at: string;
  [key: string]: unknown;
}

export interface AdminUserDetail extends AdminUserRow {
  memberships: { id: string; role: string; is_active: boolean; created_at: string; client: GroupRef; permission_groups: GroupRef[] }[];
}

export interface IdentityMode { issuer: 'embedded' | 'external'; passwords: boolean }
