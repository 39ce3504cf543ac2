// Stored instances of a machine whose state the server keeps (MachineDef.stored): one page
// of GET /api/v1/clients/{client_id}/machines/{machine_id}/instances, and how many of the
// listed instances are in each state. Pure apart from the fetch.
import { clientPath, get, type ListMeta, type QueryKey } from '../api-client.ts';
import { formatStateValue } from './inspector-sandbox.ts';

/** One stored instance, as the endpoint lists it. */
export interface MachineInstance {
  id: string | number;
  label: string;
  /** An xstate state value: 'open', or { connected: { ping: 'pingReady', … } }. */
  state: unknown;
  updated_at: string;
}

export interface InstancePage {
  rows: MachineInstance[];
  meta: ListMeta;
}

export const INSTANCES_PER_PAGE = 50;

/** The list endpoint of a machine's instances, relative to /api/v1. */
export function instancesPath(clientId: string, machineId: string): string {
  return clientPath(clientId, `machines/${encodeURIComponent(machineId)}/instances`);
}

/**
 * Cache key: tenant data under ['clients', id, …]; the object type is in it so that a
 * realtime notification about an object of that type refreshes the list
 * (src/web/realtime/messages.ts).
 */
export function instancesKey(clientId: string, objectType: string, machineId: string, page: number, per = INSTANCES_PER_PAGE): QueryKey {
  return ['clients', clientId, 'machine_instances', objectType, machineId, page, per];
}

export async function fetchInstances(clientId: string, machineId: string, page: number, per = INSTANCES_PER_PAGE): Promise<InstancePage> {
  const r = await get<MachineInstance[]>(instancesPath(clientId, machineId), { per, page });
  const rows = Array.isArray(r.data) ? r.data : [];
  const meta = r.meta ?? { page, per, count: rows.length, pages: 1 };
  return { rows, meta };
}

export interface StateCount {
  /** The state as the log and tables write it ('pre-closed', 'connected.ping.pingReady, …'). */
  state: string;
  count: number;
}

/** How many of the given instances are in each state, most frequent first. */
export function countByState(rows: readonly Pick<MachineInstance, 'state'>[]): StateCount[] {
  const counts = new Map<string, number>();
  for (const r of rows) {
    const key = formatStateValue(r.state) || '(no state)';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([state, count]) => ({ state, count }))
    .sort((a, b) => b.count - a.count || a.state.localeCompare(b.state));
}

/** The echarts option of the "instances per state" bar chart (horizontal bars, one per state). */
export function stateCountOption(counts: readonly StateCount[], title: string): object {
  const ordered = [...counts].reverse(); // echarts draws the first category at the bottom
  return {
    aria: { enabled: true, label: { description: title } },
    animation: false,
    grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', minInterval: 1, axisLabel: { color: '#59636e' } },
    yAxis: {
      type: 'category',
      data: ordered.map((c) => c.state),
      axisLabel: { color: '#1f2328', width: 220, overflow: 'truncate' },
      axisTick: { show: false },
    },
    series: [{
      type: 'bar',
      name: 'Instances',
      data: ordered.map((c) => c.count),
      barMaxWidth: 18,
      itemStyle: { color: '#0969da', borderRadius: [0, 3, 3, 0] },
      label: { show: true, position: 'right', color: '#1f2328' },
    }],
  };
}
