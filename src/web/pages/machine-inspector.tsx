// The machine inspector (administrators and QA teams): every registered machine (the core
// ones and the plugins'), its states and transitions drawn with echarts (this chunk only),
// and, live, the current state of each instance running in this browser.
import { Heading, Label } from '@primer/react';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import * as echarts from 'echarts/core';
import { GraphChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { StateValue } from 'xstate';
import { activeStateIds, machineGraph } from '../../../machines/inspect.ts';
import type { PageProps } from '../../host/area.ts';
import { registry } from '../registry.ts';
import { useRunningActors, type RunningActor } from '../state/actors.ts';
import { EChart } from './echart.tsx';
import { inspectorOption } from './inspector-graph.ts';

echarts.use([GraphChart, LegendComponent, TooltipComponent, CanvasRenderer]);

const Layout = styled.div`
  display: grid; grid-template-columns: 280px 1fr; gap: 16px; align-items: start;
`;
const List = styled.ul`
  list-style: none; margin: 0; padding: 0; font-size: 13px;
  border: 1px solid var(--borderColor-default, #d1d9e0); border-radius: 8px;
  li button { width: 100%; text-align: left; border: 0; background: transparent; padding: 8px 12px; cursor: pointer;
              display: flex; justify-content: space-between; gap: 8px; }
  li + li { border-top: 1px solid var(--borderColor-muted, #e5e9ed); }
  li[aria-current='true'] button { background: var(--bgColor-accent-muted, #ddf4ff); font-weight: 600; }
`;
const Panel = styled.section`
  min-width: 0;
  p { color: var(--fgColor-muted, #59636e); margin: 4px 0 12px; }
  table { width: 100%; border-collapse: collapse; font-size: 12px; margin-top: 12px; }
  td, th { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--borderColor-muted, #e5e9ed); }
  .instances { display: flex; gap: 6px; flex-wrap: wrap; margin-bottom: 8px; }
  .instances button { border: 1px solid var(--borderColor-default, #d1d9e0); border-radius: 12px; padding: 2px 10px;
                      background: var(--bgColor-default, #fff); cursor: pointer; font-size: 12px; }
  .instances button[aria-pressed='true'] { border-color: #d1242f; color: #d1242f; }
`;

function formatValue(v: unknown): string {
  if (typeof v === 'string') return v;
  try { return JSON.stringify(v); } catch { return String(v); }
}

export default function MachineInspector(_props: PageProps) {
  const machines = registry.machines;
  const running = useRunningActors();
  const [selectedId, setSelectedId] = useState(machines[0]?.id ?? null);
  const [instanceKey, setInstanceKey] = useState<string | null>(null);
  const selected = machines.find((m) => m.id === selectedId) ?? null;
  const graph = useMemo(() => (selected ? machineGraph(selected.machine) : null), [selected]);
  const runningOf = (machineId: string): RunningActor[] => running.filter((r) => r.machineId === machineId);
  const instances = selected ? runningOf(selected.machine.id) : [];
  const instance = instances.find((i) => i.key === instanceKey) ?? instances[0] ?? null;
  const active = useMemo(() => {
    if (!selected || !instance) return new Set<string>();
    try { return new Set(activeStateIds(selected.machine, instance.value as StateValue)); } catch { return new Set<string>(); }
  }, [selected, instance]);
  const option = useMemo(() => (graph ? inspectorOption(graph, active) : null), [graph, active]);

  return (
    <div>
      <Heading as="h1" style={{ fontSize: 24, marginBottom: 16 }}>Machine inspector</Heading>
      <Layout>
        <nav aria-label="Machines">
          <List>
            {machines.map((m) => {
              const n = runningOf(m.machine.id).length;
              return (
                <li key={`${m.area}:${m.id}`} aria-current={m.id === selectedId}>
                  <button type="button" onClick={() => { setSelectedId(m.id); setInstanceKey(null); }}>
                    <span>{m.id}</span>
                    {n > 0 ? <Label variant="success">{n} running</Label> : <Label>{m.area}</Label>}
                  </button>
                </li>
              );
            })}
          </List>
        </nav>
        {selected && graph && option ? (
          <Panel aria-labelledby="machine-title">
            <Heading as="h2" id="machine-title" style={{ fontSize: 18 }}>{selected.id}</Heading>
            <p>{selected.description}</p>
            <div className="instances" aria-label="Running instances">
              {instances.length === 0 ? <span>Not running in this browser.</span> : instances.map((i) => (
                <button key={i.key} type="button" aria-pressed={i.key === instance?.key} onClick={() => setInstanceKey(i.key)}>
                  {i.label}: <strong data-testid="live-state">{formatValue(i.value)}</strong> ({i.status})
                </button>
              ))}
            </div>
            <EChart option={option} style={{ height: 520, width: '100%' }} />
            <table aria-label="States">
              <thead><tr><th>State</th><th>Parent</th><th>Flags</th></tr></thead>
              <tbody>
                {graph.nodes.map((n) => (
                  <tr key={n.id} data-active={active.has(n.id) ? 'true' : undefined}>
                    <td>{active.has(n.id) ? <strong>{n.id}</strong> : n.id}</td>
                    <td>{n.parent ?? '—'}</td>
                    <td>{[n.type, n.initial ? 'initial' : '', n.final ? 'final' : '', active.has(n.id) ? 'active' : ''].filter(Boolean).join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table aria-label="Transitions">
              <thead><tr><th>From</th><th>Event</th><th>To</th><th>Guard</th></tr></thead>
              <tbody>
                {graph.edges.map((e) => (
                  <tr key={e.id}><td>{e.source}</td><td>{e.label}</td><td>{e.targets.join(', ') || '(stays)'}</td><td>{e.guard ?? ''}</td></tr>
                ))}
              </tbody>
            </table>
          </Panel>
        ) : <p>No machines registered.</p>}
      </Layout>
    </div>
  );
}
