// The machine inspector (administrators and QA teams): every registered machine (the core
// ones and the plugins'), drawn as a statechart (nested boxes laid out by elkjs, drawn as
// SVG), with its active configuration lit from one of three sources:
//   - an instance running in this browser (src/web/state/actors.ts), live;
//   - a stored instance, for machines whose state the server keeps (MachineDef.stored);
//   - a sandbox copy stepped by hand through xstate's pure transitions.
// The States and Transitions tables are the chart's text alternative.
import { Heading, Select } from '@primer/react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import type { StateValue } from 'xstate';
import { activeStateIds, machineGraph, type MachineGraph } from '../../../machines/inspect.ts';
import type { MachineDef, PageProps } from '../../host/area.ts';
import { registry } from '../registry.ts';
import { AlertFallback } from '../screens/alert-fallback.tsx';
import { SkeletonChart } from '../screens/skeleton.tsx';
import { useClient } from '../state/client.tsx';
import { useRunningActors, type RunningActor } from '../state/actors.ts';
import { InstancesPanel, useInstances } from './inspector-instances-panel.tsx';
import type { MachineInstance } from './inspector-instances.ts';
import { edgeText, type Direction } from './inspector-layout.ts';
import { SandboxPanel } from './inspector-sandbox-panel.tsx';
import { formatStateValue, sandboxActiveIds, sendSandbox, startSandboxOrExplain, type Sandbox } from './inspector-sandbox.ts';
import { Badge, VisuallyHidden } from './inspector-ui.tsx';
import { StatechartSvg } from './statechart-svg.tsx';
import { useStatechartLayout } from './use-statechart-layout.ts';

type Registered = MachineDef & { area: string };
type Source = 'live' | 'stored' | 'sandbox';

/** The chart is shrunk to fit its frame, down to this scale; past it the frame scrolls. */
const MIN_SCALE = 0.75;

// The machines sit in a row above the chart, so that the chart has the page's full width.
const List = styled.ul`
  list-style: none; margin: 0 0 16px; padding: 0; font-size: 13px; display: flex; flex-wrap: wrap; gap: 6px;
  li button { text-align: left; border: 1px solid var(--borderColor-default, #d1d9e0); border-radius: 8px;
              background: var(--bgColor-default, #fff); padding: 5px 8px 5px 10px; cursor: pointer;
              display: flex; align-items: center; gap: 8px; color: #1f2328; font: inherit; }
  li button:hover { background: var(--bgColor-muted, #f6f8fa); }
  li button:focus-visible { outline: 2px solid #0969da; outline-offset: 1px; }
  li[aria-current='true'] button { background: var(--bgColor-accent-muted, #ddf4ff); border-color: #0969da; font-weight: 600; }
`;
const Panel = styled.section`
  min-width: 0; display: grid; gap: 12px;
  > p { color: var(--fgColor-muted, #59636e); margin: 0; }
  .toolbar { display: flex; flex-wrap: wrap; gap: 12px 20px; align-items: center; font-size: 13px; }
  .toolbar label { margin-right: 6px; color: var(--fgColor-muted, #59636e); }
  .instances { display: flex; gap: 6px; flex-wrap: wrap; align-items: center; font-size: 13px; }
  .instances button { border: 1px solid var(--borderColor-default, #d1d9e0); border-radius: 12px; padding: 2px 10px;
                      background: var(--bgColor-default, #fff); cursor: pointer; font-size: 12px; color: #1f2328; }
  .instances button[aria-pressed='true'] { border-color: #0969da; background: #ddf4ff; color: #0a3069; }
  .hint { color: var(--fgColor-muted, #59636e); font-size: 12px; }
  h3 { font-size: 14px; margin: 0 0 6px; }
`;
// A small segmented control of toggle buttons (Primer's SegmentedControl would bring its
// overlay and tooltip machinery into the chunk every Primer page shares).
const Segmented = styled.div`
  display: inline-flex; border: 1px solid var(--borderColor-default, #d1d9e0); border-radius: 6px; overflow: hidden;
  background: var(--bgColor-muted, #f6f8fa);
  button { border: 0; background: transparent; padding: 4px 12px; font: inherit; font-size: 13px; color: #1f2328; cursor: pointer; }
  button + button { border-left: 1px solid var(--borderColor-default, #d1d9e0); }
  button:hover { background: #eef1f4; }
  button[aria-pressed='true'] { background: #fff; font-weight: 600; box-shadow: inset 0 -2px 0 #0969da; }
  button:focus-visible { outline: 2px solid #0969da; outline-offset: -2px; }
`;
const Frame = styled.div`
  border: 1px solid var(--borderColor-default, #d1d9e0); border-radius: 8px; background: #fff;
  overflow: auto; max-height: 72vh; padding: 8px;
  &:focus-visible { outline: 2px solid #0969da; outline-offset: 2px; }
`;
const Legend = styled.ul`
  display: flex; flex-wrap: wrap; gap: 4px 16px; list-style: none; margin: 0; padding: 0;
  font-size: 12px; color: var(--fgColor-muted, #59636e);
  li { display: flex; align-items: center; gap: 6px; }
`;
const Tables = styled.section`
  display: grid; grid-template-columns: repeat(auto-fit, minmax(340px, 1fr)); gap: 16px; align-items: start;
  table { width: 100%; border-collapse: collapse; font-size: 12px; }
  td, th { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--borderColor-muted, #d1d9e0b3); }
  th { color: var(--fgColor-muted, #59636e); font-weight: 600; }
  caption { text-align: left; font-weight: 600; font-size: 14px; padding-bottom: 6px; color: #1f2328; }
  tr[data-active='true'] td { background: var(--bgColor-accent-muted, #ddf4ff); font-weight: 600; color: #0a3069; }
`;

/** 'connected.idleTimer' for 'session.connected.idleTimer'; the machine id for its root. */
function shortId(graph: MachineGraph, id: string): string {
  return id === graph.id ? id : id.startsWith(graph.id + '.') ? id.slice(graph.id.length + 1) : id;
}

function safeActive(def: Registered, value: unknown): Set<string> {
  try { return new Set(activeStateIds(def.machine, value as StateValue)); } catch { return new Set(); }
}

function defaultSource(def: Registered, running: number): Source {
  if (running > 0) return 'live';
  if (def.stored) return 'stored';
  return 'sandbox';
}

function tryStart(def: Registered): { sandbox: Sandbox | null; error: string | null } {
  return startSandboxOrExplain(def.machine);
}

function useFrameWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => setWidth(el.clientWidth - 16);
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}

function LegendKey() {
  const sample = (children: React.ReactNode) => <svg width={26} height={16} aria-hidden="true">{children}</svg>;
  return (
    <Legend aria-label="Legend">
      <li>{sample(<rect x={1} y={2} width={24} height={12} rx={4} fill="#ddf4ff" stroke="#0969da" strokeWidth={2} />)}active state</li>
      <li>{sample(<><circle cx={5} cy={8} r={3.5} fill="#1f2328" /><path d="M9,8 H24" stroke="#59636e" strokeWidth={1.4} /></>)}initial state</li>
      <li>{sample(<><rect x={1} y={1} width={24} height={14} rx={4} fill="#fff" stroke="#818b98" strokeWidth={1.5} /><rect x={4} y={4} width={18} height={8} rx={2} fill="none" stroke="#818b98" /></>)}final state</li>
      <li>{sample(<rect x={1} y={2} width={24} height={12} rx={3} fill="none" stroke="#818b98" strokeDasharray="4 3" />)}parallel region</li>
      <li>{sample(<path d="M1,8 H25" stroke="#59636e" strokeWidth={1.4} strokeDasharray="4 3" />)}eventless (always)</li>
      <li><span style={{ fontStyle: 'italic' }}>[guard]</span> taken only when the guard allows</li>
    </Legend>
  );
}

function MachineList({ machines, selectedId, onSelect, runningOf }: {
  machines: Registered[]; selectedId: string | null; onSelect: (id: string) => void; runningOf: (def: Registered) => number;
}) {
  return (
    <nav aria-label="Machines">
      <List>
        {machines.map((m) => {
          const n = runningOf(m);
          return (
            <li key={`${m.area}:${m.id}`} aria-current={m.id === selectedId}>
              <button type="button" onClick={() => onSelect(m.id)}>
                <span>{m.id}</span>
                {n > 0 ? <Badge $tone="success">{n} running</Badge> : m.stored ? <Badge $tone="accent">stored</Badge> : <Badge>{m.area}</Badge>}
              </button>
            </li>
          );
        })}
      </List>
    </nav>
  );
}

function TextAlternative({ graph, active }: { graph: MachineGraph; active: ReadonlySet<string> }) {
  return (
    <Tables aria-label="States and transitions as text">
      <table data-testid="states-table">
        <caption>
          States <VisuallyHidden>of {graph.id}: the text alternative to the chart above, active states marked</VisuallyHidden>
        </caption>
        <thead><tr><th>State</th><th>Inside</th><th>Kind</th><th>Active</th></tr></thead>
        <tbody>
          {graph.nodes.map((n) => (
            <tr key={n.id} data-active={active.has(n.id) ? 'true' : undefined}>
              <td>{shortId(graph, n.id)}</td>
              <td>{n.parent ? shortId(graph, n.parent) : '—'}</td>
              <td>{[n.type, n.initial && n.parent ? 'initial' : ''].filter(Boolean).join(', ')}</td>
              <td>{active.has(n.id) ? 'active' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table data-testid="transitions-table">
        <caption>
          Transitions <VisuallyHidden>of {graph.id}: the text alternative to the arrows of the chart above</VisuallyHidden>
        </caption>
        <thead><tr><th>From</th><th>Event</th><th>To</th></tr></thead>
        <tbody>
          {graph.edges.map((e) => (
            <tr key={e.id}>
              <td>{shortId(graph, e.source)}</td>
              <td>{edgeText(e)}</td>
              <td>{e.targets.map((t) => shortId(graph, t)).join(', ') || `(stays${e.reenter ? ', re-entered' : ''})`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Tables>
  );
}

export default function MachineInspector(_props: PageProps) {
  const machines = registry.machines as Registered[];
  const { clientId } = useClient();
  const running = useRunningActors();
  const runningOf = (def: Registered): RunningActor[] => running.filter((r) => r.machineId === def.machine.id);
  const [selectedId, setSelectedId] = useState(machines[0]?.id ?? null);
  const selected = machines.find((m) => m.id === selectedId) ?? null;
  const graph = useMemo(() => (selected ? machineGraph(selected.machine) : null), [selected]);

  const instances = selected ? runningOf(selected) : [];
  const [source, setSource] = useState<Source>(() => (selected ? defaultSource(selected, instances.length) : 'sandbox'));
  const [direction, setDirection] = useState<Direction>('RIGHT');
  const [liveKey, setLiveKey] = useState<string | null>(null);
  const [storedPage, setStoredPage] = useState(1);
  const [storedId, setStoredId] = useState<string | null>(null);
  const [box, setBox] = useState<{ machineId: string; sandbox: Sandbox | null; error: string | null; stepError?: string } | null>(null);

  const select = (id: string) => {
    const def = machines.find((m) => m.id === id);
    setSelectedId(id);
    setLiveKey(null);
    setStoredId(null);
    setStoredPage(1);
    setBox(null);
    if (def) setSource(defaultSource(def, runningOf(def).length));
  };

  // The sandbox starts when it is first shown for a machine, in the machine's initial state.
  useEffect(() => {
    if (source === 'sandbox' && selected && box?.machineId !== selected.id) setBox({ machineId: selected.id, ...tryStart(selected) });
  }, [source, selected, box]);

  const stored = selected?.stored ?? null;
  const storedQuery = useInstances(clientId, selected?.id ?? '', source === 'stored' ? stored?.objectType ?? null : null, storedPage);
  const storedRow: MachineInstance | null = storedQuery.data?.rows.find((r) => String(r.id) === storedId) ?? null;

  const liveInstance = instances.find((i) => i.key === liveKey) ?? instances[0] ?? null;
  const active = useMemo<Set<string>>(() => {
    if (!selected) return new Set();
    if (source === 'live') return liveInstance ? safeActive(selected, liveInstance.value) : new Set();
    if (source === 'stored') return storedRow ? safeActive(selected, storedRow.state) : new Set();
    return box?.sandbox ? new Set(sandboxActiveIds(box.sandbox)) : new Set();
  }, [selected, source, liveInstance, storedRow, box]);

  const layout = useStatechartLayout(selected ? `${selected.area}:${selected.id}` : '', graph, direction);
  const [frameRef, frameWidth] = useFrameWidth();
  const drawing = layout.status === 'ready' ? layout.drawing : null;
  const scale = drawing && frameWidth > 0 ? Math.max(MIN_SCALE, Math.min(1, frameWidth / drawing.width)) : 1;

  if (!selected || !graph) {
    return (
      <div>
        <Heading as="h1" style={{ fontSize: 24, marginBottom: 16 }}>Machine inspector</Heading>
        <p>No machines registered.</p>
      </div>
    );
  }

  const activeLeaves = graph.nodes.filter((n) => active.has(n.id) && !graph.nodes.some((c) => c.parent === n.id));
  const sources: { key: Source; label: string }[] = [
    { key: 'live', label: `Running here (${instances.length})` },
    ...(stored ? [{ key: 'stored' as const, label: 'Stored instances' }] : []),
    { key: 'sandbox', label: 'Sandbox' },
  ];
  const description = `${graph.nodes.length} states and ${graph.edges.length} transitions. `
    + (activeLeaves.length ? `Active: ${activeLeaves.map((n) => shortId(graph, n.id)).join(', ')}. ` : 'No state highlighted. ')
    + 'The States and Transitions tables below the chart list the same as text.';

  return (
    <div>
      <Heading as="h1" style={{ fontSize: 24, marginBottom: 16 }}>Machine inspector</Heading>
      <MachineList machines={machines} selectedId={selectedId} onSelect={select} runningOf={(d) => runningOf(d).length} />
      <Panel aria-labelledby="machine-title">
          <Heading as="h2" id="machine-title" style={{ fontSize: 18 }}>{selected.id}</Heading>
          <p>{selected.description}</p>
          <div className="toolbar">
            <Segmented role="group" aria-label="Highlight on the chart">
              {sources.map((s) => (
                <button key={s.key} type="button" aria-pressed={source === s.key} onClick={() => setSource(s.key)}>{s.label}</button>
              ))}
            </Segmented>
            <span>
              <label htmlFor="inspector-direction">Layout</label>
              <Select id="inspector-direction" size="small" value={direction} onChange={(e) => setDirection(e.target.value as Direction)}>
                <Select.Option value="RIGHT">Left to right</Select.Option>
                <Select.Option value="DOWN">Top to bottom</Select.Option>
              </Select>
            </span>
          </div>

          {source === 'live' ? (
            <div className="instances" aria-label="Instances running in this browser" role="group">
              {instances.length === 0 ? <span className="hint">Not running in this browser.</span> : instances.map((i) => (
                <button key={i.key} type="button" aria-pressed={i.key === liveInstance?.key} onClick={() => setLiveKey(i.key)}>
                  {i.label}: <strong data-testid="live-state">{formatStateValue(i.value)}</strong> ({i.status})
                </button>
              ))}
            </div>
          ) : null}

          {/* Focusable, so that a chart wider than the page scrolls from the keyboard too. */}
          <Frame ref={frameRef} data-testid="chart-frame" tabIndex={0} role="region" aria-label={`Chart of ${selected.id}`}>
            {layout.status === 'error' ? <AlertFallback message={`The chart could not be drawn: ${layout.error.message}`} />
              : drawing ? (
                <StatechartSvg drawing={drawing} active={active} scale={scale}
                  title={`Statechart of ${selected.id}`} description={description} />
              ) : <div aria-busy="true" aria-label="Drawing the chart"><SkeletonChart /></div>}
          </Frame>
          <LegendKey />

          {source === 'stored' && stored ? (
            <InstancesPanel machineId={selected.id} objectType={stored.objectType} query={storedQuery}
              page={storedPage} onPage={setStoredPage} selectedId={storedId} onSelect={(r) => setStoredId(String(r.id))} />
          ) : null}
          {source === 'sandbox' && box?.machineId === selected.id ? (
            <SandboxPanel machineId={selected.id} sandbox={box.sandbox} error={box.error}
              stepError={box.stepError ?? null}
              onSend={(event, label) => setBox((b) => {
                if (!b?.sandbox) return b;
                try {
                  return { ...b, sandbox: sendSandbox(b.sandbox, event, label), stepError: undefined };
                } catch (e) {
                  return { ...b, stepError: `${label} failed: ${e instanceof Error ? e.message : String(e)}` };
                }
              })}
              onReset={() => setBox({ machineId: selected.id, ...tryStart(selected) })} />
          ) : null}

          <TextAlternative graph={graph} active={active} />
      </Panel>
    </div>
  );
}
