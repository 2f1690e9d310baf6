import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Col, Empty, Flex, Row, Skeleton, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { useFormatDateTime } from '../../components/date-time';
import { CurrencySelect, useCurrencies } from '../../components/dict-select';
import { useHasPerm } from '../../components/has-perm';
import { TimezoneSelect } from '../../components/timezone-select';
import { useDictStore } from '../../stores/dict';
import { type FigureSource, useDashboardFigures } from './api';
import { change, formatAmount, formatRatio, rtpOf, total } from './kpi';

// ECharts is most of the dashboard's weight: the figures show first, the chart follows.
const TrendChart = lazy(() => import('./trend-chart'));

function Trend({ ratio }: { ratio: string | null }) {
  const { t } = useTranslation('dashboard');
  if (ratio === null) return <span className="dash-trend">{t('kpi.noCompare')}</span>;
  const up = !ratio.startsWith('-');
  return (
    <span className={`dash-trend ${up ? 'is-up' : 'is-down'}`}>
      {t('kpi.vsYesterday')} {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {formatRatio(up ? ratio : ratio.slice(1))}
    </span>
  );
}

function KpiCard({ title, hint, value, trend, footer, testId }: { title: string; hint: string; value: ReactNode; trend: ReactNode; footer: ReactNode; testId: string }) {
  return (
    <Card variant="borderless" className="dash-card dash-kpi" data-testid={testId}>
      <Flex justify="space-between" align="center" gap={8} className="dash-kpi-title">
        <span>{title}</span>
        <Tooltip title={hint}>
          <InfoCircleOutlined />
        </Tooltip>
      </Flex>
      <div className="dash-kpi-value">{value}</div>
      <div className="dash-kpi-trend">{trend}</div>
      <div className="dash-kpi-footer">{footer}</div>
    </Card>
  );
}

/**
 * A new platform without a currency has no figures to show: it says so and, for whoever may,
 * leads to Currency management, instead of leaving a gap where the figures would be.
 */
function NoCurrency() {
  const { t } = useTranslation('dashboard');
  const can = useHasPerm();
  const navigate = useNavigate();
  return (
    <Card variant="borderless" className="dash-card" data-testid="dashboard-overview">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('kpi.noCurrency')}>
        {can('1303') && (
          <Button type="primary" onClick={() => navigate('/background/currency')}>
            {t('kpi.addCurrency')}
          </Button>
        )}
      </Empty>
    </Card>
  );
}

/**
 * Today, yesterday and the last 7 days of one currency, and the daily trend: what an operator
 * checks first. Amounts are exact (decimal strings end to end); only the chart plots floats.
 */
export function Overview({ source }: { source: FigureSource }) {
  const { t } = useTranslation('dashboard');
  const currencies = useCurrencies();
  const storedCurrency = useDictStore((s) => s.currencyId);
  const timeZoneId = useDictStore((s) => s.timeZoneId);
  const formatTime = useFormatDateTime();
  const [chosen, setChosen] = useState<number>();
  // One currency at a time: the report filters' choice when it names one, else the base currency.
  const currency =
    currencies.find((c) => c.id === chosen) ??
    currencies.find((c) => c.id === storedCurrency) ??
    currencies.find((c) => c.rate === '1.0000' || c.rate === '1') ??
    currencies[0];
  const { data, isPending, isError, refetch } = useDashboardFigures(source, currency?.id, timeZoneId);

  const filters = (
    <Flex gap={8} wrap>
      <CurrencySelect
        allowAll={false}
        value={currency?.id ?? 0}
        onChange={setChosen}
        size="small"
        style={{ minWidth: 130 }}
        aria-label={t('components:currency')}
        data-testid="dashboard-currency"
      />
      <TimezoneSelect size="small" />
    </Flex>
  );

  if (!currency) return <NoCurrency />;
  const decimals = currency.decimals;
  const money = (v: string) => {
    const text = formatAmount(v, decimals);
    const negative = text.startsWith('-');
    // "-¥1,055.20": the sign leads, the symbol stays with the digits.
    return (
      <>
        {negative && '-'}
        <span className="dash-kpi-symbol">{currency.symbol}</span>
        {negative ? text.slice(1) : text}
      </>
    );
  };

  let body: ReactNode;
  if (isError) {
    body = <Alert type="warning" showIcon message={t('kpi.failed')} action={<Typography.Link onClick={() => void refetch()}>{t('common:action.refresh')}</Typography.Link>} />;
  } else if (isPending || !data) {
    body = (
      <Row gutter={[16, 16]}>
        {[0, 1, 2, 3].map((i) => (
          <Col key={i} xs={12} xl={6}>
            <Card variant="borderless" className="dash-card">
              <Skeleton active paragraph={{ rows: 2 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  } else {
    const days = data.days;
    const today = days[days.length - 1]!;
    const yesterday = days[days.length - 2]!;
    const week = total(days.slice(-7));
    body = (
      <Flex vertical gap={16}>
        <Row gutter={[16, 16]}>
          <Col xs={12} xl={6}>
            <KpiCard
              testId="kpi-bet-amount"
              title={t('kpi.betAmount')}
              hint={t('kpi.betAmountHint')}
              value={money(today.bet_amount)}
              trend={<Trend ratio={change(today.bet_amount, yesterday.bet_amount)} />}
              footer={
                <>
                  {t('kpi.last7')} {money(week.bet_amount)}
                </>
              }
            />
          </Col>
          <Col xs={12} xl={6}>
            <KpiCard
              testId="kpi-win-loss"
              title={t('kpi.platformWinLoss')}
              hint={t('kpi.platformWinLossHint')}
              value={<span className={today.platform_win_loss.startsWith('-') ? 'dash-negative' : undefined}>{money(today.platform_win_loss)}</span>}
              trend={<Trend ratio={change(today.platform_win_loss, yesterday.platform_win_loss)} />}
              footer={
                <>
                  {t('kpi.last7')} {money(week.platform_win_loss)}
                </>
              }
            />
          </Col>
          <Col xs={12} xl={6}>
            <KpiCard
              testId="kpi-bettors"
              title={t('kpi.bettors')}
              hint={t('kpi.bettorsHint')}
              value={today.bettor_count.toLocaleString()}
              trend={<Trend ratio={change(today.bettor_count, yesterday.bettor_count)} />}
              footer={t('kpi.newPlayers', { count: today.new_player_count, week: week.new_player_count })}
            />
          </Col>
          <Col xs={12} xl={6}>
            <KpiCard
              testId="kpi-bets"
              title={t('kpi.bets')}
              hint={t('kpi.betsHint')}
              value={today.bet_count.toLocaleString()}
              trend={<Trend ratio={change(today.bet_count, yesterday.bet_count)} />}
              footer={t('kpi.rtp', { today: formatRatio(rtpOf(today)), week: formatRatio(rtpOf(week)) })}
            />
          </Col>
        </Row>
        <Suspense
          fallback={
            <Card variant="borderless" className="dash-card">
              <Skeleton active paragraph={{ rows: 6 }} />
            </Card>
          }
        >
          <TrendChart days={days} decimals={decimals} symbol={currency.symbol} />
        </Suspense>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={12} data-testid="dashboard-overview">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('kpi.title')}
          </Typography.Title>
          <Typography.Text type="secondary" className="dash-updated">
            {data ? t('kpi.updated', { time: formatTime(data.at).slice(11) }) : t('kpi.loading')}
          </Typography.Text>
        </div>
        {filters}
      </Flex>
      {body}
    </Flex>
  );
}
