// Stored instances on the machine inspector: where they are asked for, how the cache key
// meets the realtime refresh, and the per-state counts of the bar chart.
import { describe, expect, it } from 'vitest';
import { keyHasPrefix, serializeKey } from '../../../src/web/api-client.ts';
import { keysToRefresh } from '../../../src/web/realtime/messages.ts';
import { registry } from '../../../src/web/registry.ts';
import { countByState, instancesKey, instancesPath, stateCountOption } from '../../../src/web/pages/inspector-instances.ts';

describe('stored instances', () => {
  it('asks the machine instances endpoint of the client', () => {
    expect(instancesPath('c 1', 'tm-case-status')).toBe('clients/c%201/machines/tm-case-status/instances');
  });

  it('is refreshed by a state change of an object of the machine\'s type, and only such', () => {
    const key = serializeKey(instancesKey('c1', 'invites', 'client-settings.invite', 2));
    const about = (objType: string) => keysToRefresh(registry.catalog, { notification_type: 'state_changed', obj_id: 7, obj_type: objType }, 'c1');
    expect(about('invites').some((prefix) => keyHasPrefix(key, prefix))).toBe(true);
    expect(about('User').some((prefix) => keyHasPrefix(key, prefix))).toBe(false);
    // A client switch or an invalidation of the client's data reaches it too.
    expect(keyHasPrefix(key, ['clients', 'c1'])).toBe(true);
  });

  it('counts the listed instances per state, nested values written as paths, most frequent first', () => {
    const counts = countByState([
      { state: 'open' }, { state: 'closed' }, { state: 'open' },
      { state: { connected: { ping: 'pingReady', idleTimer: 'counting' } } },
      { state: null },
    ]);
    expect(counts).toEqual([
      { state: 'open', count: 2 },
      { state: '(no state)', count: 1 },
      { state: 'closed', count: 1 },
      { state: 'connected.ping.pingReady, connected.idleTimer.counting', count: 1 },
    ]);
  });

  it('draws one horizontal bar per state, the most frequent on top, with an accessible description', () => {
    const option = stateCountOption([{ state: 'open', count: 3 }, { state: 'closed', count: 1 }], 'Instances per state on this page') as {
      aria: { enabled: boolean; label: { description: string } };
      yAxis: { data: string[] };
      series: { type: string; data: number[] }[];
    };
    expect(option.aria).toEqual({ enabled: true, label: { description: 'Instances per state on this page' } });
    expect(option.yAxis.data).toEqual(['closed', 'open']);
    expect(option.series[0]).toMatchObject({ type: 'bar', data: [1, 3] });
  });
});
