// Saved filter templates of a list (a "tab registry", spec 3/4/5/7). Save is refused with
// no filter value set, while templates load (or a save or star is under way), and at 50
// templates for the registry; starring is refused at 5 favorites (unstarring never is).
// Applying a filter clears the selected template; clearing removes every filter; empty
// values and empty arrays are dropped. The list calls are injected actors.
import { assign, fromPromise, setup } from 'xstate';

export const FILTER_TEMPLATES_MAX = 50;
export const FILTER_TEMPLATE_FAVORITES_MAX = 5;

export type FilterValues = Record<string, unknown>;
export type TemplateId = string | number;

/** Spec 3: filter template (tab registry). */
export interface FilterTemplate {
  id: TemplateId;
  name: string;
  favorite: boolean;
  registry_type: string;
  meta?: FilterValues | null;
  filters: FilterValues | null;
}

function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value).every(isEmptyValue);
  }
  return false;
}

/** Drops empty strings, null, undefined, empty arrays and objects holding nothing else. */
export function cleanFilters(values: FilterValues | null | undefined): FilterValues {
  const out: FilterValues = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    if (!isEmptyValue(value)) out[key] = value;
  }
  return out;
}

/** The update call's body (spec 7): empty arrays in meta and filters become null. */
export function emptyArraysToNull(values: FilterValues | null | undefined): FilterValues {
  const out: FilterValues = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    out[key] = Array.isArray(value) && value.length === 0 ? null : value;
  }
  return out;
}

export interface FilterTemplatesContext {
  registryType: string;
  templates: FilterTemplate[];
  filters: FilterValues;
  selectedTemplateId: TemplateId | null;
  /** The star being changed while `starring`. */
  pendingFavorite: SetFavoriteInput | null;
  error: unknown;
}

export interface FilterTemplatesInput {
  registryType: string;
  /** Filters restored from browser history state (spec 9). */
  filters?: FilterValues;
}

export type FilterTemplatesEvent =
  | { type: 'APPLY_FILTER'; filters: FilterValues }
  | { type: 'CLEAR' }
  | { type: 'SELECT_TEMPLATE'; id: TemplateId }
  | { type: 'SAVE'; name: string }
  | { type: 'TOGGLE_FAVORITE'; id: TemplateId }
  | { type: 'RELOAD' };

export interface CreateTemplateInput {
  registryType: string;
  name: string;
  filters: FilterValues;
}

export interface SetFavoriteInput {
  template: FilterTemplate;
  favorite: boolean;
}

export function favoriteCount(templates: readonly FilterTemplate[]): number {
  return templates.filter((t) => t.favorite).length;
}

export function hasFilterValue(filters: FilterValues): boolean {
  return Object.keys(cleanFilters(filters)).length > 0;
}

/** Save rule of spec 5, apart from "while loading", which is the machine's state. */
export function saveAllowed(context: Pick<FilterTemplatesContext, 'filters' | 'templates'>): boolean {
  return hasFilterValue(context.filters) && context.templates.length < FILTER_TEMPLATES_MAX;
}

/** Star rule of spec 5: a sixth favorite is refused; removing a star always works. */
export function favoriteToggleAllowed(templates: readonly FilterTemplate[], id: TemplateId): boolean {
  const template = templates.find((t) => t.id === id);
  if (!template) return false;
  return template.favorite || favoriteCount(templates) < FILTER_TEMPLATE_FAVORITES_MAX;
}

function outputOf<T>(event: object): T {
  return (event as { output: T }).output;
}

const never = <T>() => new Promise<T>(() => undefined);

export const filterTemplatesMachine = setup({
  types: {
    context: {} as FilterTemplatesContext,
    events: {} as FilterTemplatesEvent,
    input: {} as FilterTemplatesInput,
  },
  actors: {
    /** Injected: the list call (registry_type, per=50). */
    loadTemplates: fromPromise<FilterTemplate[], { registryType: string }>(() => never()),
    /** Injected: create a template from the current filters. */
    createTemplate: fromPromise<FilterTemplate, CreateTemplateInput>(() => never()),
    /** Injected: the update call by id (favorite flag). */
    setFavorite: fromPromise<FilterTemplate | void, SetFavoriteInput>(() => never()),
  },
  actions: {
    applyFilter: assign(({ event }) => (event.type === 'APPLY_FILTER'
      ? { filters: cleanFilters(event.filters), selectedTemplateId: null }
      : {})),
    clearFilters: assign({ filters: {}, selectedTemplateId: null }),
    selectTemplate: assign(({ context, event }) => {
      if (event.type !== 'SELECT_TEMPLATE') return {};
      const template = context.templates.find((t) => t.id === event.id);
      return template ? { selectedTemplateId: template.id, filters: cleanFilters(template.filters) } : {};
    }),
    storeTemplates: assign(({ event }) => ({ templates: outputOf<FilterTemplate[]>(event), error: null })),
    addTemplate: assign(({ context, event }) => {
      const created = outputOf<FilterTemplate>(event);
      return { templates: [...context.templates, created], selectedTemplateId: created.id, error: null };
    }),
    markFavorite: assign(({ context, event }) => {
      const template = context.templates.find((t) => event.type === 'TOGGLE_FAVORITE' && t.id === event.id);
      return { pendingFavorite: template ? { template, favorite: !template.favorite } : null };
    }),
    storeFavorite: assign(({ context, event }) => {
      // The update call may answer the template or nothing; either way the star flips.
      const updated = outputOf<FilterTemplate | undefined>(event);
      const pending = context.pendingFavorite;
      return {
        templates: context.templates.map((t) => {
          if (!pending || t.id !== pending.template.id) return t;
          return updated && updated.id === t.id ? updated : { ...t, favorite: pending.favorite };
        }),
        pendingFavorite: null,
        error: null,
      };
    }),
    forgetFavorite: assign({ pendingFavorite: null }),
    storeError: assign(({ event }) => ({ error: (event as { error?: unknown }).error ?? 'failed' })),
  },
  guards: {
    canSave: ({ context }) => saveAllowed(context),
    canToggleFavorite: ({ context, event }) =>
      event.type === 'TOGGLE_FAVORITE' && favoriteToggleAllowed(context.templates, event.id),
    templateExists: ({ context, event }) =>
      event.type === 'SELECT_TEMPLATE' && context.templates.some((t) => t.id === event.id),
  },
}).createMachine({
  id: 'filterTemplates',
  description: 'Saved filter templates: 50 per registry, 5 favorites, filters cleaned of empty values.',
  context: ({ input }) => ({
    registryType: input.registryType,
    templates: [],
    filters: cleanFilters(input.filters),
    selectedTemplateId: null,
    pendingFavorite: null,
    error: null,
  }),
  initial: 'loading',
  // Filtering never waits for the templates.
  on: {
    APPLY_FILTER: { actions: 'applyFilter' },
    CLEAR: { actions: 'clearFilters' },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadTemplates',
        input: ({ context }) => ({ registryType: context.registryType }),
        onDone: { target: 'ready', actions: 'storeTemplates' },
        onError: { target: 'failed', actions: 'storeError' },
      },
    },
    failed: {
      on: { RELOAD: 'loading' },
    },
    ready: {
      on: {
        SELECT_TEMPLATE: { guard: 'templateExists', actions: 'selectTemplate' },
        SAVE: { guard: 'canSave', target: 'saving' },
        TOGGLE_FAVORITE: { guard: 'canToggleFavorite', target: 'starring', actions: 'markFavorite' },
        RELOAD: 'loading',
      },
    },
    saving: {
      invoke: {
        src: 'createTemplate',
        input: ({ context, event }) => ({
          registryType: context.registryType,
          name: event.type === 'SAVE' ? event.name : '',
          filters: context.filters,
        }),
        onDone: { target: 'ready', actions: 'addTemplate' },
        onError: { target: 'ready', actions: 'storeError' },
      },
    },
    starring: {
      invoke: {
        src: 'setFavorite',
        input: ({ context }) => context.pendingFavorite as SetFavoriteInput,
        onDone: { target: 'ready', actions: 'storeFavorite' },
        onError: { target: 'ready', actions: ['forgetFavorite', 'storeError'] },
      },
    },
  },
});

export type FilterTemplatesMachine = typeof filterTemplatesMachine;
