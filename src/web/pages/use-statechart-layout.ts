// Lays a machine's graph out with elkjs in the page. elkjs (about 450 KB gzipped) is
// imported on first use, so it loads with the inspector and never with the first page.
// Text is measured with a canvas in the chart's font; layouts are kept per machine and
// direction for the life of the page.
import { useEffect, useState } from 'react';
import type { ELK } from 'elkjs/lib/elk-api';
import type { MachineGraph } from '../../../machines/inspect.ts';
import { approximateMeasure, layoutStatechart, type Direction, type Drawing, type TextMeasure } from './inspector-layout.ts';
import { CHART_FONT } from './statechart-svg.tsx';

let elk: Promise<ELK> | null = null;
function loadElk(): Promise<ELK> {
  elk ??= import('elkjs/lib/elk.bundled.js').then((m) => {
    const Ctor = ((m as { default?: unknown }).default ?? m) as new () => ELK;
    return new Ctor();
  });
  return elk;
}

let canvas: CanvasRenderingContext2D | null | undefined;
const canvasMeasure: TextMeasure = (text, font) => {
  if (canvas === undefined) canvas = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!canvas) return approximateMeasure(text, font);
  canvas.font = font === 'state' ? `700 13px ${CHART_FONT}` : `11px ${CHART_FONT}`;
  return Math.ceil(canvas.measureText(text).width);
};

const cache = new Map<string, Promise<Drawing>>();
const done = new Map<string, Drawing>();

export type LayoutState =
  | { status: 'loading' }
  | { status: 'ready'; drawing: Drawing }
  | { status: 'error'; error: Error };

export function useStatechartLayout(key: string, graph: MachineGraph | null, direction: Direction): LayoutState {
  const [state, setState] = useState<LayoutState>({ status: 'loading' });
  useEffect(() => {
    if (!graph) return;
    let live = true;
    const id = `${key}|${direction}`;
    const known = done.get(id);
    if (known) {
      setState({ status: 'ready', drawing: known });
      return;
    }
    let pending = cache.get(id);
    if (!pending) {
      pending = loadElk().then((e) => layoutStatechart(e, graph, { direction, measure: canvasMeasure }));
      cache.set(id, pending);
      pending.then((d) => done.set(id, d), () => cache.delete(id));
    }
    setState({ status: 'loading' });
    pending.then(
      (drawing) => { if (live) setState({ status: 'ready', drawing }); },
      (error: unknown) => { if (live) setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }); },
    );
    return () => { live = false; };
  }, [key, graph, direction]);
  return state;
}
