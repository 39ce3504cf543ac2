// The "instances per state" bar chart of the machine inspector, drawn by echarts through
// echarts-for-react (its core entry, with only the bar chart registered). Loaded lazily:
// echarts comes only when stored instances are shown.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { AriaComponent, GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { stateCountOption, type StateCount } from './inspector-instances.ts';

echarts.use([BarChart, GridComponent, TooltipComponent, AriaComponent, SVGRenderer]);

export default function InstanceStateChart({ counts, description }: { counts: readonly StateCount[]; description: string }) {
  const option = useMemo(() => stateCountOption(counts, description), [counts, description]);
  return (
    <ReactEChartsCore echarts={echarts} option={option} notMerge lazyUpdate opts={{ renderer: 'svg' }}
      style={{ height: Math.max(90, 26 * counts.length + 24), width: '100%' }} />
  );
}
