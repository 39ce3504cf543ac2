import { describe, expect, it, vi } from 'vitest';
import { ERROR_SCREENS, errorCodeLine, isChunkLoadError, screenForError } from '../../../src/web/screens/error-texts.ts';
import { BALANCE_PROMPTS, balanceLevel } from '../../../plugins/client-settings/web/balance.ts';
import { formatMoney, parseAmount as parseBalance } from '../../../src/web/prefs/money.ts';
import { GLOBAL_SEARCH_DEBOUNCE_MS, SearchTrigger } from '../../../plugins/search/web/search-trigger.ts';
import { logoutUrl } from '../../../src/web/shell/logout.ts';
import { notificationParams, notificationText } from '../../../src/web/shell/notifications-api.ts';
import { grantsFrom, onlyClient } from '../../../src/web/state/grants.ts';
import { periodFromSelect, retentionBody, RETENTION_PERIODS } from '../../../plugins/client-settings/web/retention.ts';
import { expiryOnPageClock } from '../../../src/web/session/session-api.ts';
import { SKELETON_SIZES } from '../../../src/web/screens/skeleton-sizes.ts';
import { toggleFavoriteIn } from '../../../src/web/prefs/favorites.ts';

describe('error screens of spec 2.2', () => {
  it('have the exact titles and texts', () => {
    expect(ERROR_SCREENS['not-found']).toEqual({ title: 'Page not found', text: 'This page does not exist or has been deleted' });
    expect(ERROR_SCREENS.forbidden).toEqual({ title: 'Forbidden', text: 'Unfortunately, you do not have an access to this page' });
    expect(ERROR_SCREENS.server).toEqual({ title: 'Internal server error', text: 'Please, try again a bit later' });
    expect(ERROR_SCREENS.critical.title).toBe('Critical Error');
    expect(ERROR_SCREENS.critical.text).toBe('Something went wrong. We see this error and will try to fix it as soon as possible');
    expect(ERROR_SCREENS.updated.title).toBe('The application has been updated');
    expect(errorCodeLine(502)).toBe('Error code: 502');
    expect(errorCodeLine(null)).toBeNull();
  });

  it('map thrown errors onto screens; a failed lazy import means the app was updated', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/chunks/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(screenForError(new TypeError('Importing a module script failed.')).kind).toBe('updated');
    expect(screenForError({ status: 404 }).kind).toBe('not-found');
    expect(screenForError({ status: 403 }).kind).toBe('forbidden');
    expect(screenForError({ status: 500 }).kind).toBe('server');
    expect(screenForError({ status: 502 })).toEqual({ kind: 'critical', status: 502 });
    expect(screenForError(new Error('x'))).toEqual({ kind: 'critical', status: null });
  });

  it('offer the skeleton presets', () => {
    expect(SKELETON_SIZES).toEqual({ XS: 16, S: 24, M: 32, L: 40, XL: 60, XXL: 120 });
  });
});

describe('balance widget', () => {
  it('is red at zero, a warning below 50, normal otherwise', () => {
    expect(balanceLevel(parseBalance('0.00'))).toBe('zero');
    expect(balanceLevel(parseBalance('49.99'))).toBe('low');
    expect(balanceLevel(parseBalance('50'))).toBe('normal');
    expect(BALANCE_PROMPTS.zero).toMatch(/top up/);
    expect(BALANCE_PROMPTS.normal).toBeNull();
  });
  it('formats dollars en-US', () => {
    expect(formatMoney(parseBalance('1250.00'))).toBe('$1,250.00');
    expect(parseBalance('garbage')).toBe(0);
  });
});

describe('global search trigger', () => {
  it('runs 2 s after typing stops, on Enter, never when empty or while running', async () => {
    vi.useFakeTimers();
    try {
      const runs: string[] = [];
      let release: () => void = () => {};
      const trigger = new SearchTrigger({ run: (q) => { runs.push(q); return new Promise<void>((r) => { release = r; }); } });
      expect(GLOBAL_SEARCH_DEBOUNCE_MS).toBe(2000);
      trigger.input('ac');
      vi.advanceTimersByTime(1500);
      trigger.input('acme');
      vi.advanceTimersByTime(1999);
      expect(runs).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(runs).toEqual(['acme']);
      expect(trigger.running).toBe(true);
      expect(await trigger.submit()).toBe(false); // still running
      release();
      await vi.runAllTimersAsync();
      trigger.input('   ');
      expect(await trigger.submit()).toBe(false); // empty
      trigger.input('beta');
      const done = trigger.submit();
      release();
      expect(await done).toBe(true);
      expect(runs).toEqual(['acme', 'beta']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('sign-out and session', () => {
  it('goes to the issuer logout with the login page carrying the current address, and the client id', () => {
    const url = logoutUrl('c1', 'https://app.example.org/c1/profile', 'https://app.example.org');
    const q = new URL(url, 'https://app.example.org').searchParams;
    expect(url.startsWith('/auth/logout?')).toBe(true);
    expect(q.get('client_id')).toBe('c1');
    expect(q.get('redirect_uri')).toBe('https://app.example.org/auth/login?redirect_uri=https%3A%2F%2Fapp.example.org%2Fc1%2Fprofile');
  });

  it('turns the server expiry into a bounded instant on the page clock', () => {
    const now = Date.parse('2025-03-14T12:00:00Z');
    expect(expiryOnPageClock('2025-03-14T12:10:00Z', 15, now)).toBe(now + 10 * 60_000);
    // A browser clock far behind the server cannot stretch the session past the idle period.
    expect(expiryOnPageClock('2025-03-14T15:00:00Z', 15, now)).toBe(now + 15 * 60_000);
    expect(expiryOnPageClock('2025-03-14T11:00:00Z', 15, now)).toBe(now + 15 * 60_000);
    expect(expiryOnPageClock(null, null, now)).toBe(now);
  });
});

describe('notifications', () => {
  it('asks the client tab with the current client and the all tab with the chosen filter', () => {
    expect(notificationParams('client', 'c1', 'c2', 1)).toEqual({ is_readed_modal: false, client_id: 'c1', page: 1, per: 10 });
    expect(notificationParams('all', 'c1', null, 2)).toEqual({ is_readed_modal: false, client_id: undefined, page: 2, per: 10 });
    expect(notificationParams('all', 'c1', 'c2', 1).client_id).toBe('c2');
  });
  it('reads a line from the payload or the type', () => {
    expect(notificationText({ payload: { data: { title: 'Case 5 approved', message: 'by Ada' } } })).toEqual({ title: 'Case 5 approved', body: 'by Ada' });
    expect(notificationText({ notification_type: 'assignments', payload: null }).title).toBe('New assignment');
  });
});

describe('grants and clients', () => {
  it('adds ADMIN for administrators and keeps available features only', () => {
    const g = grantsFrom({ permissions: ['SEE_TM'], is_admin: true, features: [
      { code: 'GLOBAL_SEARCH', available: true }, { code: 'OFAC', available: false }, { code: 'NOT_A_FEATURE', available: true },
    ] });
    expect([...g.permissions].sort()).toEqual(['ADMIN', 'SEE_TM']);
    // Features are whatever the client has switched on (the catalog decides what exists).
    expect([...g.features]).toEqual(['GLOBAL_SEARCH', 'NOT_A_FEATURE']);
  });
  it('sends a one-client user to their client and lets others choose', () => {
    expect(onlyClient({ accounts_clients: [{ client: { id: 'c1', name: 'A' } }] })).toBe('c1');
    expect(onlyClient({ accounts_clients: [{ client: { id: 'c1', name: 'A' } }, { client: { id: 'c2', name: 'B' } }] })).toBeNull();
    expect(onlyClient({ accounts_clients: [] })).toBeNull();
  });
});

describe('data retention dialog', () => {
  it('offers Indefinite first and sends a non-numeric choice as null', () => {
    expect(RETENTION_PERIODS.map((p) => p.value)).toEqual([null, 30, 90, 180, 365, 730, 1825, 2555]);
    expect(RETENTION_PERIODS[0].label).toBe('Indefinite');
    expect(periodFromSelect('365')).toBe(365);
    expect(periodFromSelect('')).toBeNull();
    expect(periodFromSelect('forever')).toBeNull();
    expect(retentionBody(true, null)).toEqual({ data_retention_config: { data_retention_approve: true, data_storage_period_days: null } });
  });
});

describe('favorites', () => {
  it('adds a link once and removes it on the second toggle', () => {
    const one = toggleFavoriteIn([], { title: 'Users', to: '/c1/account/users' });
    expect(one).toEqual([{ title: 'Users', to: '/c1/account/users' }]);
    expect(toggleFavoriteIn(one, { title: 'Users', to: '/c1/account/users' })).toEqual([]);
  });
});
