// The server half of the list toolkit. A list endpoint describes its table (what to
// select, which SQL each filter, range and sort name maps to); listRows turns the
// validated query of src/shared/schemas/lists.ts into one parameterised SELECT plus a
// count, applying a saved filter template (tab_registry_id) under the request's own
// filters. Handlers return the result as is: { data, meta: { page, per, count, pages } }.
import { validate } from 'superstruct';
import type { Queryable } from '../host/server.ts';
import { fieldErrors } from '../shared/schemas/common.ts';
import { DEFAULT_PER, listQuery, type ListDef, type ListQuery } from '../shared/schemas/lists.ts';
import { invalid } from './http/errors.ts';

const LIST = Symbol.for('compliance.list');

export interface ListMeta {
  page: number;
  per: number;
  count: number;
  pages: number;
  [extra: string]: unknown;
}

export interface ListResult<R = unknown> {
  readonly [LIST]: true;
  data: R[];
  meta: ListMeta;
}

/** Wraps rows as a list body; the registrar answers { success, data, meta }. */
export function list<R>(data: R[], meta: Partial<ListMeta> & { count: number }): ListResult<R> {
  const per = meta.per ?? (data.length || DEFAULT_PER);
  const page = meta.page ?? 1;
  return { [LIST]: true, data, meta: { ...meta, page, per, count: meta.count, pages: Math.ceil(meta.count / per) } };
}

export function isList(v: unknown): v is ListResult {
  return typeof v === 'object' && v !== null && (v as Record<symbol, unknown>)[LIST] === true;
}

/** Adds a parameter and returns its placeholder ($n). */
export type Param = (value: unknown) => string;

export interface ColumnDef {
  /** SQL expression (trusted, written by the endpoint). */
  sql: string;
  /** How a filter compares; ranges always use >= and <=. Default '='. */
  op?: '=' | '>=' | '<=' | '<>' | 'ilike';
}

export interface ListSource {
  def: ListDef;
  /** FROM clause, joins included. */
  from: string;
  select: string;
  /** Conditions every request gets (ownership, scoping). */
  where?: (p: Param) => string[];
  /** Expressions q is matched against (case-insensitive substring). */
  search?: string[];
  /** Filter, range and sort names → SQL. Every name in def must be mapped. */
  columns: Record<string, string | ColumnDef>;
  /** e.g. '-created_at'. */
  defaultSort: string;
  /** Unique expression appended to ORDER BY so pages never overlap. */
  tieBreaker: string;
  /** Ordering that always comes first (e.g. pinned notifications on top). */
  orderFirst?: string;
  /** Saved templates of this registry_type may be applied with tab_registry_id. */
  registryType?: string;
}

const PAGING = new Set(['page', 'per', 'sort', 'q', 'tab_registry_id']);
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function column(source: ListSource, name: string): ColumnDef {
  const c = source.columns[name];
  if (c === undefined) throw new Error(`list: no column for "${name}"`);
  return typeof c === 'string' ? { sql: c } : c;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (m) => '\\' + m);
}

/** Date-only upper bounds include the whole day. */
function upperBound(v: unknown): { value: unknown; op: '<' | '<=' } {
  if (typeof v === 'string' && DATE_ONLY.test(v)) {
    const d = new Date(v + 'T00:00:00Z');
    d.setUTCDate(d.getUTCDate() + 1);
    return { value: d.toISOString(), op: '<' };
  }
  return { value: v, op: '<=' };
}

async function templateFilters(tx: Queryable, source: ListSource, id: string, userId: string | null): Promise<Record<string, unknown>> {
  const { rows } = await tx.query<{ filters: Record<string, unknown> | null }>(
    `SELECT filters FROM tab_registries WHERE id = $1 AND user_id = $2 AND registry_type = $3`,
    [id, userId, source.registryType ?? ''],
  );
  if (!rows.length || !source.registryType) throw invalid({ tab_registry_id: 'is not a saved filter template of this list' });
  const saved = rows[0].filters ?? {};
  const known = new Set([...Object.keys(source.def.filters ?? {}), ...Object.keys(source.def.ranges ?? {}).flatMap((k) => [`from_${k}`, `to_${k}`]), 'q']);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(saved)) {
    // Spec 4: empty values and empty arrays are not filters.
    if (!known.has(k) || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = typeof v === 'number' || typeof v === 'boolean' ? String(v) : Array.isArray(v) ? v.map(String) : v;
  }
  return out;
}

export async function listRows<R = Record<string, unknown>>(
  tx: Queryable,
  source: ListSource,
  query: ListQuery,
  opts: { userId?: string | null; extraMeta?: (meta: ListMeta) => Record<string, unknown> } = {},
): Promise<ListResult<R>> {
  let q = query;
  if (q.tab_registry_id) {
    const saved = await templateFilters(tx, source, q.tab_registry_id, opts.userId ?? null);
    const [err, merged] = validate({ ...saved, ...q }, listQuery(source.def), { coerce: true });
    if (err) throw invalid({ tab_registry_id: `holds a filter that is not valid (${Object.entries(fieldErrors(err)).map(([k, m]) => `${k} ${m}`).join('; ')})` });
    q = merged;
  }

  const params: unknown[] = [];
  const p: Param = (v) => { params.push(v); return `$${params.length}`; };
  const where: string[] = source.where ? source.where(p) : [];

  if (typeof q.q === 'string' && q.q.trim() !== '' && source.search?.length) {
    const ph = p(`%${escapeLike(q.q.trim())}%`);
    where.push(`(${source.search.map((s) => `${s} ILIKE ${ph}`).join(' OR ')})`);
  }

  for (const [name, def] of Object.entries(source.def.filters ?? {})) {
    const v = q[name];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    const c = column(source, name);
    if (def.multi) {
      const values = (v as unknown[]).map((x) => (def.kind === 'integer' ? Number(x) : x));
      where.push(`${c.sql} = ANY(${p(values)})`);
    } else if (c.op === 'ilike') {
      where.push(`${c.sql} ILIKE ${p(`%${escapeLike(String(v))}%`)}`);
    } else if (def.kind === 'date' && c.op === '<=') {
      const b = upperBound(v);
      where.push(`${c.sql} ${b.op} ${p(b.value)}`);
    } else {
      where.push(`${c.sql} ${c.op ?? '='} ${p(v)}`);
    }
  }

  for (const key of Object.keys(source.def.ranges ?? {})) {
    const c = column(source, key);
    const from = q[`from_${key}`];
    const to = q[`to_${key}`];
    if (from !== undefined && from !== '') where.push(`${c.sql} >= ${p(from)}`);
    if (to !== undefined && to !== '') {
      const b = upperBound(to);
      where.push(`${c.sql} ${b.op} ${p(b.value)}`);
    }
  }

  const sort = q.sort ?? source.defaultSort;
  const desc = sort.startsWith('-');
  const sortCol = column(source, desc ? sort.slice(1) : sort);
  const dir = desc ? 'DESC' : 'ASC';
  const order = `${source.orderFirst ? source.orderFirst + ', ' : ''}${sortCol.sql} ${dir} NULLS LAST, ${source.tieBreaker} ${dir}`;

  const per = q.per ?? DEFAULT_PER;
  const page = q.page ?? 1;
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const countParams = params.slice();
  const rows = await tx.query<R>(
    `SELECT ${source.select} FROM ${source.from} ${whereSql} ORDER BY ${order} LIMIT ${p(per)} OFFSET ${p((page - 1) * per)}`,
    params,
  );
  const counted = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${source.from} ${whereSql}`, countParams);
  const count = Number(counted.rows[0]?.n ?? 0);
  const meta: ListMeta = { page, per, count, pages: Math.ceil(count / per) };
  return list(rows.rows, { ...meta, ...(opts.extraMeta?.(meta) ?? {}) });
}

/** For handlers that page by hand: the filters of a query without its paging keys. */
export function filtersOf(q: ListQuery): Record<string, unknown> {
  return Object.fromEntries(Object.entries(q).filter(([k, v]) => !PAGING.has(k) && v !== undefined));
}
