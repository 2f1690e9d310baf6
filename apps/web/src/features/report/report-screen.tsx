import { type ComponentType, lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumb, Button, Card, Empty, Flex, Grid, Skeleton, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, LineChartOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import type { report } from '@console/contract';
import { ExportAction } from '../../components/export-list';
import { useHasPerm } from '../../components/has-perm';
import { ReplicaLagNotice } from '../../components/replica-lag-notice';
import { ListTable, type ListTotalsRow, useListState, useListTimeZone } from '../../components/list';
import { useCurrencyDecimals } from '../../components/money';
import { useAppStore } from '../../stores/app';
import { useDictStore } from '../../stores/dict';
import { type ReportParams, useReportPage } from './api';
import { renderCell, reportTableColumns } from './report-columns';
import {
  backOf,
  backTarget,
  chartSource,
  defaultRange,
  drillTargets,
  type Filters,
  localToday,
  rangeKeys,
  reportByKey,
  reportColumnSpecs,
  reportFilterSchemaOf,
  type Row,
  sortFieldsOf,
} from './report-config';
import { ReportFilters } from './report-filters';
import './report.css';

// ECharts is most of a chart's weight: the table shows first, the chart follows.
const ReportTrend = lazy(() => import('./report-trend'));

const CHART_PREF = 'report-chart-hidden';
function useChartShown(): [boolean, (shown: boolean) => void] {
  const [hidden, setHidden] = useState(() => {
    try {
      return localStorage.getItem(CHART_PREF) === '1';
    } catch {
      return false;
    }
  });
  const set = useCallback((shown: boolean) => {
    setHidden(!shown);
    try {
      if (shown) localStorage.removeItem(CHART_PREF);
      else localStorage.setItem(CHART_PREF, '1');
    } catch {
      // Storage switched off: the choice lasts while the screen is open.
    }
  }, []);
  return [!hidden, set];
}

/**
 * The one report screen (docs/product.md, "Report screens"), made from a report's definition: the filters it takes, a
 * trend chart for period reports, the table with its columns, totals per currency and drill-down
 * links, and the export.
 */
function ReportScreen({ def }: { def: report.ReportDef }) {
  const { t } = useTranslation('report');
  const language = useAppStore((s) => s.language);
  const phone = Grid.useBreakpoint().md === false;
  const can = useHasPerm();
  const decimalsOf = useCurrencyDecimals();
  // The persisted selections (docs/product.md, "Report screens") as they were when the screen opened: a search here updates
  // them for the next screen, and must not change this one's request under its own feet.
  const [{ agentId: storedAgent, currencyId: storedCurrency }] = useState(() => useDictStore.getState());

  const schema = useMemo(() => reportFilterSchemaOf(def), [def]);
  const sortFields = useMemo(() => sortFieldsOf(def), [def]);
  const list = useListState({ id: `report-${def.name}`, filters: schema, sortFields });
  const zone = useListTimeZone(list.filters);
  const today = localToday(zone);
  const [defaultStart, defaultEnd] = defaultRange(def, today);
  // The range as the report's request names it: dates, or months (a report over whole months).
  const [startKey, endKey] = rangeKeys(def);
  const effective = useMemo(
    () => ({ time_zone_id: zone, currency_id: storedCurrency, agent_id: storedAgent, [startKey]: defaultStart, [endKey]: defaultEnd, ...(list.filters as Filters) }),
    [zone, storedCurrency, storedAgent, startKey, endKey, defaultStart, defaultEnd, list.filters],
  );
  const [rangeStart, rangeEnd] = [String(effective[startKey]), String(effective[endKey])];
  const params: ReportParams = { ...list.params, ...effective };
  const query = useReportPage(def, params);

  const [chartShown, setChartShown] = useChartShown();
  const trendSource = chartSource(def, can);

  // The way back of a drilled-down screen (the report it came from, with its filters), and the
  // way back this screen hands on to its own drills.
  const location = useLocation();
  const backTo = useMemo(() => backTarget(location.search), [location.search]);
  const back = backOf(location.pathname, location.search);

  const specs = useMemo(() => reportColumnSpecs(def), [def]);
  const drills = useCallback((row: Row) => drillTargets(def, row, effective).filter((d) => can(d.permission)), [def, effective, can]);
  const columns = useMemo(() => reportTableColumns({ specs, language, decimalsOf, drills, phone, t, back }), [specs, language, decimalsOf, drills, phone, t, back]);

  const totals: ListTotalsRow[] = (query.data?.summary ?? []).map((s) => ({
    key: String(s.currency_code),
    label: t('total', { currency: s.currency_code }),
    cells: Object.fromEntries(
      specs.filter((spec) => spec.key in s && spec.key !== 'currency_code' && spec.key !== 'currency_id').map((spec) => [spec.key, renderCell(spec, s[spec.key], decimalsOf(s.currency_id as number), t)]),
    ),
  }));

  const title = t(`route:${def.key}`);
  const emptyText = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <Typography.Text>{t('empty.title', { start: rangeStart, end: rangeEnd })}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{t('empty.hint')}</Typography.Text>
        </>
      }
    />
  );
  const { page: _page, page_size: _size, ...exportBody } = params;

  return (
    <Flex vertical gap={16} className="report-screen" data-testid={`report-${def.name}`}>
      {backTo && (
        <Breadcrumb
          className="report-back"
          data-testid="report-back"
          items={[
            {
              title: (
                <Link to={backTo.href}>
                  <ArrowLeftOutlined /> {t('drill.back', { report: t(`route:${backTo.def.key}`) })}
                </Link>
              ),
            },
            { title },
          ]}
        />
      )}
      <ReportFilters def={def} list={list} effective={effective} range={[rangeStart, rangeEnd]} today={today} />
      <ReplicaLagNotice />
      {trendSource && chartShown && (
        // The chart's library and figures wait for the rows: they are what an operator reads first.
        <Suspense fallback={<ChartPlaceholder />}>{query.data || query.isError ? <ReportTrend def={def} source={trendSource} filters={{ ...effective, start_date: rangeStart, end_date: rangeEnd }} /> : <ChartPlaceholder />}</Suspense>
      )}
      <ListTable<Row>
        list={list}
        query={query}
        columns={columns}
        rowKey={(row) => rowKeyOf(def, row)}
        title={
          <Flex vertical gap={0} className="report-title">
            <span>{title}</span>
            <Typography.Text type="secondary" className="report-subtitle">
              {rangeStart} ~ {rangeEnd}
            </Typography.Text>
          </Flex>
        }
        emptyText={emptyText}
        totals={totals}
        defaultDensity="middle"
        extra={
          <>
            {trendSource && (
              <Tooltip title={t('chart.toggle')}>
                <Button
                  icon={<LineChartOutlined />}
                  type={chartShown ? 'primary' : 'default'}
                  ghost={chartShown}
                  aria-pressed={chartShown}
                  aria-label={t('chart.toggle')}
                  onClick={() => setChartShown(!chartShown)}
                  data-testid="report-chart-toggle"
                />
              </Tooltip>
            )}
            <ExportAction name={def.name} path={`${def.path}/export`} body={exportBody} fileName={`${title}-${rangeStart}_${rangeEnd}.xlsx`} />
          </>
        }
      />
    </Flex>
  );
}

/** Where the trend chart will be, the height it will have. */
const ChartPlaceholder = () => (
  <Card size="small" className="report-chart-placeholder">
    <Skeleton active paragraph={{ rows: 6 }} />
  </Card>
);

/** A row's key: its dimensions, period and currency (unique within a report's answer). */
function rowKeyOf(def: report.ReportDef, row: Row): string {
  if (def.raw) return String(row.id);
  return [row.date, row.hour, row.month, row.agent_id, row.game_id, row.platform_id, row.player_id, row.currency_id].filter((v) => v !== undefined).join('|');
}

const bound = new Map<string, ComponentType>();

/** The screen of one report (the route table's `report-<name>` component), made once per report. */
export function reportScreen(key: string): ComponentType {
  let screen = bound.get(key);
  if (!screen) {
    const def = reportByKey(key);
    if (!def) throw new Error(`unknown report ${key}`);
    const Screen = () => <ReportScreen def={def} />;
    Screen.displayName = `ReportScreen(${key})`;
    bound.set(key, Screen);
    screen = Screen;
  }
  return screen;
}
