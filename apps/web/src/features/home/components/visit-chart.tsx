import type { VisitDay } from '@ics/contract';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useEChart } from '../../../shared/ui/chart/use-echart';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/**
 * Sign-ins of the last 7 days (bars) and distinct addresses (line); ECharts core with only
 * these parts, loaded lazily by the home page.
 */
export default function VisitChart({
  days,
  labels,
  color,
}: {
  days: readonly VisitDay[];
  labels: { visit: string; ip: string };
  color: string;
}) {
  const host = useEChart(
    useMemo(
      () => ({
        color: [color, '#52c41a'],
        tooltip: { trigger: 'axis' },
        legend: { data: [labels.visit, labels.ip], top: 0 },
        grid: { left: 40, right: 24, top: 36, bottom: 28 },
        xAxis: { type: 'category', data: days.map((d) => d.type) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: labels.visit, type: 'bar', barMaxWidth: 32, data: days.map((d) => d.visit) },
          { name: labels.ip, type: 'line', smooth: true, data: days.map((d) => d.ip) },
        ],
      }),
      [days, labels, color],
    ),
  );

  return <div ref={host} style={{ width: '100%', height: 300 }} data-testid="visit-chart" />;
}
