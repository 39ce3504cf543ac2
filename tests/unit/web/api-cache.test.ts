import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError, DATA_TTL_MS, ERROR_TTL_MS, fetchQuery, invalidate, isCached, keyHasPrefix, readCookie, resetAll, serializeKey,
} from '../../../src/web/api-client.ts';

describe('response cache', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-14T12:00:00Z'));
    resetAll();
  });
  afterEach(() => vi.useRealTimers());

  it('keeps data for 60 seconds', async () => {
    let calls = 0;
    const fetcher = async () => ++calls;
    expect(await fetchQuery(['balance'], fetcher)).toBe(1);
    vi.advanceTimersByTime(DATA_TTL_MS - 1);
    expect(await fetchQuery(['balance'], fetcher)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await fetchQuery(['balance'], fetcher)).toBe(2);
  });

  it('keeps errors for 1 second', async () => {
    let calls = 0;
    const failing = async () => { calls += 1; throw new ApiError(500, { error_code: 'INTERNAL' }); };
    await expect(fetchQuery(['x'], failing)).rejects.toBeInstanceOf(ApiError);
    await expect(fetchQuery(['x'], failing)).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
    vi.advanceTimersByTime(ERROR_TTL_MS + 1);
    await expect(fetchQuery(['x'], failing)).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(2);
  });

  it('shares a running call and invalidates by key prefix', async () => {
    let calls = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 10));
    const a = fetchQuery(['clients', 'c1', 'users', 'list', { page: 1 }], slow);
    const b = fetchQuery(['clients', 'c1', 'users', 'list', { page: 1 }], slow);
    vi.advanceTimersByTime(10);
    expect(await a).toBe(1);
    expect(await b).toBe(1);
    await fetchQuery(['clients', 'c1', 'roles'], async () => 'roles');
    invalidate(['clients', 'c1', 'users']);
    const fresh = fetchQuery(['clients', 'c1', 'users', 'list', { page: 1 }], slow);
    vi.advanceTimersByTime(10);
    expect(await fresh).toBe(2);
    let roleCalls = 0;
    expect(await fetchQuery(['clients', 'c1', 'roles'], async () => { roleCalls += 1; return 'again'; })).toBe('roles');
    expect(roleCalls).toBe(0);
  });

  it('forgets everything on reset (client switch, another user)', async () => {
    await fetchQuery(['me'], async () => 'me');
    expect(isCached(['me'])).toBe(true);
    resetAll();
    expect(isCached(['me'])).toBe(false);
  });

  it('matches prefixes element by element', () => {
    const k = serializeKey(['clients', 'c1', 'cases', '5']);
    expect(keyHasPrefix(k, ['clients', 'c1'])).toBe(true);
    expect(keyHasPrefix(k, ['clients', 'c1', 'cases', '5'])).toBe(true);
    expect(keyHasPrefix(k, ['clients', 'c'])).toBe(false);
    expect(keyHasPrefix(k, [])).toBe(true);
  });
});

describe('api errors', () => {
  it('carries the error body and the spec 8 toast text', () => {
    const e = new ApiError(402, { error_code: 'AB001', message: 'x' });
    expect(e.toastText).toBe('Not enough money for this action. Please, top up your balance');
    expect(new ApiError(500, { error_code: 'ZZ999' }).toastText).toBe('Something went wrong');
    expect(new ApiError(400, { error_code: 'VALIDATION_FAILED', errors: { name: 'is required' } }).errors).toEqual({ name: 'is required' });
  });

  it('reads the csrf cookie', () => {
    expect(readCookie('csrf_token', 'sid=abc; csrf_token=t%2B1; other=2')).toBe('t+1');
    expect(readCookie('csrf_token', 'sid=abc')).toBeNull();
  });
});
