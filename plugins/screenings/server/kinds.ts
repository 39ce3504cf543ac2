// The kinds the server knows: the web halves this area contributes itself (the spec's kinds,
// no server half yet) and every server half contributed to `screenings.kinds`. A server half
// that is malformed or contributed twice stops the start with its name. Then: which kinds a
// member may see, running a kind (time limit, no transaction open, its result checked) and
// recording what it found.
import { validate, type StructError } from 'superstruct';
import type { ServerPointHost, Tx } from '../../../src/host/server.ts';
import { hasAccess } from '../../../src/shared/access.ts';
import { fieldErrors } from '../../../src/shared/schemas/common.ts';
import { KIND_CODE, RESERVED_CODES, type KindResult, type ScreeningKindServer, type ScreeningKindWeb } from '../kinds.ts';
import area from '../plugin.ts';
import { kindResult, MAX_ERROR, MAX_NAME, SCREENINGS_TEXTS } from '../schemas.ts';
import { CHECKUPS_TABLE, HITS_TABLE } from './migrations.ts';

export interface KnownKind {
  code: string;
  title: string;
  access: ScreeningKindWeb['access'];
  feature?: ScreeningKindWeb['feature'];
  /** The contributing area. */
  area: string;
  /** The server half; none: the kind cannot be run yet. */
  server?: ScreeningKindServer;
}

export const DEFAULT_TIMEOUT_MS = 20_000;

/** Every kind, by code; throws naming every problem of the server halves. */
export function knownKinds(host: ServerPointHost): KnownKind[] {
  const kinds = new Map<string, KnownKind>();
  for (const k of area.contributes?.['screenings.kinds'] ?? []) {
    kinds.set(k.code, { code: k.code, title: k.title, access: k.access, feature: k.feature, area: area.name });
  }
  const problems: string[] = [];
  for (const { area: from, item } of host.contributions<ScreeningKindServer>('kinds')) {
    const code = item?.code;
    if (typeof code !== 'string' || !KIND_CODE.test(code) || RESERVED_CODES.includes(code)) {
      problems.push(`${from}: screening kind code ${JSON.stringify(code)} is not a kind's path segment (lowercase letters, digits, _)`);
      continue;
    }
    if (!item.input || typeof item.input.validate !== 'function' || typeof item.run !== 'function') {
      problems.push(`${from}: screening kind "${code}" needs input (a superstruct schema) and run()`);
      continue;
    }
    if (item.input.type !== 'object' && item.input.type !== 'type') {
      problems.push(`${from}: screening kind "${code}": its input must be an object (superstruct object() or type())`);
      continue;
    }
    if (item.access === undefined) problems.push(`${from}: screening kind "${code}" has no access rule (spread the kind's web half into its server half)`);
    const prev = kinds.get(code);
    if (prev?.server) {
      problems.push(`screening kind "${code}" has two server halves, from ${prev.area} and ${from}`);
      continue;
    }
    kinds.set(code, { code, title: item.title, access: item.access, feature: item.feature, area: from, server: item });
  }
  if (problems.length) throw new Error(`the screenings.kinds contributions do not agree:\n- ${problems.join('\n- ')}`);
  return [...kinds.values()];
}

const featureList = (f: KnownKind['feature']): readonly string[] => (f === undefined ? [] : typeof f === 'string' ? [f] : f);

/** The client's available features (the same table the request pipeline reads). */
export async function clientFeatures(tx: Tx, clientId: string): Promise<Set<string>> {
  const { rows } = await tx.query<{ code: string }>('SELECT code FROM client_features WHERE client_id = $1 AND available', [clientId]);
  return new Set(rows.map((r) => r.code));
}

/** The codes of the kinds a member may see in this client: the kind's own guard, as its pages use it. */
export function visibleCodes(kinds: readonly KnownKind[], permissions: ReadonlySet<string>, features: ReadonlySet<string>): string[] {
  return kinds
    .filter((k) => hasAccess(k.access, permissions) && featureList(k.feature).every((f) => features.has(f)))
    .map((k) => k.code);
}

export type RunOutcome =
  | { status: 'completed'; result: KindResult; error: null }
  | { status: 'failed'; result: null; error: string };

// PostgreSQL stores neither NUL nor lone surrogates (in text or in JSON).
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function unstorable(v: unknown): boolean {
  const stack = [v];
  while (stack.length) {
    const x = stack.pop();
    if (typeof x === 'string') { if (UNSTORABLE.test(x)) return true; continue; }
    if (x && typeof x === 'object') for (const [k, y] of Object.entries(x)) { if (UNSTORABLE.test(k)) return true; stack.push(y); }
  }
  return false;
}

function describe(err: StructError): string {
  return Object.entries(fieldErrors(err)).slice(0, 3).map(([k, m]) => `${k} ${m}`).join('; ');
}

const failed = (error: string): RunOutcome => ({ status: 'failed', result: null, error: error.slice(0, MAX_ERROR) });

export interface RunEnv {
  clientId: string;
  read: <R = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<R[]>;
  /** An outer signal (a flow step's); the kind's own time limit applies as well. */
  signal?: AbortSignal;
}

/**
 * Runs a kind: never throws for the kind's own failures (a thrown error, a time-out, a
 * result that is not one) but answers them as a failed outcome with a message to show. The
 * caller holds no transaction meanwhile. An outer signal that fires is thrown (a stopping
 * server, a flow step's time limit): that run is not the kind's failure.
 */
export async function runKind(kind: ScreeningKindServer, input: unknown, env: RunEnv): Promise<RunOutcome> {
  const ms = kind.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(new Error(SCREENINGS_TEXTS.timedOut(ms))), ms);
  const signal = env.signal ? AbortSignal.any([env.signal, limit.signal]) : limit.signal;
  try {
    const stopped = new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    stopped.catch(() => {});
    const raw = await Promise.race([kind.run({ clientId: env.clientId, signal, read: env.read }, input), stopped]);
    const [err, result] = validate(raw, kindResult);
    if (err) return failed(SCREENINGS_TEXTS.badResult(describe(err)));
    if (unstorable(result)) return failed(SCREENINGS_TEXTS.badResult('it holds NUL characters or lone surrogates'));
    return { status: 'completed', result: result as KindResult, error: null };
  } catch (e) {
    if (env.signal?.aborted) throw env.signal.reason;
    const message = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
    return failed(message.trim() || SCREENINGS_TEXTS.failedWithoutMessage);
  } finally {
    clearTimeout(timer);
  }
}

/** The screened subject's name: the kind's nameOf(), else input.name. */
export function subjectName(kind: ScreeningKindServer, input: unknown): string {
  let name: unknown;
  try {
    name = kind.nameOf ? kind.nameOf(input) : (input as { name?: unknown } | null)?.name;
  } catch {
    name = '';
  }
  return (typeof name === 'string' ? name.trim() : '').slice(0, MAX_NAME);
}

/**
 * Records how a run ended on its screening: the status, the provider's status and summary,
 * the error, and the hits (replacing any of an earlier attempt). Returns the hit count.
 */
export async function recordOutcome(tx: Tx, clientId: string, checkupId: string, outcome: RunOutcome): Promise<number> {
  await tx.query(`DELETE FROM ${HITS_TABLE} WHERE checkup_id = $1`, [checkupId]);
  const hits = outcome.result?.hits ?? [];
  if (hits.length) {
    await tx.query(
      `INSERT INTO ${HITS_TABLE} (client_id, checkup_id, position, name, score, source, reference, details)
       SELECT $1, $2, (e.ord - 1)::int, e.h->>'name', (e.h->>'score')::float8, e.h->>'source', e.h->>'reference',
              coalesce(e.h->'details', '{}'::jsonb)
         FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(h, ord)`,
      [clientId, checkupId, JSON.stringify(hits)],
    );
  }
  await tx.query(
    `UPDATE ${CHECKUPS_TABLE}
        SET execution_status = $2, provider_status = $3, summary = $4, error = $5, hits_count = $6, finished_at = now()
      WHERE id = $1`,
    [checkupId, outcome.status, outcome.result?.provider_status ?? null, outcome.result?.summary ?? null, outcome.error, hits.length],
  );
  return hits.length;
}

const CREATED_BY = `CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'full_name', u.full_name, 'email', u.email) END`;

/** The columns of a screening as the API answers it (c: the screening, u: its author). */
export const CHECKUP_SELECT = `c.id, c.kind, c.name, c.input, c.execution_status, c.provider_status, c.hits_count, c.summary,
  c.error, c.origin, c.origin_ref, ${CREATED_BY} AS created_by, c.created_at, c.finished_at`;
export const CHECKUP_FROM = `${CHECKUPS_TABLE} c LEFT JOIN users u ON u.id = c.created_by`;
export const HIT_SELECT = 'h.id, h.checkup_id, h.position, h.name, h.score, h.source, h.reference, h.details, h.created_at';

/** One screening of the client with its hits, or null. */
export async function loadCheckup(tx: Tx, clientId: string, id: string): Promise<(Record<string, unknown> & { kind: string }) | null> {
  const { rows } = await tx.query<Record<string, unknown> & { kind: string }>(
    `SELECT ${CHECKUP_SELECT} FROM ${CHECKUP_FROM} WHERE c.client_id = $1 AND c.id = $2`, [clientId, id]);
  if (!rows[0]) return null;
  const hits = await tx.query(`SELECT ${HIT_SELECT} FROM ${HITS_TABLE} h WHERE h.checkup_id = $1 ORDER BY h.position`, [id]);
  return { ...rows[0], hits: hits.rows };
}
