// The browser's HTTP client for /api/v1 and its response cache.
// - `api`: a ky instance that adds the CSRF header on writes and never retries writes.
// - `request`/`get`/`post`/…: unwrap `{success, data, meta}` and turn every failure (HTTP
//   error, `success: false`, network) into an ApiError carrying error_code/message/errors.
//   A 401 ends the session: the browser goes to /auth/login with the current address.
// - `useQuery(key, fetcher)`: responses cached in a @legendapp/state observable, 60 s for
//   data and 1 s for errors (spec 7), invalidated by key prefix, reset all on client switch.
import ky, { HTTPError, TimeoutError } from 'ky';
import { observable } from '@legendapp/state';
import { useSelector } from '@legendapp/state/react';
import { useCallback, useEffect } from 'react';
import { errorText } from './error-texts.ts';

export const API_BASE = '/api/v1';
export const DATA_TTL_MS = 60_000;
export const ERROR_TTL_MS = 1_000;

/** A failed call, as the server described it (DESIGN.md: error body). */
export class ApiError extends Error {
  readonly status: number;
  readonly error_code: string | null;
  /** Messages per field of a 400 answer. */
  readonly errors: Record<string, string>;
  constructor(status: number, body: { error_code?: string | null; message?: string; errors?: Record<string, string> } = {}) {
    super(body.message || errorText(body.error_code));
    this.name = 'ApiError';
    this.status = status;
    this.error_code = body.error_code ?? null;
    this.errors = body.errors ?? {};
  }
  /** The text the web shows: spec 8's for a known code, "Something went wrong" otherwise. */
  get toastText(): string {
    return errorText(this.error_code);
  }
}

export interface ListMeta { page: number; per?: number; count: number; pages?: number; items?: number }
export interface Envelope<T> { success: true; data: T; meta?: ListMeta }

/** Query values as the list conventions want them; empty values are dropped. */
export type QueryValue = string | number | boolean | Date | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

/** page/per/filters → URLSearchParams: arrays repeat the key, dates become UTC ISO. */
export function toSearchParams(params: QueryParams | undefined): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const v of value) if (v !== '' && v !== null && v !== undefined) out.append(key, String(v));
    } else if (value instanceof Date) {
      out.append(key, value.toISOString());
    } else {
      out.append(key, String(value));
    }
  }
  return out;
}

/** Reads a cookie by name (document.cookie); null outside a browser. */
export function readCookie(name: string, cookies = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return null;
}

// The CSRF token: the readable cookie set by the server wins; the value from
// GET /session is kept as a fallback for hosts that name the cookie differently.
const CSRF_COOKIES = ['csrf_token', 'csrf', 'XSRF-TOKEN'];
let csrfFallback: string | null = null;
export function setCsrfToken(token: string | null): void { csrfFallback = token; }
export function csrfToken(): string | null {
  for (const name of CSRF_COOKIES) {
    const v = readCookie(name);
    if (v) return v;
  }
  return csrfFallback;
}

/** Where the browser goes when the session has finished (spec 7: session end). */
export function loginUrl(current = typeof location === 'undefined' ? '/' : location.href): string {
  return `/auth/login?redirect_uri=${encodeURIComponent(current)}`;
}

let onUnauthenticated: () => void = () => {
  if (typeof location !== 'undefined') location.assign(loginUrl());
};
/** Replaces what a 401 does (tests, the session overlay). */
export function configureApi(opts: { onUnauthenticated?: () => void }): void {
  if (opts.onUnauthenticated) onUnauthenticated = opts.onUnauthenticated;
}

export const api = ky.create({
  prefixUrl: API_BASE,
  credentials: 'same-origin',
  timeout: 30_000,
  retry: { limit: 1, methods: ['get'] },
  headers: { accept: 'application/json' },
  hooks: {
    beforeRequest: [
      (req) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          const token = csrfToken();
          if (token) req.headers.set('x-csrf-token', token);
        }
      },
    ],
  },
});

async function errorFromResponse(res: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try { body = await res.json() as Record<string, unknown>; } catch { /* not JSON */ }
  return new ApiError(res.status, body as ConstructorParameters<typeof ApiError>[1]);
}

export interface RequestOptions {
  params?: QueryParams;
  json?: unknown;
  signal?: AbortSignal;
}

/** One call to /api/v1; resolves the envelope or throws an ApiError. */
export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  let res: Response;
  try {
    res = await api(path.replace(/^\/+/, ''), {
      method,
      searchParams: opts.params ? toSearchParams(opts.params) : undefined,
      json: opts.json,
      signal: opts.signal,
    });
  } catch (e) {
    if (e instanceof HTTPError) {
      const err = await errorFromResponse(e.response);
      if (err.status === 401) onUnauthenticated();
      throw err;
    }
    if (e instanceof TimeoutError) throw new ApiError(0, { error_code: null, message: 'The request timed out' });
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, { message: e instanceof Error ? e.message : String(e) });
  }
  if (res.status === 204) return { success: true, data: null as T };
  let body: { success?: boolean } & Record<string, unknown>;
  try { body = await res.json(); } catch { throw new ApiError(res.status, { message: 'Invalid response' }); }
  // A write answering success false is a failure too (spec 8).
  if (body.success === false) throw new ApiError(res.status, body as ConstructorParameters<typeof ApiError>[1]);
  return body as unknown as Envelope<T>;
}

export const get = <T>(path: string, params?: QueryParams, signal?: AbortSignal) => request<T>('GET', path, { params, signal });
export const post = <T>(path: string, json?: unknown) => request<T>('POST', path, { json: json ?? {} });
export const put = <T>(path: string, json?: unknown) => request<T>('PUT', path, { json: json ?? {} });
export const patch = <T>(path: string, json?: unknown) => request<T>('PATCH', path, { json: json ?? {} });
export const del = <T>(path: string) => request<T>('DELETE', path);

/** Tenant path helper: clientPath('c1', 'balance') → 'clients/c1/balance'. */
export function clientPath(clientId: string, rest: string): string {
  return `clients/${encodeURIComponent(clientId)}/${rest.replace(/^\/+/, '')}`;
}

// ---------------------------------------------------------------------------------------
// The response cache.

export type QueryKey = readonly unknown[];

interface CacheEntry {
  status: 'loading' | 'success' | 'error';
  data?: unknown;
  error?: { status: number; error_code: string | null; message: string; errors: Record<string, string> };
  /** Epoch ms after which the entry is stale and refetched on next use. */
  expires: number;
  /** Bumped on invalidation so mounted hooks refetch. */
  version: number;
}

export function serializeKey(key: QueryKey): string {
  return JSON.stringify(key);
}

/** True when key starts with every element of prefix. */
export function keyHasPrefix(key: string, prefix: QueryKey): boolean {
  if (prefix.length === 0) return true;
  const p = serializeKey(prefix).slice(0, -1);
  return key === p + ']' || key.startsWith(p + ',');
}

const cache$ = observable<Record<string, CacheEntry>>({});
const inflight = new Map<string, Promise<unknown>>();
const errors = new Map<string, ApiError | Error>();
let generation = 0;

function now(): number { return Date.now(); }

/** Fetches through the cache: a fresh entry answers at once, a running call is shared. */
export function fetchQuery<T>(key: QueryKey, fetcher: () => Promise<T>, opts: { force?: boolean; ttl?: number } = {}): Promise<T> {
  const k = serializeKey(key);
  const entry = cache$[k].peek();
  if (!opts.force && entry && entry.expires > now()) {
    if (entry.status === 'success') return Promise.resolve(entry.data as T);
    if (entry.status === 'error') return Promise.reject(errors.get(k));
  }
  const running = inflight.get(k);
  if (running) return running as Promise<T>;
  const gen = generation;
  const version = entry?.version ?? 0;
  cache$[k].set({ status: 'loading', data: entry?.data, expires: 0, version });
  const p = fetcher().then(
    (data) => {
      if (gen === generation) cache$[k].set({ status: 'success', data, expires: now() + (opts.ttl ?? DATA_TTL_MS), version });
      return data;
    },
    (error: unknown) => {
      const err = error instanceof Error ? error : new Error(String(error));
      if (gen === generation) {
        errors.set(k, err);
        const api = err instanceof ApiError ? err : null;
        cache$[k].set({
          status: 'error',
          data: entry?.data,
          error: { status: api?.status ?? 0, error_code: api?.error_code ?? null, message: err.message, errors: api?.errors ?? {} },
          expires: now() + ERROR_TTL_MS,
          version,
        });
      }
      throw err;
    },
  ).finally(() => { if (inflight.get(k) === p) inflight.delete(k); });
  inflight.set(k, p);
  return p;
}

/** Marks every entry under the prefix stale; mounted queries refetch at once. */
export function invalidate(prefix: QueryKey): void {
  const all = cache$.peek();
  for (const [k, e] of Object.entries(all)) {
    if (keyHasPrefix(k, prefix)) {
      inflight.delete(k);
      cache$[k].set({ ...e, expires: 0, version: e.version + 1 });
    }
  }
}

/** Refetches only what is already cached (realtime updates, spec 4). */
export function isCached(key: QueryKey): boolean {
  return cache$[serializeKey(key)].peek() !== undefined;
}

/** Drops the whole store: client switch, another user signed in (NEED_UPDATE_USER). */
export function resetAll(): void {
  generation += 1;
  inflight.clear();
  errors.clear();
  cache$.set({});
}

/** Seeds or replaces an entry (after a write that answers the new object). */
export function setQueryData<T>(key: QueryKey, data: T): void {
  const k = serializeKey(key);
  const e = cache$[k].peek();
  cache$[k].set({ status: 'success', data, expires: now() + DATA_TTL_MS, version: e?.version ?? 0 });
}

export interface QueryResult<T> {
  data: T | undefined;
  error: ApiError | Error | undefined;
  loading: boolean;
  refetch: () => Promise<T | undefined>;
}

/**
 * A cached GET. `enabled: false` leaves the query idle (e.g. data retention is fetched
 * only with MANAGE_DATA_RETENTION). A key change or an invalidation refetches.
 */
export function useQuery<T>(key: QueryKey | null, fetcher: () => Promise<T>, opts: { enabled?: boolean; ttl?: number } = {}): QueryResult<T> {
  const k = key ? serializeKey(key) : null;
  const enabled = opts.enabled !== false && k !== null;
  const entry = useSelector(() => (k ? cache$[k].get() : undefined));
  const status = entry?.status;
  const version = entry?.version ?? 0;
  const stale = !entry || (entry.status !== 'loading' && entry.expires <= now());

  useEffect(() => {
    if (!enabled || !key || !stale) return;
    fetchQuery(key, fetcher, { ttl: opts.ttl }).catch(() => { /* kept in the cache entry */ });
    // fetcher is intentionally not a dependency: callers pass inline closures.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [k, enabled, version, stale, status === undefined]);

  const refetch = useCallback(
    () => (key ? fetchQuery(key, fetcher, { force: true, ttl: opts.ttl }).catch(() => undefined) : Promise.resolve(undefined)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [k],
  );

  return {
    data: entry?.data as T | undefined,
    error: entry?.status === 'error' && k ? errors.get(k) : undefined,
    loading: enabled && (!entry || entry.status === 'loading'),
    refetch,
  };
}
