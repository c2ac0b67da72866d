import type { EnvSeries } from '@ics/contract';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useEChart } from '../../../shared/ui/chart/use-echart';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, DataZoomComponent, CanvasRenderer]);

/**
 * One line per sensor over time, with zoom; ECharts core with only these parts, loaded lazily
 * by the history page (its own chunk).
 */
export default function HistoryChart({
  series,
  unit,
  averages,
}: {
  series: readonly EnvSeries[];
  unit: string;
  /** Points are hourly or daily averages: each is marked, so that the line is not read as readings. */
  averages: boolean;
}) {
  const host = useEChart(
    useMemo(
      () => ({
        tooltip: {
          trigger: 'axis',
          valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v} ${unit}` : '—'),
        },
        legend: { top: 0, type: 'scroll' },
        grid: { left: 56, right: 24, top: 40, bottom: 64 },
        xAxis: { type: 'time' },
        yAxis: { type: 'value', name: unit, scale: true },
        dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 12 }],
        series: series.map((s) => ({
          name: s.sensorName ?? s.sensorId,
          type: 'line',
          showSymbol: averages || s.points.length < 50,
          sampling: 'lttb',
          data: s.points,
        })),
      }),
      [series, unit, averages],
    ),
  );

  return <div ref={host} style={{ width: '100%', height: 380 }} data-testid="history-chart" />;
}
