import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Card, Empty, Segmented, Skeleton, Typography } from 'antd';
import type { report } from '@console/contract';
import { axisTooltipFormatter, Chart, useAxisStyle } from '../../components/chart';
import { useCurrencyDecimals } from '../../components/money';
import { formatAmount } from '../../lib/format';
import { useTrendRows } from './api';
import { busiestCurrency, currentPeriod, periodField, periodsOf, trendByCurrency, type TrendPoint } from './report-config';

/** Chart geometry only: the plotted height of an amount. The tooltip shows the exact figures. */
const plot = (money: string) => Number(money);

/**
 * Bet amount (bars) and platform win/loss (line) per period over the report's dates, under the
 * report's filters; one currency at a time when the rows span several.
 */
export default function ReportTrend({
  def,
  source,
  filters,
}: {
  def: report.ReportDef;
  source: report.ReportDef;
  filters: Record<string, unknown> & { start_date: string; end_date: string; time_zone_id: number };
}) {
  const { t } = useTranslation('report');
  const axis = useAxisStyle();
  const decimalsOf = useCurrencyDecimals();
  const { data, isPending, isError, refetch } = useTrendRows(source, filters, true);
  const field = periodField(def)!;
  const byCurrency = useMemo(
    (): Map<string, TrendPoint[]> =>
      data ? trendByCurrency(data.rows, field, periodsOf(field, filters.start_date, filters.end_date, currentPeriod(field, filters.time_zone_id))) : new Map(),
    [data, field, filters.start_date, filters.end_date, filters.time_zone_id],
  );
  const codes = [...byCurrency.keys()];
  const [picked, setPicked] = useState<string>();
  const code = picked && byCurrency.has(picked) ? picked : busiestCurrency(byCurrency);
  const points = code ? byCurrency.get(code)! : [];
  const decimals = decimalsOf(code);

  const option = useMemo(() => {
    const labels = points.map((p) => (field === 'date' ? p.period.slice(5) : field === 'hour' ? p.period.slice(5) : p.period));
    return {
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      legend: { top: 0, left: 0, itemWidth: 12, itemHeight: 8, textStyle: { color: axis.axisLabel.color } },
      tooltip: {
        trigger: 'axis',
        formatter: axisTooltipFormatter((i) => {
          const p = points[i];
          return p && { title: p.period, value: (series) => `${code} ${formatAmount(series === 0 ? p.bet_amount : p.platform_win_loss, decimals)}` };
        }),
      },
      xAxis: { type: 'category', data: labels, ...axis, splitLine: { show: false } },
      yAxis: { type: 'value', ...axis, axisLine: { show: false } },
      series: [
        { name: t('chart.betAmount'), type: 'bar', barMaxWidth: 22, itemStyle: { borderRadius: [4, 4, 0, 0] }, data: points.map((p) => plot(p.bet_amount)) },
        { name: t('chart.platformWinLoss'), type: 'line', smooth: true, symbolSize: 5, showSymbol: points.length <= 62, data: points.map((p) => plot(p.platform_win_loss)) },
      ],
    };
  }, [points, field, axis, t, code, decimals]);

  let body;
  if (isError) body = <Alert type="warning" showIcon title={t('chart.failed')} action={<Typography.Link onClick={() => void refetch()}>{t('common:action.retry')}</Typography.Link>} />;
  else if (isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (!codes.length) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.title', { start: filters.start_date, end: filters.end_date })} />;
  else body = <Chart option={option} height={260} />;

  return (
    <Card
      size="small"
      title={t('chart.title')}
      data-testid="report-trend"
      extra={
        codes.length > 1 ? (
          <Segmented size="small" value={code} onChange={(v) => setPicked(String(v))} options={codes.map((c) => ({ value: c, label: c }))} />
        ) : (
          code && <Typography.Text type="secondary">{code}</Typography.Text>
        )
      }
    >
      {data?.partial && <Typography.Text type="secondary">{t('chart.partial', { rows: data.rows.length })}</Typography.Text>}
      {body}
    </Card>
  );
}
