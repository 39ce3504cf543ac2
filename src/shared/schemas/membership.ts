// The role a member holds in a client. Grants come from permission groups; the role
// names the member's position (shown in the shell and the users list).
export const MEMBER_ROLES = ['owner', 'officer', 'analyst', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const MEMBER_ROLE_TITLES: Record<MemberRole, string> = {
  owner: 'Owner',
  officer: 'Compliance officer',
  analyst: 'Analyst',
  member: 'Member',
};

/** A role's title; an unknown value (a role retired later) shows as stored. */
export const roleTitle = (role: string): string => MEMBER_ROLE_TITLES[role as MemberRole] ?? role;

/** Spec 3: a permission group's key is its name lowercased with the first space turned into an underscore. */
export function permissionGroupKey(name: string): string {
  return name.toLowerCase().replace(' ', '_');
}

/** A permission group (or a client) by id and name, as lists show them. */
export interface GroupRef { id: string; name: string }

/** Passwords the product keeps (embedded issuer): chosen at an invitation, set by administrators. */
export const MIN_PASSWORD_LENGTH = 12;

/**
 * The permission groups a new client gets, one per role, filled from the areas' default
 * groups (src/host/catalog.ts `defaultGroups`); a member's role picks the group offered first.
 */
export const DEFAULT_GROUPS: readonly { name: string; role: MemberRole; codes: 'owner' | 'officer' | 'analyst' }[] = [
  { name: 'Owners', role: 'owner', codes: 'owner' },
  { name: 'Compliance officers', role: 'officer', codes: 'officer' },
  { name: 'Analysts', role: 'analyst', codes: 'analyst' },
];
