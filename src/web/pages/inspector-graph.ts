// Turns a machine's graph (machines/inspect.ts) into an echarts graph series: states as
// nodes grouped by their parent state (one category, one colour per group), transitions
// as labelled arrows, containment as dashed links, and the active states highlighted.
import type { MachineGraph } from '../../../machines/inspect.ts';

export interface InspectorOption {
  tooltip: object;
  legend: object[];
  series: object[];
}

const ACTIVE = '#d1242f';

export function groupOf(graph: MachineGraph, id: string): string {
  const node = graph.nodes.find((n) => n.id === id);
  if (!node || node.parent === null) return graph.id;
  return node.parent;
}

export function inspectorOption(graph: MachineGraph, active: ReadonlySet<string>): InspectorOption {
  const groups = [...new Set(graph.nodes.map((n) => groupOf(graph, n.id)))];
  const short = (id: string) => (id === graph.id ? id : id.slice(graph.id.length + 1) || id);
  const hasChildren = new Set(graph.nodes.map((n) => n.parent).filter((p): p is string => p !== null));

  const data = graph.nodes.map((n) => ({
    id: n.id,
    name: n.key || n.id,
    value: short(n.id),
    category: groups.indexOf(groupOf(graph, n.id)),
    symbol: n.final ? 'diamond' : hasChildren.has(n.id) ? 'roundRect' : 'circle',
    symbolSize: n.parent === null ? 56 : hasChildren.has(n.id) ? 46 : 34,
    itemStyle: active.has(n.id)
      ? { borderColor: ACTIVE, borderWidth: 4, shadowBlur: 12, shadowColor: ACTIVE }
      : n.initial ? { borderColor: '#1f2328', borderWidth: 2 } : {},
    label: { show: true, fontWeight: active.has(n.id) ? 'bold' : 'normal' },
  }));

  const links = [
    ...graph.nodes.filter((n) => n.parent !== null).map((n) => ({
      source: n.parent as string,
      target: n.id,
      lineStyle: { type: 'dashed', opacity: 0.35, curveness: 0 },
      symbol: ['none', 'none'],
      label: { show: false },
    })),
    ...graph.edges.map((e) => ({
      source: e.source,
      target: e.target,
      value: e.label,
      lineStyle: { curveness: e.source === e.target ? 0.6 : 0.2, width: 1.5 },
      label: { show: true, formatter: e.guard ? `${e.label} [${e.guard}]` : e.label, fontSize: 10 },
    })),
  ];

  return {
    tooltip: { formatter: (p: { dataType?: string; data?: { value?: string } }) => p.data?.value ?? '' },
    legend: [{ data: groups.map((g) => short(g)), top: 0 }],
    series: [{
      type: 'graph',
      layout: 'force',
      roam: true,
      draggable: true,
      force: { repulsion: 420, edgeLength: [90, 160], gravity: 0.08 },
      categories: groups.map((g) => ({ name: short(g) })),
      edgeSymbol: ['none', 'arrow'],
      edgeSymbolSize: 8,
      data,
      links,
      emphasis: { focus: 'adjacency' },
    }],
  };
}
