// A minimal React holder for an echarts instance (init, setOption, resize, dispose).
// echarts-for-react would do this, but in this install it cannot be bundled: its build
// imports `tslib`, which npm did not hoist (see the report); echarts itself is used as is.
import { useEffect, useRef, type CSSProperties } from 'react';
import * as echarts from 'echarts/core';

export function EChart({ option, style }: { option: object; style?: CSSProperties }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!el.current) return;
    const c = echarts.init(el.current);
    chart.current = c;
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => c.resize()) : null;
    ro?.observe(el.current);
    return () => { ro?.disconnect(); c.dispose(); chart.current = null; };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option as echarts.EChartsCoreOption, { notMerge: true });
  }, [option]);

  return <div ref={el} style={style} data-testid="echart" />;
}
