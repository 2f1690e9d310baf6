import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { report, TIMEZONES } from '@console/contract';
import { AgentSelect, CurrencySelect, GameSelect, PlatformSelect, useCurrencies } from '../../components/dict-select';
import { ListFilters, type ListState, TimeZoneField, useFilterChips } from '../../components/list';
import { useDictStore } from '../../stores/dict';
import { type Filters, MONTH_PRESETS, monthPresetRange, PRESETS, presetRange, rangeKeys, rangeProblem, reportFilterFields } from './report-config';

const DATE = 'YYYY-MM-DD';
const MONTH = 'YYYY-MM';
/** The pop-up's class: one panel on a phone (report.css). */
const POPUP = { popup: { root: 'report-range-popup' } };

interface Props {
  def: report.ReportDef;
  list: Pick<ListState<Filters, string>, 'filters' | 'setFilters'>;
  /** The filters in effect: what is chosen, and the defaults for the rest. */
  effective: Required<Pick<Filters, 'time_zone_id' | 'currency_id' | 'agent_id'>> & Filters;
  /** The range in effect, dates or months (rangeKeys). */
  range: [start: string, end: string];
  today: string;
}

/**
 * The report's filter bar: only the filters its report takes, the dates (or the months of a report
 * over whole months) with presets and the report's longest range. Searching also keeps the agent,
 * currency and timezone (the last through the list kit's TimeZoneField) as the persisted
 * selections (docs/product.md, "Report screens"), so the next report opens with them.
 */
export function ReportFilters({ def, list, effective, range, today }: Props) {
  const { t } = useTranslation('report');
  const fields = reportFilterFields(def);
  const currencies = useCurrencies();
  const byMonths = fields.includes('months');
  const rangeField = byMonths ? 'months' : 'dates';
  const format = byMonths ? MONTH : DATE;
  const [startKey, endKey] = rangeKeys(def);

  const toForm = useCallback(
    (_filters: Partial<Filters>) => {
      const { start_date: _sd, end_date: _ed, start_month: _sm, end_month: _em, ...rest } = effective;
      return { ...rest, [rangeField]: [dayjs(range[0]), dayjs(range[1])] };
    },
    [effective, range, rangeField],
  );
  const fromForm = useCallback(
    (values: Record<string, unknown>): Partial<Filters> => {
      const { [rangeField]: picked, ...rest } = values as Record<string, unknown> & Filters;
      const dict = useDictStore.getState();
      if (rest.agent_id !== undefined) dict.setAgentId(rest.agent_id);
      if (rest.currency_id !== undefined) dict.setCurrencyId(rest.currency_id);
      const chosen = picked as [Dayjs, Dayjs] | undefined;
      return { ...rest, ...(chosen ? { [startKey]: chosen[0].format(format), [endKey]: chosen[1].format(format) } : {}) };
    },
    [rangeField, startKey, endKey, format],
  );

  const presets = useMemo(
    () =>
      byMonths
        ? MONTH_PRESETS.map((p) => {
            const [a, b] = monthPresetRange(p, today);
            return { label: t(`preset.${p}`), value: [dayjs(a), dayjs(b)] as [Dayjs, Dayjs] };
          })
        : PRESETS.map((p) => {
            const [a, b] = presetRange(p, today);
            return { label: t(`preset.${p}`), value: [dayjs(a), dayjs(b)] as [Dayjs, Dayjs] };
          }),
    [today, t, byMonths],
  );

  const tz = TIMEZONES.find((z) => z.id === effective.time_zone_id)?.label ?? '';
  const currency = effective.currency_id > 0 ? currencies.find((c) => c.id === effective.currency_id)?.code : undefined;
  const summary = [`${range[0]} ~ ${range[1]}`, tz, currency].filter(Boolean).join(' · ');
  // What narrows the rows besides the dates and the timezone, as chips: the agent and currency may
  // come from the persisted selections, the rest from a drill-down. Cleared, the agent is all (0)
  // and the currency all (-1), and the persisted selections follow, as after a search.
  const chipKeys = ['currency_id', 'agent_id', ...(['game_id', 'platform_id', 'player_account'] as const).filter((k) => fields.includes(k))];
  const chips = useFilterChips<Filters>(effective, chipKeys, { agent_id: { agent_id: 0 }, currency_id: { currency_id: -1 } });
  const onChipsCleared = useCallback((keys: string[]) => {
    const dict = useDictStore.getState();
    if (keys.includes('agent_id')) dict.setAgentId(0);
    if (keys.includes('currency_id')) dict.setCurrencyId(-1);
  }, []);
  const activeCount = [effective.agent_id, effective.game_id, effective.platform_id, effective.player_account].filter((v) => !!v).length + (currency ? 1 : 0);

  return (
    <ListFilters list={list} name={`report-${def.name}`} toForm={toForm} fromForm={fromForm} phoneDrawer summary={summary} activeCount={activeCount} timeZone={effective.time_zone_id} chips={chips} onChipsCleared={onChipsCleared}>
      <Form.Item
        name={rangeField}
        label={t(byMonths ? 'filter.months' : 'filter.dates')}
        rules={[
          {
            validator: async (_rule, value?: [Dayjs, Dayjs]) => {
              if (!value?.[0] || !value[1]) return;
              const problem = rangeProblem(def, value[0].format(format), value[1].format(format));
              if (problem?.reason === 'order') throw new Error(t(byMonths ? 'filter.monthOrder' : 'filter.rangeOrder'));
              if (problem?.reason === 'tooLong') throw new Error(t('filter.rangeTooLong', { days: problem.maxDays }));
              if (problem?.reason === 'tooManyMonths') throw new Error(t('filter.monthsTooMany', { months: problem.maxMonths }));
            },
          },
        ]}
      >
        {byMonths ? (
          <DatePicker.RangePicker picker="month" format={MONTH} presets={presets} allowClear={false} style={{ width: 250 }} classNames={POPUP} data-testid="report-months" />
        ) : (
          <DatePicker.RangePicker presets={presets} allowClear={false} style={{ width: 250 }} classNames={POPUP} data-testid="report-dates" />
        )}
      </Form.Item>
      <TimeZoneField />
      <Form.Item name="currency_id" label={t('components:currency')}>
        <CurrencySelect style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="agent_id" label={t('components:agent')}>
        <AgentSelect style={{ width: 200 }} />
      </Form.Item>
      {fields.includes('game_id') && (
        <Form.Item name="game_id" label={t('components:game')}>
          <GameSelect style={{ width: 180 }} />
        </Form.Item>
      )}
      {fields.includes('platform_id') && (
        <Form.Item name="platform_id" label={t('components:platform')}>
          <PlatformSelect style={{ width: 160 }} />
        </Form.Item>
      )}
      {fields.includes('player_account') && (
        <Form.Item name="player_account" label={t('filter.player')}>
          <Input allowClear placeholder={t('filter.playerPlaceholder')} maxLength={64} style={{ width: 170 }} />
        </Form.Item>
      )}
    </ListFilters>
  );
}
