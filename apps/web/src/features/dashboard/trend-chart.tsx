import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Segmented } from 'antd';
import { axisTooltipFormatter, Chart, useAxisStyle } from '../../components/chart';
import { TREND_DAYS } from './api';
import { type DayFigures, formatAmount, plotValue } from './kpi';

export type TrendView = 'amount' | 'people';

/**
 * The tooltip of the trend: the day, then each series' exact figure (not the plotted float), an
 * amount after the currency's symbol. The symbol is whatever an operator typed for the currency:
 * axisTooltipFormatter escapes it with every other text.
 */
export function trendTooltip(days: DayFigures[], view: TrendView, decimals: number, symbol: string) {
  return axisTooltipFormatter((i) => {
    const d = days[i];
    return (
      d && {
        title: d.date,
        value: (series) =>
          view === 'amount'
            ? `${symbol}${formatAmount(series === 0 ? d.bet_amount : d.platform_win_loss, decimals)}`
            : String(series === 0 ? d.bettor_count : d.new_player_count),
      }
    );
  });
}

/** The daily trend of the dashboard's period: amounts, or players. */
export default function TrendChart({ days, decimals, symbol }: { days: DayFigures[]; decimals: number; symbol: string }) {
  const { t } = useTranslation('dashboard');
  const axis = useAxisStyle();
  const [view, setView] = useState<TrendView>('amount');
  const option = useMemo(() => {
    const dates = days.map((d) => d.date.slice(5));
    const series =
      view === 'amount'
        ? [
            { name: t('chart.betAmount'), type: 'bar', barMaxWidth: 22, itemStyle: { borderRadius: [4, 4, 0, 0] }, data: days.map((d) => plotValue(d.bet_amount)) },
            { name: t('chart.platformWinLoss'), type: 'line', smooth: true, symbolSize: 6, data: days.map((d) => plotValue(d.platform_win_loss)) },
          ]
        : [
            { name: t('chart.bettors'), type: 'bar', barMaxWidth: 22, itemStyle: { borderRadius: [4, 4, 0, 0] }, data: days.map((d) => d.bettor_count) },
            { name: t('chart.newPlayers'), type: 'line', smooth: true, symbolSize: 6, data: days.map((d) => d.new_player_count) },
          ];
    return {
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      legend: { top: 0, right: 0, itemWidth: 12, itemHeight: 8, textStyle: { color: axis.axisLabel.color } },
      tooltip: {
        trigger: 'axis',
        // The exact figures, not the plotted floats.
        formatter: trendTooltip(days, view, decimals, symbol),
      },
      xAxis: { type: 'category', data: dates, ...axis, splitLine: { show: false } },
      yAxis: { type: 'value', ...axis, axisLine: { show: false } },
      series,
    };
  }, [days, view, t, axis, decimals, symbol]);
  return (
    <Card
      variant="borderless"
      className="dash-card"
      title={t('chart.title', { days: TREND_DAYS })}
      extra={
        <Segmented<TrendView>
          size="small"
          value={view}
          onChange={setView}
          options={[
            { value: 'amount', label: t('chart.amountView') },
            { value: 'people', label: t('chart.peopleView') },
          ]}
        />
      }
    >
      <div data-testid="dashboard-trend">
        <Chart option={option} height={320} />
      </div>
    </Card>
  );
}

