// The permission-check semantics of spec 6, used by the router guards, the menu and the
// API alike: a single code; a list, where any one must match; or a strong group, where
// all must match. Groups nest.
// Structural and string-typed, so browser and server read any area's rules; the typed
// forms areas write are in src/host/registries.ts.

export type AccessCheck =
  | string
  | readonly AccessCheck[]
  | { readonly strong: true; readonly of: readonly AccessCheck[] };

/** What a signed-in member holds in the current client. */
export interface Grants {
  /** Codes from the member's permission groups, plus 'ADMIN' for platform administrators. */
  readonly permissions: ReadonlySet<string>;
  /** Features available to the current client. */
  readonly features: ReadonlySet<string>;
}

export function hasAccess(check: AccessCheck | undefined, permissions: ReadonlySet<string>): boolean {
  if (check === undefined) return true;
  if (typeof check === 'string') return permissions.has(check);
  if (Array.isArray(check)) return check.length === 0 || check.some((c) => hasAccess(c, permissions));
  const group = check as { of: readonly AccessCheck[] };
  return group.of.every((c) => hasAccess(c, permissions));
}

export function isAllowed(
  grants: Grants,
  rule: { access?: AccessCheck; feature?: string | readonly string[] },
): boolean {
  if (!hasAccess(rule.access, grants.permissions)) return false;
  if (rule.feature === undefined) return true;
  const features = typeof rule.feature === 'string' ? [rule.feature] : rule.feature;
  return features.every((f) => grants.features.has(f));
}
