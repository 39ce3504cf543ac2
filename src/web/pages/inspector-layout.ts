// How the machine inspector draws a statechart, in two pure steps around elkjs:
//   statechartToElk(graph)  → an ELK graph: compound and parallel states as nested nodes,
//                             an initial-state marker per compound state, one edge per
//                             transition target with its label measured;
//   drawingFromElk(graph, laidOut) → boxes, markers and routed edges with label boxes, in
//                             the chart's own coordinates, ready for SVG.
// elkjs itself is only called by layoutStatechart (the page loads it lazily).
import type { ELK, ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api';
import type { EdgeKind, GraphEdge, GraphNode, MachineGraph } from '../../../machines/inspect.ts';

/** Width in pixels of a text in one of the chart's two fonts. */
export type TextMeasure = (text: string, font: 'state' | 'label') => number;

/** A rough width for tests and for a page without canvas: mean glyph widths of system-ui. */
export const approximateMeasure: TextMeasure = (text, font) => {
  const size = font === 'state' ? 13 : 11;
  let units = 0;
  for (const ch of text) {
    if (/[A-Z_]/.test(ch)) units += 0.68;
    else if (/[mwMW]/.test(ch)) units += 0.85;
    else if (/[il.,:'|!\[\] ]/.test(ch)) units += 0.3;
    else units += 0.56;
  }
  return Math.ceil(units * size * (font === 'state' ? 1.04 : 1));
};

// Geometry of the drawing (pixels).
export const SIZES = {
  atomicHeight: 34,
  atomicMinWidth: 72,
  atomicPadX: 16,
  headerHeight: 30,
  compoundPad: 14,
  regionPad: 12,
  marker: 10,
  labelPadX: 5,
  labelLine: 14,
  labelPadY: 2,
} as const;

export const CHART_ROOT = '__chart';
const MARKER_SUFFIX = '::initial';
export const markerId = (parentId: string) => parentId + MARKER_SUFFIX;

/** The words written on a transition's arrow. */
export function formatDelay(delay: number | string): string {
  if (typeof delay === 'string') return delay;
  if (delay < 1000) return `${delay}ms`;
  if (delay < 60_000) return `${Number((delay / 1000).toFixed(1))}s`;
  const seconds = Math.round(delay / 1000);
  const rest = seconds % 60;
  return rest ? `${Math.floor(seconds / 60)} min ${rest}s` : `${seconds / 60} min`;
}

export function edgeText(edge: Pick<GraphEdge, 'kind' | 'label' | 'guard' | 'delay'>): string {
  return edgeLines(edge).join(' ');
}

/** The label as drawn: the event, and its guard on a second line (narrower arrows). */
export function edgeLines(edge: Pick<GraphEdge, 'kind' | 'label' | 'guard' | 'delay'>): string[] {
  const base = edge.kind === 'after' && edge.delay !== undefined ? `after ${formatDelay(edge.delay)}` : edge.label;
  return edge.guard ? [base, `[${edge.guard}]`] : [base];
}

export type BoxKind = 'atomic' | 'compound' | 'parallel' | 'region' | 'final' | 'history';

export interface DrawBox {
  id: string;
  /** The state's key ('counting'); the machine id for the root. */
  label: string;
  kind: BoxKind;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Nesting depth: 0 for the machine itself. */
  depth: number;
  /** Entered when its parent is entered (shown by the parent's initial marker). */
  initial: boolean;
  parent: string | null;
}

export interface DrawMarker {
  id: string;
  /** The compound state whose initial state this marker points to. */
  parent: string;
  cx: number;
  cy: number;
  r: number;
}

export interface Point { x: number; y: number }

export interface DrawEdge {
  /** Unique per drawn arrow (a transition with two targets draws two). */
  id: string;
  /** The transition (GraphEdge.id), or null for an initial marker's arrow. */
  transition: string | null;
  kind: EdgeKind | 'initial';
  source: string;
  target: string;
  points: Point[];
  label: { text: string; lines: string[]; x: number; y: number; width: number; height: number } | null;
  selfLoop: boolean;
}

export interface Drawing {
  width: number;
  height: number;
  boxes: DrawBox[];
  markers: DrawMarker[];
  edges: DrawEdge[];
}

function boxKind(node: GraphNode, parent: GraphNode | undefined): BoxKind {
  if (node.type === 'final') return 'final';
  if (node.type === 'history') return 'history';
  if (node.type === 'parallel') return 'parallel';
  if (parent?.type === 'parallel' && node.type === 'compound') return 'region';
  return node.type === 'compound' ? 'compound' : 'atomic';
}

// Layered options; ELK reads them on every node whose children it lays out.
const LAYERED: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.placement': 'CENTER',
  // A depth-first walk from the initial state: states read left to right in the order a
  // machine passes them. (ELK 0.12 fails inside compound states with MODEL_ORDER or
  // considerModelOrder, which would say the same.)
  'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.spacing.nodeNodeBetweenLayers': '22',
  'elk.layered.spacing.edgeNodeBetweenLayers': '10',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '7',
  'elk.spacing.nodeNode': '24',
  'elk.spacing.edgeNode': '12',
  'elk.spacing.edgeEdge': '9',
  'elk.spacing.edgeLabel': '3',
  'elk.spacing.nodeSelfLoop': '14',
};

const ROOT_OPTIONS: Record<string, string> = {
  ...LAYERED,
  // One layout over the whole hierarchy, so edges crossing compound borders are routed.
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.padding': '[top=8,left=8,bottom=8,right=8]',
  // Every coordinate comes back relative to the chart, whatever node holds it.
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
};

/** The ELK graph of a machine (no coordinates yet). */
export type Direction = 'RIGHT' | 'DOWN';

export interface ChartOptions {
  measure?: TextMeasure;
  /** Left to right (the default) or top to bottom. */
  direction?: Direction;
}

export function statechartToElk(graph: MachineGraph, { measure = approximateMeasure, direction = 'RIGHT' }: ChartOptions = {}): ElkNode {
  const layered = { ...LAYERED, 'elk.direction': direction };
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const childrenOf = new Map<string, GraphNode[]>();
  for (const n of graph.nodes) {
    if (n.parent === null) continue;
    const list = childrenOf.get(n.parent) ?? [];
    list.push(n);
    childrenOf.set(n.parent, list);
  }

  const toElk = (node: GraphNode): ElkNode => {
    const kids = childrenOf.get(node.id) ?? [];
    const titleWidth = measure(node.key || node.id, 'state');
    if (kids.length === 0) {
      const final = node.type === 'final';
      return {
        id: node.id,
        width: Math.max(SIZES.atomicMinWidth, titleWidth + 2 * SIZES.atomicPadX + (final ? 8 : 0)),
        height: SIZES.atomicHeight + (final ? 6 : 0),
      };
    }
    const isRegion = byId.get(node.parent ?? '')?.type === 'parallel';
    const pad = isRegion ? SIZES.regionPad : SIZES.compoundPad;
    const children: ElkNode[] = [];
    // A compound state's initial state gets a marker: a dot with an arrow into it.
    const initialChild = node.type === 'compound' ? kids.find((k) => k.initial) : undefined;
    if (initialChild) children.push({ id: markerId(node.id), width: SIZES.marker, height: SIZES.marker });
    children.push(...kids.map(toElk));
    return {
      id: node.id,
      children,
      layoutOptions: {
        ...layered,
        // Below the header, with room for an arrow's label routed along the top.
        'elk.padding': `[top=${SIZES.headerHeight + (node.type === 'parallel' ? 10 : 6)},left=${pad},bottom=${pad},right=${pad}]`,
        // The header's title must fit: at least its width, whatever the children need.
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${titleWidth + 2 * pad + 8}, ${SIZES.headerHeight + 2 * pad})`,
      },
    };
  };

  const edges: ElkExtendedEdge[] = [];
  for (const n of graph.nodes) {
    const initialChild = n.type === 'compound' ? (childrenOf.get(n.id) ?? []).find((k) => k.initial) : undefined;
    if (initialChild) {
      edges.push({
        id: `${markerId(n.id)}->${initialChild.id}`, sources: [markerId(n.id)], targets: [initialChild.id],
        // A short straight arrow: the marker sits just before its state, level with it.
        layoutOptions: { 'elk.layered.priority.straightness': '100', 'elk.layered.priority.shortness': '100' },
      });
    }
  }
  graph.edges.forEach((e, i) => {
    const lines = edgeLines(e);
    const label: ElkLabel = {
      text: lines.join(' '),
      width: Math.max(...lines.map((l) => measure(l, 'label'))) + 2 * SIZES.labelPadX,
      height: lines.length * SIZES.labelLine + 2 * SIZES.labelPadY,
    };
    const targets = e.targets.length ? e.targets : [e.source];
    targets.forEach((target, j) => {
      edges.push({
        id: `t${i}.${j}`,
        sources: [e.source],
        targets: [target],
        ...(j === 0 ? { labels: [label] } : {}),
      });
    });
  });

  const root = graph.nodes.find((n) => n.parent === null);
  return {
    id: CHART_ROOT,
    layoutOptions: { ...ROOT_OPTIONS, ...layered },
    children: root ? [toElk(root)] : [],
    edges,
  };
}

function flatten(node: ElkNode, out: ElkNode[] = []): ElkNode[] {
  for (const c of node.children ?? []) {
    out.push(c);
    flatten(c, out);
  }
  return out;
}

function collectEdges(node: ElkNode, out: ElkExtendedEdge[] = []): ElkExtendedEdge[] {
  out.push(...(node.edges ?? []));
  for (const c of node.children ?? []) collectEdges(c, out);
  return out;
}

/** A loop on the top-right corner of a box, for a self-transition ELK left unrouted. */
function cornerLoop(box: DrawBox, index: number): Point[] {
  const step = 12 * index;
  const x1 = box.x + box.width - 18 - step;
  const x2 = box.x + box.width - 6 - step;
  const top = box.y - 16 - step;
  return [{ x: x1, y: box.y }, { x: x1, y: top }, { x: x2 + 14 + step, y: top }, { x: x2 + 14 + step, y: box.y + 10 }, { x: box.x + box.width, y: box.y + 10 }];
}

/** The laid-out ELK graph as boxes, markers and edges (coordinates from the chart's corner). */
export function drawingFromElk(graph: MachineGraph, laidOut: ElkNode): Drawing {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const depthOf = (n: GraphNode): number => (n.parent === null ? 0 : 1 + depthOf(byId.get(n.parent)!));
  const boxes: DrawBox[] = [];
  const markers: DrawMarker[] = [];
  for (const e of flatten(laidOut)) {
    const x = e.x ?? 0;
    const y = e.y ?? 0;
    const width = e.width ?? 0;
    const height = e.height ?? 0;
    if (e.id.endsWith(MARKER_SUFFIX)) {
      markers.push({ id: e.id, parent: e.id.slice(0, -MARKER_SUFFIX.length), cx: x + width / 2, cy: y + height / 2, r: width / 2 });
      continue;
    }
    const node = byId.get(e.id);
    if (!node) continue;
    boxes.push({
      id: node.id,
      label: node.key || node.id,
      kind: boxKind(node, node.parent ? byId.get(node.parent) : undefined),
      x, y, width, height,
      depth: depthOf(node),
      initial: node.initial,
      parent: node.parent,
    });
  }
  const boxById = new Map(boxes.map((b) => [b.id, b]));
  const loopsPerBox = new Map<string, number>();

  const edges: DrawEdge[] = [];
  for (const e of collectEdges(laidOut)) {
    const source = e.sources[0]!;
    const target = e.targets[0]!;
    const isMarker = source.endsWith(MARKER_SUFFIX);
    const index = isMarker ? -1 : Number(/^t(\d+)\./.exec(e.id)?.[1] ?? -1);
    const transition = index >= 0 ? graph.edges[index] : undefined;
    const section = e.sections?.[0];
    let points: Point[] = section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(({ x, y }) => ({ x, y })) : [];
    const selfLoop = source === target;
    let label: DrawEdge['label'] = null;
    const l = e.labels?.[0];
    if (l?.text) {
      const lines = transition ? edgeLines(transition) : [l.text];
      label = { text: l.text, lines, x: l.x ?? 0, y: l.y ?? 0, width: l.width ?? 0, height: l.height ?? 0 };
    }
    if (points.length < 2 && selfLoop && boxById.has(source)) {
      // ELK does not route a self-loop on a compound state: drawn on its corner instead.
      const n = loopsPerBox.get(source) ?? 0;
      loopsPerBox.set(source, n + 1);
      const box = boxById.get(source)!;
      points = cornerLoop(box, n);
      if (label) label = { ...label, x: points[2]!.x + 4, y: points[2]!.y - label.height / 2 };
    }
    edges.push({
      id: e.id,
      transition: transition?.id ?? null,
      kind: isMarker ? 'initial' : transition?.kind ?? 'event',
      source,
      target,
      points,
      label,
      selfLoop,
    });
  }

  let width = laidOut.width ?? 0;
  let height = laidOut.height ?? 0;
  for (const ed of edges) {
    for (const p of ed.points) { width = Math.max(width, p.x + 8); height = Math.max(height, p.y + 8); }
    if (ed.label) { width = Math.max(width, ed.label.x + ed.label.width + 8); height = Math.max(height, ed.label.y + ed.label.height + 8); }
  }
  // Corner loops may reach above or left of the chart: shift everything into view.
  let minX = 0;
  let minY = 0;
  for (const ed of edges) {
    for (const p of ed.points) { minX = Math.min(minX, p.x - 8); minY = Math.min(minY, p.y - 8); }
    if (ed.label) { minX = Math.min(minX, ed.label.x - 8); minY = Math.min(minY, ed.label.y - 8); }
  }
  if (minX < 0 || minY < 0) {
    const dx = -minX;
    const dy = -minY;
    for (const b of boxes) { b.x += dx; b.y += dy; }
    for (const m of markers) { m.cx += dx; m.cy += dy; }
    for (const ed of edges) {
      ed.points = ed.points.map((p) => ({ x: p.x + dx, y: p.y + dy }));
      if (ed.label) ed.label = { ...ed.label, x: ed.label.x + dx, y: ed.label.y + dy };
    }
    width += dx;
    height += dy;
  }
  // Outer boxes first, so inner ones are painted over them.
  boxes.sort((a, b) => a.depth - b.depth);
  return { width: Math.ceil(width), height: Math.ceil(height), boxes, markers, edges };
}

/** An SVG path through orthogonal points, its corners rounded. */
export function roundedPath(points: readonly Point[], radius = 6): string {
  if (points.length === 0) return '';
  const [first, ...rest] = points;
  let d = `M${first!.x},${first!.y}`;
  for (let i = 0; i < rest.length; i++) {
    const p = rest[i]!;
    const prev = i === 0 ? first! : rest[i - 1]!;
    const next = rest[i + 1];
    if (!next) { d += ` L${p.x},${p.y}`; break; }
    const inLen = Math.hypot(p.x - prev.x, p.y - prev.y);
    const outLen = Math.hypot(next.x - p.x, next.y - p.y);
    const r = Math.min(radius, inLen / 2, outLen / 2);
    if (r < 0.5) { d += ` L${p.x},${p.y}`; continue; }
    const a = { x: p.x - ((p.x - prev.x) / inLen) * r, y: p.y - ((p.y - prev.y) / inLen) * r };
    const b = { x: p.x + ((next.x - p.x) / outLen) * r, y: p.y + ((next.y - p.y) / outLen) * r };
    d += ` L${a.x},${a.y} Q${p.x},${p.y} ${b.x},${b.y}`;
  }
  return d;
}

/** Lays a machine's graph out with the given ELK instance. */
export async function layoutStatechart(elk: Pick<ELK, 'layout'>, graph: MachineGraph, options: ChartOptions = {}): Promise<Drawing> {
  const laidOut = await elk.layout(statechartToElk(graph, options));
  return drawingFromElk(graph, laidOut);
}
