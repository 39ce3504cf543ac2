// The open registries of the plugin contract. Core declares them empty; each area adds its
// own entries from its own folder with TypeScript declaration merging, so the typed unions
// (permission codes, feature codes, services, extension points) are derived from the areas
// and core never lists them:
//
//   const permissions = ['REMINDER_SETTINGS', 'MANAGE_REMINDERS'] as const;
//   declare module '../../src/host/registries.ts' {
//     interface PermissionRegistry extends CodesOf<typeof permissions> {}
//   }
//
// The same declarations are checked again at start-up (src/host/catalog.ts), so a code a
// guard names but no area declares stops the server and the browser with its name.

/** Permission codes, added by the areas that declare them (manifest `permissions`). */
export interface PermissionRegistry {}
/** Feature codes (modules a client may have switched on), added by their areas (manifest `features`). */
export interface FeatureRegistry {}
/**
 * Server services one area provides and others require: `'<area>.<name>': Shape`. The
 * providing area adds the entry; a requiring area names the id and gets the type, without
 * importing anything of the provider (like VS Code's extension `exports`).
 */
export interface ServiceRegistry {}
/**
 * Extension points an area owns and other areas contribute to: `'<area>.<point>': { web, server }`,
 * the shape of one contribution in the browser manifest and in the server plugin.
 */
export interface ExtensionPointRegistry {}

export type PermissionCode = Extract<keyof PermissionRegistry, string>;
export type FeatureCode = Extract<keyof FeatureRegistry, string>;
export type ServiceId = Extract<keyof ServiceRegistry, string>;
export type ExtensionPointId = Extract<keyof ExtensionPointRegistry, string>;

/** The administrator flag: carried by the user, never by a permission group. */
export const ADMIN = 'ADMIN' as const;
export type AccessCode = PermissionCode | typeof ADMIN;

/**
 * The permission-check semantics of spec 6: a code; a list, where any one must match; or a
 * strong group (allOf), where all must match. Groups nest.
 */
export type AccessCheck =
  | AccessCode
  | readonly AccessCheck[]
  | { readonly strong: true; readonly of: readonly AccessCheck[] };

/** A rule a page, a menu entry or an API route is guarded by. */
export interface Guard {
  access?: AccessCheck;
  /** Every one must be available to the client. */
  feature?: FeatureCode | readonly FeatureCode[];
}

/** `CodesOf<typeof permissions>`: the registry entries of a list of codes. */
export type CodesOf<T extends readonly string[]> = { [K in T[number]]: true };
/** `KeysOf<typeof features>`: the registry entries of a record's keys (code → title). */
export type KeysOf<T> = { [K in keyof T]: true };
