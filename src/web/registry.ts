// The core host's view of every area: the manifests of 'virtual:plugins' (plus the shell's
// own routes) gathered into the catalog (src/host/catalog.ts), then turned into the route
// table, the menu tree, the tab bars, the machine list and the legacy redirects.
// Everything the router, side menu, breadcrumbs and guards show is derived here, so an
// area is listed once, in its manifest. `buildRegistry` is pure (tests feed it fixtures);
// the module also exports the registry of this build and helpers bound to it.
import manifests from 'virtual:plugins';
import type { AreaManifest, MachineDef, MenuEntryDef, RouteDef } from '../host/area.ts';
import type { Guard } from '../host/registries.ts';
import { buildCatalog, type Catalog } from '../host/catalog.ts';
import { PLATFORM_ERRORS, BILLING_ERRORS } from '../shared/errors.ts';
import { hasAccess, isAllowed, type Grants } from '../shared/access.ts';
import { appConfig } from './config.ts';
import { coreArea } from './core-area.ts';
import { registerErrorTexts } from './error-texts.ts';
import { fillPattern, isInside, matchPattern, normalizePath, patternScore, splitPath, type Params } from './router/match.ts';

export interface RegisteredRoute extends RouteDef {
  /** Area that registered the route. */
  area: string;
  /** A page to show or an index redirect; otherwise the route answers 404. */
  available: boolean;
}

export type RouteResolution =
  | { kind: 'route'; route: RegisteredRoute; params: Params }
  | { kind: 'redirect'; to: string }
  | { kind: 'none' };

export interface MenuGroupNode {
  kind: 'group';
  id: string;
  title: string;
  order: number;
  icon?: MenuGroupIcon;
  tabBar?: boolean;
  children: MenuNode[];
}
export interface MenuEntryNode extends MenuEntryDef {
  area: string;
  kind: 'entry';
  /** The route behind `to` (absent for external links or unregistered paths). */
  route?: RegisteredRoute;
}
export type MenuNode = MenuGroupNode | MenuEntryNode;

/** A menu group the current member may see, with the link of its header. */
export type MenuGroupIcon = NonNullable<import('../host/area.ts').MenuGroupDef['icon']>;

export interface VisibleGroup {
  kind: 'group';
  id: string;
  title: string;
  icon?: MenuGroupIcon;
  /** Path (relative to /{client_id}) or external URL of the first visible child. */
  to: string;
  external?: boolean;
  children: VisibleNode[];
}
export interface VisibleEntry {
  kind: 'entry';
  id: string;
  title: string;
  to: string;
  external?: boolean;
}
export type VisibleNode = VisibleGroup | VisibleEntry;

export interface TabBar {
  id: string;
  entries: VisibleEntry[];
}

export interface Crumb {
  title: string;
  /** Absolute path (under /{client_id}) or null when the crumb is not a link. */
  to: string | null;
}

export interface Registry {
  catalog: Catalog;
  routes: RegisteredRoute[];
  globalRoutes: RegisteredRoute[];
  redirects: { from: string; to: string; area: string }[];
  menu: MenuGroupNode[];
  tabBars: Record<string, MenuEntryNode[]>;
  machines: (MachineDef & { area: string })[];
  routeFor(path: string): RouteResolution;
  globalRouteFor(path: string): { route: RegisteredRoute; params: Params } | null;
  /** Whether a member passes a rule (a route, a menu entry, a shell slot, a search counter). */
  canSee(rule: Guard, grants: Grants): boolean;
  visibleMenu(grants: Grants): VisibleGroup[];
  tabBarFor(path: string, grants: Grants): TabBar | null;
  breadcrumbs(path: string): Crumb[];
  /** Ids of the groups that hold the current path (they start open). */
  openGroupsFor(path: string, menu: VisibleGroup[]): string[];
}

function bestMatch(routes: RegisteredRoute[], path: string): { route: RegisteredRoute; params: Params } | null {
  let best: { route: RegisteredRoute; params: Params; score: number } | null = null;
  for (const route of routes) {
    const params = matchPattern(route.path, path);
    if (!params) continue;
    const score = patternScore(route.path) + (route.available ? 0.5 : 0);
    if (!best || score > best.score) best = { route, params, score };
  }
  return best ? { route: best.route, params: best.params } : null;
}

/** The registry of a set of areas; throws a CatalogError naming every inconsistency. */
export function buildRegistry(areas: readonly AreaManifest<any>[]): Registry {
  const catalog = buildCatalog(areas, { reservedErrors: [...Object.keys(PLATFORM_ERRORS), ...Object.keys(BILLING_ERRORS)] });
  const routes: RegisteredRoute[] = [];
  const globalRoutes: RegisteredRoute[] = [];
  const redirects: Registry['redirects'] = catalog.redirects.map((r) => ({ ...r, from: normalizePath(r.from), to: normalizePath(r.to) }));
  const machines: Registry['machines'] = catalog.machines;

  for (const r of catalog.routes) {
    const reg: RegisteredRoute = { ...r, path: normalizePath(r.path), available: Boolean(r.page || r.redirect !== undefined) };
    (r.global ? globalRoutes : routes).push(reg);
  }
  const groupDefs = new Map(catalog.menuGroups.map((g) => [g.id, g] as const));
  const entries = catalog.menuEntries;

  const routeFor = (path: string): RouteResolution => {
    const clean = normalizePath(path);
    const hit = bestMatch(routes, clean);
    if (hit?.route.available) {
      if (hit.route.redirect !== undefined && !hit.route.page) {
        return { kind: 'redirect', to: fillPattern(hit.route.redirect, hit.params) };
      }
      return { kind: 'route', route: hit.route, params: hit.params };
    }
    // Legacy addresses (spec 2.7) come after real routes so a route always wins.
    let legacy: { to: string; score: number } | null = null;
    for (const red of redirects) {
      const params = matchPattern(red.from, clean);
      const score = params ? patternScore(red.from) : -1;
      if (params && (!legacy || score > legacy.score)) legacy = { to: fillPattern(red.to, params), score };
    }
    if (legacy) return { kind: 'redirect', to: legacy.to };
    return hit ? { kind: 'route', route: hit.route, params: hit.params } : { kind: 'none' };
  };

  // The menu tree: groups nest by 'parent/child' ids; entries hang on their group.
  const groupNodes = new Map<string, MenuGroupNode>();
  const ensureGroup = (id: string): MenuGroupNode => {
    let node = groupNodes.get(id);
    if (node) return node;
    const def = groupDefs.get(id)!;
    node = { kind: 'group', id, title: def.title, order: def.order, icon: def.icon, tabBar: def.tabBar, children: [] };
    groupNodes.set(id, node);
    const parent = id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : null;
    if (parent) ensureGroup(parent).children.push(node);
    return node;
  };
  for (const id of groupDefs.keys()) ensureGroup(id);
  const entryNodes: MenuEntryNode[] = entries.map((e) => {
    const res = e.external ? null : routeFor(e.to);
    const route = res?.kind === 'route' ? res.route : res?.kind === 'redirect' ? resolveRoute(res.to) : undefined;
    const node: MenuEntryNode = { ...e, to: e.external ? externalUrl(e.external) : normalizePath(e.to), kind: 'entry', route };
    ensureGroup(e.group).children.push(node);
    return node;
  });
  function resolveRoute(path: string): RegisteredRoute | undefined {
    const hit = bestMatch(routes, path);
    return hit?.route;
  }
  const sortTree = (nodes: MenuNode[]) => {
    nodes.sort((a, b) => a.order - b.order);
    for (const n of nodes) if (n.kind === 'group') sortTree(n.children);
  };
  const menu = [...groupNodes.values()].filter((g) => !g.id.includes('/'));
  sortTree(menu as MenuNode[]);

  const tabBars: Record<string, MenuEntryNode[]> = {};
  for (const e of entryNodes) if (e.tabBar) (tabBars[e.tabBar] ??= []).push(e);
  for (const g of groupNodes.values()) {
    if (!g.tabBar) continue;
    const key = g.id.split('/').pop() ?? g.id;
    for (const c of g.children) if (c.kind === 'entry' && !(tabBars[key] ?? []).includes(c)) (tabBars[key] ??= []).push(c);
  }
  for (const list of Object.values(tabBars)) list.sort((a, b) => a.order - b.order);

  const canSee = (rule: Guard, grants: Grants) => isAllowed(grants, rule);

  const entryVisible = (e: MenuEntryNode, grants: Grants): boolean => {
    if (e.external) return e.to !== '' && hasAccess(e.access, grants.permissions);
    if (!e.route || !e.route.available) return false;
    return canSee(e.route, grants) && hasAccess(e.access, grants.permissions);
  };

  const visibleGroup = (g: MenuGroupNode, grants: Grants): VisibleGroup | null => {
    const children: VisibleNode[] = [];
    for (const c of g.children) {
      if (c.kind === 'group') {
        const v = visibleGroup(c, grants);
        if (v) children.push(v);
      } else if (entryVisible(c, grants)) {
        children.push({ kind: 'entry', id: `${c.group}:${c.to}`, title: c.title, to: c.to, external: c.external ? true : undefined });
      }
    }
    if (children.length === 0) return null;
    // The header opens the first page inside the product; an external link only when alone.
    const first = children.find((c) => !c.external) ?? children[0];
    return { kind: 'group', id: g.id, title: g.title, icon: g.icon, to: first.to, external: first.external, children };
  };

  const visibleMenu = (grants: Grants): VisibleGroup[] =>
    menu.map((g) => visibleGroup(g, grants)).filter((g): g is VisibleGroup => g !== null);

  const tabBarFor = (path: string, grants: Grants): TabBar | null => {
    const clean = normalizePath(path);
    let found: { id: string; depth: number } | null = null;
    for (const [id, list] of Object.entries(tabBars)) {
      for (const e of list) {
        if (e.external || !isInside(clean, e.to)) continue;
        const depth = splitPath(e.to).length;
        if (!found || depth > found.depth) found = { id, depth };
      }
    }
    if (!found) return null;
    const visible = tabBars[found.id]
      .filter((e) => entryVisible(e, grants))
      .map((e): VisibleEntry => ({ kind: 'entry', id: `${found.id}:${e.to}`, title: e.title, to: e.to }));
    return visible.length ? { id: found.id, entries: visible } : null;
  };

  const breadcrumbs = (path: string): Crumb[] => {
    const segs = splitPath(path);
    const found: { route: RegisteredRoute; to: string }[] = [];
    for (let i = 1; i <= segs.length; i++) {
      const prefix = segs.slice(0, i).join('/');
      const hit = bestMatch(routes, prefix);
      if (!hit || found.some((f) => f.route === hit.route)) continue;
      found.push({ route: hit.route, to: prefix });
    }
    return found
      .filter((f, i) => !(f.route.crumb?.onlyWithChild && i === found.length - 1))
      .map((f, i, list) => ({
        title: f.route.title,
        to: i === list.length - 1 || f.route.crumb?.disabled ? null : f.to,
      }));
  };

  const openGroupsFor = (path: string, visible: VisibleGroup[]): string[] => {
    const open: string[] = [];
    const walk = (g: VisibleGroup): boolean => {
      let inside = false;
      for (const c of g.children) {
        if (c.kind === 'group') inside = walk(c) || inside;
        else if (!c.external && isInside(path, c.to)) inside = true;
      }
      if (!inside) {
        // A tab-bar sibling of a menu entry counts as inside its group.
        const bar = Object.values(tabBars).find((list) => list.some((e) => !e.external && isInside(path, e.to)));
        if (bar && g.children.some((c) => c.kind === 'entry' && bar.some((e) => e.to === c.to))) inside = true;
      }
      if (inside) open.push(g.id);
      return inside;
    };
    for (const g of visible) walk(g);
    return open;
  };

  const globalRouteFor = (path: string) => {
    const hit = bestMatch(globalRoutes, normalizePath(path));
    return hit && hit.route.available ? hit : null;
  };

  return {
    catalog, routes, globalRoutes, redirects, menu, tabBars, machines,
    routeFor, globalRouteFor, canSee, visibleMenu, tabBarFor, breadcrumbs, openGroupsFor,
  };
}

/** The registry of this build: the shell's own routes and machines, then every discovered area. */
export const registry: Registry = buildRegistry([coreArea, ...manifests]);
registerErrorTexts(registry.catalog.errors);

export const routeFor = (path: string) => registry.routeFor(path);
export const visibleMenu = (grants: Grants) => registry.visibleMenu(grants);
export const canSee = (rule: Guard, grants: Grants) => registry.canSee(rule, grants);

/**
 * An external menu link is either a URL or 'config:<key>', an address the deployment sets
 * (HELP_URL, AUTH_TOOLS_URL → window.__APP__.links). An unset one resolves to '' and the
 * entry is hidden, so the menu never offers a link to nowhere.
 */
export function externalUrl(external: string, links: Record<string, string> = appConfig.links): string {
  return external.startsWith('config:') ? links[external.slice('config:'.length)] ?? '' : external;
}
