// The query every list endpoint takes (DESIGN.md, API conventions): page, per (default
// 20, at most 100), q, sort (`field` or `-field`, from a whitelist), filters by name
// (arrays for multi-selects), ranges as from_<key>/to_<key>, tab_registry_id. One
// definition yields the superstruct schema used by the server and the list toolkit.
import { enums, optional, string, type, type Struct } from 'superstruct';
import { isoDate, queryBool, queryInt, queryList, queryNumber, text, uuid } from './common.ts';

export const DEFAULT_PER = 20;
export const MAX_PER = 100;

export type FilterKind = 'text' | 'uuid' | 'boolean' | 'integer' | 'date';

export interface FilterDef {
  kind: FilterKind;
  /** A multi-select: the value is an array. */
  multi?: boolean;
  /** Allowed values for text filters. */
  values?: readonly string[];
}

export interface ListDef {
  /** Sortable fields; the request may prefix one with '-' for descending. */
  sorts: readonly string[];
  filters?: Readonly<Record<string, FilterDef>>;
  /** Range keys: the request sends from_<key> and to_<key>. */
  ranges?: Readonly<Record<string, 'date' | 'number'>>;
}

export interface ListQuery {
  page?: number;
  per?: number;
  q?: string;
  sort?: string;
  tab_registry_id?: string;
  [filter: string]: unknown;
}

function scalar(f: FilterDef): Struct<any, any> {
  switch (f.kind) {
    case 'uuid': return uuid();
    case 'boolean': return queryBool();
    case 'integer': return queryInt(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    case 'date': return isoDate();
    default: return f.values ? enums(f.values as string[]) : text({ max: 200 });
  }
}

export function listQuery(def: ListDef): Struct<ListQuery, any> {
  const sorts = def.sorts.flatMap((s) => [s, `-${s}`]);
  const schema: Record<string, Struct<any, any>> = {
    page: optional(queryInt(1, 1_000_000)),
    per: optional(queryInt(1, MAX_PER)),
    q: optional(string()),
    sort: optional(enums(sorts)),
    tab_registry_id: optional(uuid()),
  };
  for (const [name, f] of Object.entries(def.filters ?? {})) {
    schema[name] = optional(f.multi ? queryList(scalar(f)) : scalar(f));
  }
  for (const [key, kind] of Object.entries(def.ranges ?? {})) {
    const s: Struct<any, any> = kind === 'date' ? isoDate() : queryNumber();
    schema[`from_${key}`] = optional(s);
    schema[`to_${key}`] = optional(s);
  }
  // type(), not object(): unknown parameters (cache busters, UI state) are ignored.
  return type(schema) as unknown as Struct<ListQuery, any>;
}
