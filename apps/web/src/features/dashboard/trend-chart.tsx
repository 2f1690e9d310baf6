import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Segmented } from 'antd';
import { Chart, useAxisStyle } from '../../components/chart';
import { TREND_DAYS } from './api';
import { type DayFigures, formatAmount, plotValue } from './kpi';

type TrendView = 'amount' | 'people';

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
        formatter: (items: { dataIndex: number; seriesName: string; marker: string; seriesIndex: number }[]) => {
          const first = items[0];
          if (!first) return '';
          const d = days[first.dataIndex]!;
          const lines = items.map((it) => {
            const v =
              view === 'amount'
                ? `${symbol}${formatAmount(it.seriesIndex === 0 ? d.bet_amount : d.platform_win_loss, decimals)}`
                : String(it.seriesIndex === 0 ? d.bettor_count : d.new_player_count);
            return `${it.marker}${it.seriesName}&nbsp;&nbsp;<b>${v}</b>`;
          });
          return [d.date, ...lines].join('<br/>');
        },
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

