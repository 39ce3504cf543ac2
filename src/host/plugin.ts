// The browser side of the plugin contract: what an area registers with the core host.
// Everything here is data plus lazy imports, so the first page loads no area's code.
// The router, side menu, tab bars, breadcrumbs and guards are all derived from these
// manifests (src/web/registry.ts); nothing is listed twice.
import type { ComponentType } from 'react';
import type { AnyStateMachine } from 'xstate';
import type { AccessCheck } from '../shared/access.ts';
import type { FeatureCode } from '../shared/features.ts';
import type { PermissionCode } from '../shared/permissions.ts';

/** A lazily loaded page; its module's default export is the page component. */
export type LazyPage = () => Promise<{ default: ComponentType<PageProps> }>;

export interface PageProps {
  /** Route parameters, e.g. { id: '42' } for 'account/users/:id'. */
  params: Record<string, string>;
}

export interface RouteDef {
  /** wouter pattern relative to /{client_id}, e.g. 'account/users/:id'. '' is the client index. */
  path: string;
  /** Navigation section of spec 2.1 (account, admin, builder, checkup, transaction …). */
  section: string;
  /** Breadcrumb title. */
  title: string;
  /** Breadcrumb flags of spec 2.1. */
  crumb?: { disabled?: boolean; onlyWithChild?: boolean };
  access?: AccessCheck;
  feature?: FeatureCode | readonly FeatureCode[];
  /** The page. A route without one is registered but not available: absent from the menu, 404. */
  page?: LazyPage;
  /** An index route that redirects to another path relative to /{client_id}. */
  redirect?: string;
  /** Routes outside the /{client_id} prefix (root-level pages such as /onboarding). */
  global?: boolean;
}

export interface MenuGroupDef {
  /** Unique id; nested groups use 'parent/child'. */
  id: string;
  title: string;
  order: number;
  /** Octicon name from @primer/octicons-react, top-level groups only. */
  icon?: string;
  /** Groups whose pages show a tab bar of their siblings (spec 2.5). */
  tabBar?: boolean;
}

export interface MenuEntryDef {
  /** Group id this entry belongs to ('client_settings', 'compliance_toolset/screenings' …). */
  group: string;
  title: string;
  /** Path relative to /{client_id}; it must be a registered route (its guard is reused). */
  to: string;
  order: number;
  /** Tab bar this entry appears in (account, blacklist, case_management, tm_settings). */
  tabBar?: string;
  /** An external link: a URL, or 'config:<key>' for an address the deployment sets (help_url,
   *  auth_tools_url); hidden while that address is unset. Shown to everyone allowed by access. */
  external?: string;
  access?: AccessCheck;
}

export interface MachineDef {
  /** Unique id shown by the machine inspector. */
  id: string;
  description: string;
  machine: AnyStateMachine;
  /** The server keeps this machine's state per object (the inspector lists its instances). */
  stored?: { objectType: string };
}

export interface PluginManifest {
  /** Area name: the same in its folder, routes, API paths and tables. */
  name: string;
  title: string;
  routes: RouteDef[];
  menu?: { groups?: MenuGroupDef[]; entries?: MenuEntryDef[] };
  /** The permission codes this area checks (the roles editor groups codes by area). */
  permissions?: readonly PermissionCode[];
  features?: readonly FeatureCode[];
  machines?: MachineDef[];
  /** Legacy redirects of spec 2.7, relative to /{client_id}; ':param' segments carry over. */
  redirects?: { from: string; to: string }[];
}

export function definePlugin(manifest: PluginManifest): PluginManifest {
  return manifest;
}
