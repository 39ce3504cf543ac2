import { describe, expect, it } from 'vitest';
import { REALTIME_MISSING_CHANNEL, helloFrame, keysToRefresh, parseFrame, sameChannel, wsUrl } from '../../../src/web/realtime/messages.ts';
import { readAppConfig } from '../../../src/web/config.ts';
import { confirmLabels } from '../../../src/web/toolkit/confirm-labels.ts';

describe('realtime frames', () => {
  it('opens /ws on the page host and authenticates with the session token', () => {
    expect(wsUrl({ protocol: 'https:', host: 'app.example.org' })).toBe('wss://app.example.org/ws');
    expect(wsUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
    expect(helloFrame('tok', '/c1/profile', 'c1')).toEqual({ session_token: 'tok', path: '/c1/profile', client_id: 'c1' });
    expect(REALTIME_MISSING_CHANNEL).toBe('Cannot connect to websoket. Please, try reload page.');
  });

  it('reads notifications, plain or wrapped, and subscription answers', () => {
    const msg = { client_id: 'c1', notification_type: 'case_status_changes', obj_id: 5, obj_type: 'Case' };
    expect(parseFrame(JSON.stringify(msg))).toEqual({ kind: 'notification', message: msg });
    expect(parseFrame({ type: 'message', message: msg })).toEqual({ kind: 'notification', message: msg });
    expect(parseFrame({ type: 'message', channel: 'client:c1', data: msg })).toEqual({ kind: 'notification', message: msg });
    expect(parseFrame({ type: 'connected', user_id: 'u1', channels: [] })).toEqual({ kind: 'connected' });
    expect(parseFrame({ type: 'subscribed', channel: 'user:1' })).toEqual({ kind: 'ack', channel: 'user:1' });
    expect(parseFrame({ type: 'error', code: 'forbidden', channel: 'client:x', message: 'You may not listen on this channel' }))
      .toEqual({ kind: 'nack', channel: 'client:x', code: 'forbidden', error: 'You may not listen on this channel' });
    expect(parseFrame('not json')).toEqual({ kind: 'other' });
  });

  it('refreshes the notification list and the object the message names', () => {
    expect(keysToRefresh({ notification_type: 'case_status_changes', obj_id: 5, obj_type: 'Case' }, 'c1'))
      .toEqual([['notifications'], ['clients', 'c1', 'cases', '5'], ['clients', 'c1', 'machine_instances', 'Case']]);
    expect(keysToRefresh({ client_id: 'c2', notification_type: 'assignments', obj_id: 9, obj_type: 'EddReport' }, 'c1'))
      .toEqual([['notifications'], ['clients', 'c2', 'edd_reports', '9'], ['clients', 'c2', 'machine_instances', 'EddReport']]);
    expect(keysToRefresh({ notification_type: 'checkup', obj_id: 'k1' }, 'c1'))
      .toEqual([['notifications'], ['clients', 'c1', 'checkups', 'k1']]);
  });
});

describe('server config', () => {
  it('reads the worker URL and DSN the server injects', () => {
    expect(readAppConfig({ worker_url: '/assets/session-worker-X.js', sentry_dsn: null, version: '0.1.0' }))
      .toMatchObject({ worker: '/assets/session-worker-X.js', sentryDsn: null, version: '0.1.0' });
    expect(readAppConfig(undefined)).toMatchObject({ worker: null, sentryDsn: null });
    expect(sameChannel('client:ABC', 'client:abc')).toBe(true);
  });
});

describe('confirm dialog labels', () => {
  it('default to Yes/No, or Ok/Cancel', () => {
    expect(confirmLabels({})).toEqual({ confirm: 'Yes', cancel: 'No' });
    expect(confirmLabels({ variant: 'ok-cancel' })).toEqual({ confirm: 'Ok', cancel: 'Cancel' });
    expect(confirmLabels({ confirmLabel: 'Yes, delete' }).confirm).toBe('Yes, delete');
  });
});
