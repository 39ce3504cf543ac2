// Draws a laid-out statechart (inspector-layout.ts) as SVG: compound and parallel states
// as nested boxes with a header, parallel regions dashed, atomic states as rounded boxes,
// final states with a double border, initial markers, routed arrows with their labels.
// The active configuration is lit. The picture is one image for assistive technology
// (role="img"); the States and Transitions tables beside it are its text alternative.
import { memo } from 'react';
import { SIZES, roundedPath, type DrawBox, type DrawEdge, type Drawing } from './inspector-layout.ts';

/** Primer's system font stack; the layout measures text in the same font. */
export const CHART_FONT = '-apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif';

// Colours (WCAG AA: text ≥ 4.5:1 on its fill, lines and borders ≥ 3:1 on white).
const INK = '#1f2328';
const MUTED = '#59636e';
const BORDER = '#818b98';
const EDGE = '#59636e';
const ACCENT = '#0969da';
const ACTIVE_FILL = '#ddf4ff';
const ACTIVE_INK = '#0a3069';
const FILLS = ['#f6f8fa', '#eef1f4', '#f6f8fa', '#ffffff'];

function Box({ box, active }: { box: DrawBox; active: boolean }) {
  const leaf = box.kind === 'atomic' || box.kind === 'final' || box.kind === 'history';
  const stroke = active ? ACCENT : BORDER;
  const strokeWidth = active ? 2.5 : box.kind === 'region' ? 1.25 : 1.5;
  const common = {
    'data-state': box.id,
    'data-parent': box.parent ?? undefined,
    'data-kind': box.kind,
    'data-active': active ? 'true' : undefined,
  };
  if (leaf) {
    const fill = active ? ACTIVE_FILL : '#ffffff';
    return (
      <g {...common}>
        <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={8} fill={fill} stroke={stroke} strokeWidth={strokeWidth} />
        {box.kind === 'final' ? (
          <rect x={box.x + 4} y={box.y + 4} width={box.width - 8} height={box.height - 8} rx={5} fill="none" stroke={stroke} strokeWidth={1.25} />
        ) : null}
        <text x={box.x + box.width / 2} y={box.y + box.height / 2} dominantBaseline="central" textAnchor="middle"
          fontSize={13} fontWeight={active ? 700 : 600} fill={active ? ACTIVE_INK : INK}>
          {box.label}
        </text>
      </g>
    );
  }
  const fill = FILLS[Math.min(box.depth, FILLS.length - 1)];
  return (
    <g {...common}>
      <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={box.kind === 'region' ? 6 : 10}
        fill={box.kind === 'region' ? 'none' : fill} stroke={stroke} strokeWidth={strokeWidth}
        strokeDasharray={box.kind === 'region' ? '6 4' : undefined} />
      <text x={box.x + 10} y={box.y + SIZES.headerHeight / 2 + 1} dominantBaseline="central" fontSize={13}
        fontWeight={active ? 700 : 600} fill={active ? ACTIVE_INK : box.kind === 'region' ? MUTED : INK}>
        {box.label}
        {box.kind === 'parallel' ? <tspan fontWeight={400} fill={MUTED} fontSize={11}>{'  parallel'}</tspan> : null}
      </text>
      {box.kind !== 'region' ? (
        <line x1={box.x} x2={box.x + box.width} y1={box.y + SIZES.headerHeight} y2={box.y + SIZES.headerHeight}
          stroke={active ? ACCENT : '#d1d9e0'} strokeWidth={1} />
      ) : null}
    </g>
  );
}

function Edge({ edge }: { edge: DrawEdge }) {
  if (edge.points.length < 2) return null;
  const dashed = edge.kind === 'always';
  return (
    <g data-edge={edge.transition ?? 'initial'} data-kind={edge.kind}>
      <path d={roundedPath(edge.points)} fill="none" stroke={EDGE} strokeWidth={1.4}
        strokeDasharray={dashed ? '4 3' : undefined} markerEnd="url(#inspector-arrow)" />
    </g>
  );
}

function EdgeLabel({ edge }: { edge: DrawEdge }) {
  const l = edge.label;
  if (!l) return null;
  return (
    <g data-label={edge.transition ?? ''}>
      <rect x={l.x} y={l.y} width={l.width} height={l.height} rx={3} fill="#ffffff" fillOpacity={0.94} />
      {l.lines.map((line, i) => (
        <text key={i} x={l.x + l.width / 2} y={l.y + SIZES.labelPadY + SIZES.labelLine * i + SIZES.labelLine / 2}
          dominantBaseline="central" textAnchor="middle" fontSize={11}
          fill={i === 0 ? INK : MUTED} fontStyle={i === 0 ? undefined : 'italic'}>
          {line}
        </text>
      ))}
    </g>
  );
}

export interface StatechartSvgProps {
  drawing: Drawing;
  active: ReadonlySet<string>;
  /** The accessible name ("Statechart of session"). */
  title: string;
  /** What the picture shows, in words, and where its text alternative is. */
  description: string;
  /** Display scale (1 = the layout's pixels). */
  scale?: number;
}

export const StatechartSvg = memo(function StatechartSvg({ drawing, active, title, description, scale = 1 }: StatechartSvgProps) {
  const markerEdges = drawing.edges.filter((e) => e.kind === 'initial');
  const transitions = drawing.edges.filter((e) => e.kind !== 'initial');
  return (
    <svg role="img" aria-labelledby="statechart-title" aria-describedby="statechart-desc" data-testid="statechart"
      width={Math.round(drawing.width * scale)} height={Math.round(drawing.height * scale)}
      viewBox={`0 0 ${drawing.width} ${drawing.height}`} fontFamily={CHART_FONT} style={{ display: 'block' }}>
      <title id="statechart-title">{title}</title>
      <desc id="statechart-desc">{description}</desc>
      <defs>
        <marker id="inspector-arrow" viewBox="0 0 10 10" refX={9} refY={5} markerWidth={7} markerHeight={7} orient="auto-start-reverse">
          <path d="M0,1 L9,5 L0,9 z" fill={EDGE} />
        </marker>
      </defs>
      {drawing.boxes.map((b) => <Box key={b.id} box={b} active={active.has(b.id)} />)}
      {drawing.markers.map((m) => (
        <circle key={m.id} data-initial-of={m.parent} cx={m.cx} cy={m.cy} r={m.r * 0.7} fill={INK} />
      ))}
      {markerEdges.map((e) => <Edge key={e.id} edge={e} />)}
      {transitions.map((e) => <Edge key={e.id} edge={e} />)}
      {transitions.map((e) => <EdgeLabel key={e.id} edge={e} />)}
    </svg>
  );
});
