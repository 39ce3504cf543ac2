// Saved filter templates (spec 3 "tab registry", limits of spec 5 and 9).
import { boolean, nullable, object, optional, refine, type Infer } from 'superstruct';
import { jsonObject, text } from './common.ts';
import { listQuery, type ListDef } from './lists.ts';

export const MAX_TEMPLATES_PER_REGISTRY = 50;
export const MAX_FAVORITE_TEMPLATES = 5;

const registryType = () =>
  refine(text({ max: 64 }), 'registry_type', (v) => /^[A-Za-z0-9_.:/-]+$/.test(v) || 'may hold only letters, digits and _ . : / -');
// meta and filters are kept as sent: at most 16 KB and 16 levels each (MAX_JSON_BYTES, MAX_JSON_DEPTH).
const values = () => optional(nullable(jsonObject()));

export const tabRegistryListDef = {
  sorts: ['created_at', 'name'],
  filters: { registry_type: { kind: 'text' }, favorite: { kind: 'boolean' } },
} as const satisfies ListDef;
export const tabRegistryListQuery = listQuery(tabRegistryListDef);

export const tabRegistryCreateBody = object({
  tab_registry: object({
    name: text({ max: 100 }),
    registry_type: registryType(),
    favorite: optional(boolean()),
    meta: values(),
    filters: values(),
  }),
});
export type TabRegistryCreateBody = Infer<typeof tabRegistryCreateBody>;

export const tabRegistryUpdateBody = object({
  tab_registry: object({
    name: optional(text({ max: 100 })),
    // Accepted so the web can send the record back as it got it; it cannot change.
    registry_type: optional(registryType()),
    favorite: optional(boolean()),
    meta: values(),
    filters: values(),
  }),
});
export type TabRegistryUpdateBody = Infer<typeof tabRegistryUpdateBody>;
