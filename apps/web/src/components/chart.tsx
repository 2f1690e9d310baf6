import { type CSSProperties, useEffect, useMemo, useRef } from 'react';
import { theme } from 'antd';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the console draws is registered: the full echarts bundle is several times larger.
// (echarts/core directly rather than echarts-for-react: its ESM build imports `tslib` without
// declaring it, and this thin wrapper is all the console needs.)
// A screen needing another chart type registers it with echarts.use() itself.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export type ChartOption = Record<string, unknown>;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML that shows it as written: a tooltip's formatter answers HTML, which ECharts puts into the page as is. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** What ECharts passes to an axis tooltip's formatter for each series at the pointed category. */
export interface AxisTooltipItem {
  dataIndex: number;
  seriesIndex: number;
  seriesName: string;
  /** The series' colour dot: HTML that ECharts builds itself (its colour escaped). */
  marker: string;
}

/**
 * The formatter of an axis tooltip: a title line, then each series' marker, name and value (in
 * bold). `pointAt` answers the title and the value text of each series for a category, or
 * nothing. Every text (names, codes, currency symbols, figures) is escaped here, so what an
 * operator typed into a currency's symbol or a name shows as text and never becomes markup;
 * only ECharts' own marker is kept as HTML.
 */
export function axisTooltipFormatter(pointAt: (dataIndex: number) => { title: string; value: (seriesIndex: number) => string } | undefined) {
  return (items: AxisTooltipItem[]) => {
    const first = items[0];
    const point = first ? pointAt(first.dataIndex) : undefined;
    if (!point) return '';
    const lines = items.map((it) => `${it.marker}${escapeHtml(it.seriesName)}&nbsp;&nbsp;<b>${escapeHtml(point.value(it.seriesIndex))}</b>`);
    return [escapeHtml(point.title), ...lines].join('<br/>');
  };
}

export interface ChartProps {
  option: ChartOption;
  height?: number;
  loading?: boolean;
  style?: CSSProperties;
  className?: string;
}

/**
 * An ECharts chart that follows the console's theme (text, axis and split-line colours come from
 * antd's tokens, so it reads well in light and dark) and resizes with its container.
 */
export function Chart({ option, height = 320, loading, style, className }: ChartProps) {
  const { token } = theme.useToken();
  const themed = useMemo(
    () => ({
      backgroundColor: 'transparent',
      color: [token.colorPrimary, '#14b8a6', '#f59e0b', '#ef4444', '#8b5cf6', '#64748b'],
      textStyle: { color: token.colorTextSecondary, fontFamily: token.fontFamily },
      ...option,
    }),
    [option, token.colorPrimary, token.colorTextSecondary, token.fontFamily],
  );
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!el.current) return;
    const instance = echarts.init(el.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    // Follows its container: window resizes, the sidebar collapsing, a tab shown again.
    const observer = new ResizeObserver(() => {
      if (el.current && el.current.clientWidth > 0) instance.resize();
    });
    observer.observe(el.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(themed as echarts.EChartsCoreOption, { notMerge: true });
  }, [themed]);

  useEffect(() => {
    if (loading) chart.current?.showLoading('default', { text: '', color: token.colorPrimary, maskColor: 'transparent' });
    else chart.current?.hideLoading();
  }, [loading, token.colorPrimary]);

  return <div ref={el} className={className} style={{ height, width: '100%', ...style }} />;
}

/** Axis styling shared by the console's cartesian charts, from the current theme's tokens. */
export function useAxisStyle() {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      axisLine: { lineStyle: { color: token.colorBorder } },
      axisTick: { show: false },
      axisLabel: { color: token.colorTextSecondary },
      splitLine: { lineStyle: { color: token.colorBorderSecondary, type: 'dashed' as const } },
    }),
    [token.colorBorder, token.colorBorderSecondary, token.colorTextSecondary],
  );
}
