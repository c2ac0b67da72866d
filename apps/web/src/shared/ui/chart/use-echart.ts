import * as echarts from 'echarts/core';
import { type RefObject, useEffect, useRef } from 'react';

/**
 * An ECharts instance on the returned element, showing `option` (replaced whole when it
 * changes). Callers register the chart parts they use with `echarts.use` in their own lazily
 * loaded module, so each page's chunk carries only those.
 */
export function useEChart(option: echarts.EChartsCoreOption): RefObject<HTMLDivElement | null> {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!host.current) return;
    const instance = echarts.init(host.current);
    chart.current = instance;
    // Hidden tabs have no size: draw again when the page shows or the window changes.
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(host.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return host;
}
