// The catalog: every area's declarations gathered, checked and resolved, for the browser
// (src/web/registry.ts) and the server (src/server/app.ts) alike. It is pure and runs once
// at start; anything inconsistent (a code no area declares, a guard name that does not
// exist, a menu group nobody declares, two areas declaring one code) stops the start with
// every problem named.
import type {
  AreaManifest, Contribution, ErrorDef, MachineDef, MenuEntryDef, MenuGroupDef, NotificationTypeDef, RouteDef,
  SearchCounterDef, ShellSlotDef, WorkflowStepWebDef,
} from './area.ts';
import { ADMIN, type AccessCheck, type Guard } from './registries.ts';

export interface DeclaredCode { code: string; area: string; areaTitle: string }
export interface DeclaredFeature extends DeclaredCode { title: string }

/** A route of some area, with its guard resolved to access and feature. */
export interface CatalogRoute extends RouteDef { area: string }
export interface CatalogEntry extends MenuEntryDef { area: string }
export interface CatalogSlot extends ShellSlotDef { area: string }
export interface CatalogCounter extends SearchCounterDef { area: string }

export interface Catalog {
  areas: readonly AreaManifest[];
  /** In area order, then each area's declaration order. */
  permissions: DeclaredCode[];
  features: DeclaredFeature[];
  isPermission(code: string): boolean;
  isFeature(code: string): boolean;
  /** A named guard of an area (throws for an unknown name). */
  guard(area: string, name: string): Guard;
  /** An area's guarded declaration ({ guard } or inline access/feature) as access and feature. */
  resolve(area: string, g: Guard & { guard?: string }): Guard;
  routes: CatalogRoute[];
  menuGroups: MenuGroupDef[];
  menuEntries: CatalogEntry[];
  redirects: { from: string; to: string; area: string }[];
  machines: (MachineDef & { area: string })[];
  notificationTypes: Map<string, NotificationTypeDef & { area: string }>;
  searchCounters: CatalogCounter[];
  lists: Set<string>;
  errors: Map<string, ErrorDef & { area: string }>;
  shell: { topBar: CatalogSlot[]; overlays: CatalogSlot[]; noClient: CatalogSlot[] };
  workflowSteps: (WorkflowStepWebDef & { area: string })[];
  /** The contributions every extension point received: '<area>.<point>' → contributions. */
  contributions: Map<string, Contribution<unknown>[]>;
  /** The codes of the default permission groups (manifests' `defaultGroups`), in catalog order. */
  defaultGroups: { owner: string[]; officer: string[]; analyst: string[] };
}

export class CatalogError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`the areas' declarations do not agree:\n- ${problems.join('\n- ')}`);
    this.problems = problems;
  }
}

function codesOf(check: AccessCheck | undefined): string[] {
  if (check === undefined) return [];
  if (typeof check === 'string') return [check];
  if (Array.isArray(check)) return (check as readonly AccessCheck[]).flatMap(codesOf);
  return (check as { of: readonly AccessCheck[] }).of.flatMap(codesOf);
}

export function featuresOf(f: Guard['feature']): readonly string[] {
  return f === undefined ? [] : typeof f === 'string' ? [f] : f;
}

export interface CatalogOptions {
  /** Error codes the platform itself answers (an area may not reuse them). */
  reservedErrors?: readonly string[];
}

export function buildCatalog(areas: readonly AreaManifest[], opts: CatalogOptions = {}): Catalog {
  const problems: string[] = [];
  const byName = new Map<string, AreaManifest>();
  for (const a of areas) {
    if (!a.name) problems.push('an area has no name');
    else if (byName.has(a.name)) problems.push(`two areas are named "${a.name}"`);
    byName.set(a.name, a);
  }

  // Codes and features first: every check below refers to them.
  const permissions: DeclaredCode[] = [];
  const features: DeclaredFeature[] = [];
  const permOwner = new Map<string, string>();
  const featOwner = new Map<string, string>();
  for (const a of areas) {
    for (const code of a.permissions ?? []) {
      if (code === ADMIN) problems.push(`${a.name}: ADMIN is the administrator flag, not a permission code`);
      else if (permOwner.has(code)) problems.push(`permission ${code} is declared by ${permOwner.get(code)} and ${a.name}`);
      else { permOwner.set(code, a.name); permissions.push({ code, area: a.name, areaTitle: a.title }); }
    }
    for (const [code, title] of Object.entries(a.features ?? {})) {
      if (featOwner.has(code)) problems.push(`feature ${code} is declared by ${featOwner.get(code)} and ${a.name}`);
      else { featOwner.set(code, a.name); features.push({ code, title, area: a.name, areaTitle: a.title }); }
    }
  }

  const checkGuard = (where: string, g: Guard) => {
    for (const c of codesOf(g.access)) {
      if (c !== ADMIN && !permOwner.has(c)) problems.push(`${where}: permission ${c} is declared by no area`);
    }
    for (const f of featuresOf(g.feature)) if (!featOwner.has(f)) problems.push(`${where}: feature ${f} is declared by no area`);
  };

  for (const a of areas) for (const [name, g] of Object.entries<Guard>(a.guards ?? {})) checkGuard(`${a.name} guard "${name}"`, g);

  const guard = (area: string, name: string): Guard => {
    const g = (byName.get(area)?.guards as Record<string, Guard> | undefined)?.[name];
    if (!g) throw new Error(`${area}: no guard named "${name}"`);
    return g;
  };
  const resolve = (area: string, g: Guard & { guard?: string }): Guard => {
    if (g.guard === undefined) return { access: g.access, feature: g.feature };
    return guard(area, g.guard);
  };
  const resolved = <T extends Guard & { guard?: string }>(area: string, where: string, item: T): T => {
    if (item.guard !== undefined) {
      if (item.access !== undefined || item.feature !== undefined) {
        problems.push(`${where}: names guard "${item.guard}" and an inline access or feature; use one`);
        return item;
      }
      const g = (byName.get(area)?.guards as Record<string, Guard> | undefined)?.[item.guard];
      if (!g) { problems.push(`${where}: no guard named "${item.guard}" in ${area}`); return item; }
      return { ...item, access: g.access, feature: g.feature };
    }
    checkGuard(where, item);
    return item;
  };

  // Extension points: contributions go to their owner, whose expansion adds routes and entries.
  const points = new Map<string, { owner: AreaManifest; expand?: (items: readonly Contribution<unknown>[]) => ReturnType<NonNullable<NonNullable<AreaManifest['extensionPoints']>[string]['expand']>> }>();
  for (const a of areas) {
    for (const [name, def] of Object.entries(a.extensionPoints ?? {})) points.set(`${a.name}.${name}`, { owner: a, expand: def.expand });
  }
  const contributions = new Map<string, Contribution<unknown>[]>();
  for (const id of points.keys()) contributions.set(id, []);
  for (const a of areas) {
    for (const [id, items] of Object.entries(a.contributes ?? {})) {
      const list = contributions.get(id);
      if (!list) { problems.push(`${a.name} contributes to ${id}, which no area declares`); continue; }
      for (const item of (items as readonly unknown[]) ?? []) list.push({ area: a.name, item });
    }
  }
  const expanded = new Map<string, { routes: RouteDef[]; entries: MenuEntryDef[] }>();
  for (const [id, p] of points) {
    if (!p.expand) continue;
    let out;
    try {
      out = p.expand(contributions.get(id) ?? []);
    } catch (err) {
      problems.push(`${id}: expanding its contributions failed: ${(err as Error).message}`);
      continue;
    }
    const cur = expanded.get(p.owner.name) ?? { routes: [], entries: [] };
    cur.routes.push(...(out.routes ?? []));
    cur.entries.push(...(out.menu?.entries ?? []));
    expanded.set(p.owner.name, cur);
  }

  const routes: CatalogRoute[] = [];
  const menuEntries: CatalogEntry[] = [];
  const menuGroups: MenuGroupDef[] = [];
  const groupOwner = new Map<string, string>();
  const redirects: Catalog['redirects'] = [];
  const machines: Catalog['machines'] = [];
  const notificationTypes: Catalog['notificationTypes'] = new Map();
  const searchCounters: CatalogCounter[] = [];
  const lists = new Set<string>();
  const listOwner = new Map<string, string>();
  const errors: Catalog['errors'] = new Map();
  const reserved = new Set(opts.reservedErrors ?? []);
  const shell: Catalog['shell'] = { topBar: [], overlays: [], noClient: [] };
  const workflowSteps: Catalog['workflowSteps'] = [];

  for (const a of areas) {
    const extra = expanded.get(a.name);
    for (const r of [...(a.routes ?? []), ...(extra?.routes ?? [])]) {
      routes.push({ ...resolved(a.name, `${a.name} route ${r.path || "''"}`, r as RouteDef & { guard?: string }), area: a.name });
    }
    for (const g of a.menu?.groups ?? []) {
      if (groupOwner.has(g.id)) problems.push(`menu group ${g.id} is declared by ${groupOwner.get(g.id)} and ${a.name}`);
      else { groupOwner.set(g.id, a.name); menuGroups.push(g); }
    }
    for (const e of [...(a.menu?.entries ?? []), ...(extra?.entries ?? [])]) {
      menuEntries.push({ ...resolved(a.name, `${a.name} menu entry ${e.title}`, e as MenuEntryDef & { guard?: string }), area: a.name });
    }
    for (const r of a.redirects ?? []) redirects.push({ ...r, area: a.name });
    for (const m of a.machines ?? []) {
      if (machines.some((x) => x.id === m.id)) problems.push(`machine ${m.id} is registered twice (${a.name})`);
      else machines.push({ ...m, area: a.name });
    }
    for (const [type, def] of Object.entries(a.notifications ?? {})) {
      const prev = notificationTypes.get(type);
      if (prev) problems.push(`notification type ${type} is declared by ${prev.area} and ${a.name}`);
      else notificationTypes.set(type, { ...def, area: a.name });
    }
    for (const s of a.search ?? []) {
      if (searchCounters.some((x) => x.key === s.key)) problems.push(`search counter ${s.key} is declared twice (${a.name})`);
      else searchCounters.push({ ...resolved(a.name, `${a.name} search counter ${s.key}`, s as SearchCounterDef & { guard?: string }), area: a.name });
    }
    for (const key of a.lists ?? []) {
      if (listOwner.has(key)) problems.push(`list ${key} is declared by ${listOwner.get(key)} and ${a.name}`);
      else { listOwner.set(key, a.name); lists.add(key); }
    }
    for (const [code, def] of Object.entries(a.errors ?? {})) {
      if (reserved.has(code)) problems.push(`${a.name}: error code ${code} is the platform's`);
      else if (errors.has(code)) problems.push(`error code ${code} is declared by ${errors.get(code)!.area} and ${a.name}`);
      else errors.set(code, { ...def, area: a.name });
    }
    for (const s of a.shell?.topBar ?? []) shell.topBar.push({ ...resolved(a.name, `${a.name} top bar ${s.id}`, s as ShellSlotDef & { guard?: string }), area: a.name });
    for (const s of a.shell?.overlays ?? []) shell.overlays.push({ ...resolved(a.name, `${a.name} overlay ${s.id}`, s as ShellSlotDef & { guard?: string }), area: a.name });
    for (const s of a.shell?.noClient ?? []) shell.noClient.push({ ...resolved(a.name, `${a.name} no-client slot ${s.id}`, s as ShellSlotDef & { guard?: string }), area: a.name });
    for (const w of a.workflowSteps ?? []) workflowSteps.push({ ...w, area: a.name });
    for (const r of a.requires ?? []) if (!byName.has(r)) problems.push(`${a.name} requires the area ${r}, which is not installed`);
  }

  // Every entry hangs on a declared group; parents of nested groups are declared too.
  for (const g of menuGroups) {
    const parent = g.id.includes('/') ? g.id.slice(0, g.id.lastIndexOf('/')) : null;
    if (parent && !groupOwner.has(parent)) problems.push(`menu group ${g.id}: its parent ${parent} is declared by no area`);
  }
  for (const e of menuEntries) if (!groupOwner.has(e.group)) problems.push(`${e.area} menu entry ${e.title}: group ${e.group} is declared by no area`);

  const officer: string[] = [];
  const analyst: string[] = [];
  for (const a of areas) {
    const own = new Set(a.permissions ?? []);
    const lists = { officer: a.defaultGroups?.officer, analyst: a.defaultGroups?.analyst };
    for (const [group, codes] of Object.entries(lists)) {
      for (const c of codes ?? []) if (!own.has(c)) problems.push(`${a.name} default group ${group}: ${c} is not one of the area's own codes`);
    }
    officer.push(...(lists.officer ?? a.permissions ?? []));
    analyst.push(...(lists.analyst ?? (a.permissions ?? []).filter((c) => /^(SEE|VIEW)_/.test(c) && !c.includes('CONFIDENTIAL'))));
  }
  const defaultGroups = { owner: permissions.map((p) => p.code), officer, analyst };

  shell.topBar.sort((x, y) => x.order - y.order);
  shell.overlays.sort((x, y) => x.order - y.order);
  shell.noClient.sort((x, y) => x.order - y.order);

  if (problems.length) throw new CatalogError(problems);

  return {
    areas, permissions, features,
    isPermission: (c) => permOwner.has(c),
    isFeature: (c) => featOwner.has(c),
    guard, resolve, routes, menuGroups, menuEntries, redirects, machines, notificationTypes,
    searchCounters, lists, errors, shell, workflowSteps, contributions, defaultGroups,
  };
}
