// The manifest of a product area: everything the area adds, declared once, in
// plugins/<area>/plugin.ts. The browser and the server both read it: the router, side menu,
// tab bars, breadcrumbs, page guards, API guards, the roles editor, global search, realtime
// refreshes, error texts and the machine inspector are derived from these declarations
// (src/host/catalog.ts), so core never names an area.
//
// The manifest is bundled into the first page: it holds data, small components (menu
// icons) and lazy imports only. Never import page code at the top of plugin.ts; only
// inside `page: () => import(...)`.
import type { ComponentType } from 'react';
import type { AnyStateMachine } from 'xstate';
import type { AccessCheck, ExtensionPointId, ExtensionPointRegistry, Guard, PermissionCode } from './registries.ts';

export type { AccessCheck, FeatureCode, Guard, PermissionCode, AccessCode } from './registries.ts';
export { ADMIN, type CodesOf, type KeysOf } from './registries.ts';

export interface PageProps {
  /** Route parameters, e.g. { id: '42' } for 'account/users/:id'. */
  params: Record<string, string>;
}

/** A lazily loaded page; its module's default export is the page component. */
export type LazyPage = () => Promise<{ default: ComponentType<PageProps> }>;
/** A lazily loaded component (shell slots, step forms, views other areas host). */
export type LazyComponent<P = object> = () => Promise<{ default: ComponentType<P> }>;

/** A key of the browser's response cache (['clients', clientId, 'invites', …]). */
export type CacheKey = readonly unknown[];

/** A guard: a named guard of this area, or an inline rule. */
interface Guarded<G extends string> extends Guard {
  /** A guard declared in the manifest's `guards` (shared with the area's API routes). */
  guard?: NoInfer<G>;
}

export interface RouteDef<G extends string = string> extends Guarded<G> {
  /** Pattern relative to /{client_id}, e.g. 'account/users/:id'. '' is the client index. */
  path: string;
  /** Navigation section of spec 2.1 (account, admin, builder, checkup, transaction …). */
  section: string;
  /** Breadcrumb title; also the document title of the page. */
  title: string;
  /** Breadcrumb flags of spec 2.1. */
  crumb?: { disabled?: boolean; onlyWithChild?: boolean };
  /** The page. A route without one is registered but not available: absent from the menu, 404. */
  page?: LazyPage;
  /** An index route that redirects to another path relative to /{client_id}. */
  redirect?: string;
  /** Routes outside the /{client_id} prefix (root-level pages such as /onboarding). */
  global?: boolean;
}

/** A menu icon: an octicon component (`import { GearIcon } from '@primer/octicons-react'`). */
export type MenuIcon = ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' | 'false' }>;

export interface MenuGroupDef {
  /** Unique id; nested groups use 'parent/child'. Entries of any area may join it. */
  id: string;
  title: string;
  order: number;
  /** Top-level groups only: the icon of the minimised 46 px rail. */
  icon?: MenuIcon;
  /** The group's own entries form a tab bar (spec 2.5). */
  tabBar?: boolean;
}

export interface MenuEntryDef<G extends string = string> extends Guarded<G> {
  /** A group declared by some area ('client_settings', 'compliance_toolset/screenings' …). */
  group: string;
  title: string;
  /** Path relative to /{client_id}; it must be a registered route (its guard is reused). */
  to: string;
  order: number;
  /** Tab bar this entry appears in (e.g. 'account', 'blacklist', 'case_management', 'tm_settings'). */
  tabBar?: string;
  /** An external link: a URL, or 'config:<key>' for an address the deployment sets (help_url,
   *  auth_tools_url); hidden while that address is unset. Shown to everyone the guard allows. */
  external?: string;
}

/** Where a statechart's state is stored on the server (its instances are rows). */
export interface StoredMachineDef {
  /** The audit and realtime object type of its rows ('invites'). */
  objectType: string;
  /** Cached data to refresh when one instance changes state (only what is already cached). */
  refresh?: (clientId: string, objectId: string) => CacheKey[];
}

export interface MachineDef {
  /** Unique id shown by the machine inspector: '<area>.<name>' for areas' machines. */
  id: string;
  description: string;
  machine: AnyStateMachine;
  /** Set when the server applies this machine's events to stored rows (ctx.transition). */
  stored?: StoredMachineDef;
}

/** A realtime message (spec 3): what /ws delivers for a notification or a state change. */
export interface RealtimeMessage {
  client_id?: string | null;
  notification_type?: string | null;
  obj_id?: string | number | null;
  obj_type?: string | null;
  [key: string]: unknown;
}

export interface NotificationTypeDef {
  /** Toast text when a message carries no text of its own. */
  title: string;
  /** Cached data a message of this type refreshes (spec 4: only when already cached). */
  refresh?: (msg: RealtimeMessage, clientId: string) => CacheKey[];
  /** What a click on the notification opens: a path relative to /{client_id}, or null. */
  link?: (msg: RealtimeMessage) => string | null;
}

/**
 * One count of the global search (spec 7: "count queries … q, per=1 …, each only if the user
 * may see that area"): the web asks the area's own list endpoint with `q` and `per=1` and
 * reads `meta.count`, so a count is exactly what the list behind it shows.
 */
export interface SearchCounterDef<G extends string = string> extends Guarded<G> {
  /** The key of `entry_count` in a saved search (spec 3: tm, case, checkup, profile …). */
  key: string;
  title: string;
  /** The list endpoint, relative to /api/v1/clients/{client_id} ('account/users'). */
  endpoint: string;
  /** The list page showing the matches (relative to /{client_id}); `q` is added to it. */
  to: string;
}

/** A component the shell hosts for every page of the client: top-bar items and overlays. */
export interface ShellSlotDef<G extends string = string> extends Guarded<G> {
  id: string;
  order: number;
  component: LazyComponent;
  /** Top bar: 'start' sits after the client's name, 'end' before the notifications. */
  placement?: 'start' | 'end';
}

export interface ErrorDef {
  status: number;
  /** Shown verbatim by the web (toasts, form alerts). */
  message: string;
}

/** The browser half of a workflow step type (the server half runs it). */
export interface WorkflowStepWebDef {
  type: string;
  title: string;
  /** Settings form of the step in a flow builder. */
  form?: LazyComponent<{ value: unknown; onChange(value: unknown): void }>;
}

/** A contribution to an extension point, as the owner sees it. */
export interface Contribution<T> {
  /** The contributing area. */
  area: string;
  item: T;
}

/** What an extension point's owner derives from the contributions it receives. */
export interface Expansion {
  routes?: RouteDef[];
  menu?: { entries?: MenuEntryDef[] };
}

export interface ExtensionPointDef<T = unknown> {
  description: string;
  /** Turns every contribution into the owner's routes and menu entries (pure). */
  expand?: (items: readonly Contribution<T>[]) => Expansion;
}

type WebContributions = {
  [P in ExtensionPointId]?: readonly (ExtensionPointRegistry[P] extends { web: infer W } ? W : never)[];
};

export interface AreaManifest<G extends string = string> {
  /** Area name: the same in its folder, routes, API paths and tables. */
  name: string;
  title: string;
  /** Permission codes this area declares (each code is declared by exactly one area). */
  permissions?: readonly string[];
  /** Feature codes this area declares, with the title the feature panel shows. */
  features?: Readonly<Record<string, string>>;
  /**
   * Which of the area's codes the default permission groups of a new client hold: Owners
   * hold every code; Compliance officers every code unless `officer` lists them; Analysts
   * the "see" and "view" codes that are not confidential unless `analyst` lists them.
   */
  defaultGroups?: { officer?: readonly PermissionCode[]; analyst?: readonly PermissionCode[] };
  /** Named guards, shared by the area's pages, menu entries and API routes. */
  guards?: Readonly<Record<G, Guard>>;
  routes?: readonly RouteDef<G>[];
  menu?: { groups?: readonly MenuGroupDef[]; entries?: readonly MenuEntryDef<G>[] };
  /** Statecharts the area runs (in the browser, or on the server when `stored`). */
  machines?: readonly MachineDef[];
  /** Legacy redirects of spec 2.7, relative to /{client_id}; ':param' segments carry over. */
  redirects?: readonly { from: string; to: string }[];
  /** Realtime notification types this area sends. */
  notifications?: Readonly<Record<string, NotificationTypeDef>>;
  /** Global search counts this area answers. */
  search?: readonly SearchCounterDef<G>[];
  /** List keys (registry_type) whose filters may be saved as filter templates. */
  lists?: readonly string[];
  /** Error codes this area's API answers, beyond the platform's. */
  errors?: Readonly<Record<string, ErrorDef>>;
  /** Success texts of the area's pages. */
  toasts?: Readonly<Record<string, string>>;
  /**
   * Components the shell hosts: on every page of a client (top bar, overlays), and on the
   * client chooser for a signed-in user who belongs to no client yet (`noClient`, guarded by
   * ADMIN at most: there are no client permissions there).
   */
  shell?: { topBar?: readonly ShellSlotDef<G>[]; overlays?: readonly ShellSlotDef<G>[]; noClient?: readonly ShellSlotDef<G>[] };
  /** Browser halves of the workflow step types this area's server plugin contributes. */
  workflowSteps?: readonly WorkflowStepWebDef[];
  /** Extension points this area owns, by name (their id is '<area>.<name>'). */
  extensionPoints?: Readonly<Record<string, ExtensionPointDef<any>>>;
  /** Contributions to other areas' (or its own) extension points. */
  contributes?: WebContributions;
  /** Areas this one needs (their routes, services or extension points). */
  requires?: readonly string[];
}

/** Declares an area; the guard names of `guards` are checked wherever the area uses them. */
export function defineArea<const G extends string = never>(manifest: AreaManifest<G>): AreaManifest<G> {
  return manifest;
}

/** A rule where all must match (spec 6: nested lists with the strong flag). */
export function allOf(...checks: AccessCheck[]): AccessCheck {
  return { strong: true, of: checks };
}
