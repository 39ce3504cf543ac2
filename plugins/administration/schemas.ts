// Administrator tools (spec 2.5, 2.6 admin/*): the bodies and list queries of the
// platform's clients and users. The inner objects (clientFields, userFields …) are what the
// pages' forms validate; the wrapped bodies are what the server validates.
import {
  array, boolean, define, enums, nullable, object, optional, pattern, record, refine, size, string, type Infer, type Struct,
} from 'superstruct';
import { emailAddress, isEmail, text, uuid } from '../../src/shared/schemas/common.ts';
import { listQuery, type ListDef } from '../../src/shared/schemas/lists.ts';
import { MEMBER_ROLES, MIN_PASSWORD_LENGTH, type GroupRef, type MemberRole } from '../../src/shared/schemas/membership.ts';

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

/** A feature code's shape; whether an installed area declares it is checked by the API (catalog). */
const featureCode = () => pattern(size(string(), 1, 64), /^[A-Z][A-Z0-9_]*$/);
const memberRole = () => enums(MEMBER_ROLES as unknown as MemberRole[]);

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
    features: optional(size(array(featureCode()), 0, 200)),
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
  client_features: refine(record(size(string(), 1, 64), boolean()), 'features', (v) => {
    const n = Object.keys(v).length;
    return n === 0 ? 'is a required field' : n > 200 ? 'has more features than any installation' : true;
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

/** An invitation as the client-settings area lists it (its `client-settings.invitations` service). */
export interface AdminInviteRow {
  id: string;
  email: string;
  role: string;
  status: 'pending' | 'accepted' | 'expired' | 'revoked';
  groups: GroupRef[];
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
