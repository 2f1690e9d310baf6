import { useTranslation } from 'react-i18next';
import { DatePicker, Flex, Form, Input, Select, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { log } from '@console/contract';
import { DateTime, TimeZoneScope, useTimeZone } from '../../components/date-time';
import { wallTimeOf } from '../../lib/datetime';
import { type ListColumn, ListFilters, ListTable, TimeZoneField, timeRangeSummary, useListState, useListTimeZone } from '../../components/list';
import { ACTIONS } from './actions';
import { useLogList } from './api';
import { showValue, summaryLines, type SummaryLine } from './summary';

type LogItem = log.LogItem;
const FILTERS = log.logList.request.pick({
  actor: true,
  agent_code: true,
  operator_account: true,
  action: true,
  result: true,
  time_zone_id: true,
  start_time: true,
  end_time: true,
});

/**
 * A date-time picker whose value is a wall-clock time "YYYY-MM-DD HH:mm:ss" of the list's timezone
 * (what the list call, read in its `time_zone_id`, and the URL hold); an end takes in its whole
 * minute. An instant from an older link is shown in the list's timezone.
 */
function WallTimePicker({ value, onChange, endOfMinute, ...rest }: { value?: string; onChange?: (v: string | undefined) => void; endOfMinute?: boolean; placeholder?: string }) {
  const { offsetMinutes } = useTimeZone();
  const shown = value ? dayjs(wallTimeOf(value, offsetMinutes)) : null;
  return (
    <DatePicker
      {...rest}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      value={shown}
      onChange={(d: Dayjs | null) => onChange?.(d ? `${d.format('YYYY-MM-DD HH:mm')}:${endOfMinute ? '59' : '00'}` : undefined)}
      style={{ width: 180 }}
    />
  );
}

function ChangeTable({ lines }: { lines: SummaryLine[] }) {
  const { t, i18n } = useTranslation('log');
  const label = (f: string) => (f ? (i18n.exists(`log:fields.${f}`) ? t(`fields.${f}`) : f) : t('value'));
  if (!lines.length) return <Typography.Text type="secondary">{t('noDetail')}</Typography.Text>;
  return (
    <Table<SummaryLine & { key: number }>
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={lines.map((l, key) => ({ ...l, key }))}
      style={{ maxWidth: 760 }}
      columns={[
        { title: t('field'), dataIndex: 'field', width: 160, render: (f: string) => <Typography.Text strong>{label(f)}</Typography.Text> },
        {
          title: t('before'),
          key: 'before',
          render: (_, l) => (l.kind === 'change' ? <Typography.Text delete type="danger">{showValue(l.before)}</Typography.Text> : <Typography.Text type="secondary">—</Typography.Text>),
        },
        {
          title: t('after'),
          key: 'after',
          render: (_, l) => (l.kind === 'change' ? <Typography.Text type="success">{showValue(l.after)}</Typography.Text> : <span>{showValue(l.value)}</span>),
        },
      ]}
    />
  );
}

/**
 * The operation log (route /log/index): newest first, each row opening to what it changed.
 * Operators' and agent users' changes and logins alike; an agent user's row names their agent.
 */
export default function LogScreen() {
  const { t, i18n } = useTranslation('log');
  const list = useListState({ id: 'log', filters: FILTERS });
  // The list's timezone: its time range is picked in it and its rows' times are shown in it.
  const zone = useListTimeZone(list.filters);
  const query = useLogList({ ...list.params, time_zone_id: zone });
  // On a phone the fields fold into a drawer; beside its button, the range and zone in effect.
  const filtersSummary = timeRangeSummary(list.filters.start_time, list.filters.end_time, zone);
  const activeCount = Object.entries(list.filters).filter(([k, v]) => k !== 'time_zone_id' && v !== undefined && v !== '').length;
  const actionName = (a: string) => (i18n.exists(`log:actions.${a}`) ? t(`actions.${a}`) : a);
  const actionOptions = ACTIONS.map((a) => ({ value: a, label: `${actionName(a)} · ${a}` }));

  const columns: ListColumn<LogItem>[] = [
    { title: t('col.time'), dataIndex: 'created_at', render: (v: string) => <DateTime value={v} /> },
    {
      title: t('col.operator'),
      dataIndex: 'operator_account',
      // An agent user's row names their agent: "CODE / account", marked as an agent user's.
      render: (v: string, row) =>
        row.agent_code ? (
          <Flex vertical gap={0} align="start">
            <span style={{ whiteSpace: 'nowrap' }}>{`${row.agent_code} / ${v || '—'}`}</span>
            <Tag variant="filled" style={{ marginInlineEnd: 0, fontSize: 12 }}>
              {t('actor.agent')}
            </Tag>
          </Flex>
        ) : (
          v || '—'
        ),
    },
    {
      title: t('col.action'),
      dataIndex: 'action',
      render: (a: string) => (
        <Flex vertical gap={0}>
          <span style={{ whiteSpace: 'nowrap' }}>{actionName(a)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {a}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('col.target'), dataIndex: 'target', responsive: ['md'], render: (v: string) => v || '—' },
    {
      title: t('col.result'),
      dataIndex: 'result_code',
      render: (c: string) => (c === '0' ? <Tag color="green">{t('result.success')}</Tag> : <Tag color="red">{t('result.failureCode', { code: c })}</Tag>),
    },
    { title: t('col.ip'), dataIndex: 'ip', responsive: ['lg'] },
  ];

  return (
    <TimeZoneScope zone={zone}>
      <Flex vertical gap={16}>
        <ListFilters list={list} name="log-filters" timeZone={zone} phoneDrawer summary={filtersSummary} activeCount={activeCount}>
          <Form.Item name="actor" label={t('actor.label')}>
            <Select allowClear placeholder={t('all')} style={{ width: 130 }} options={log.LOG_ACTORS.map((a) => ({ value: a, label: t(`actor.${a}`) }))} />
          </Form.Item>
          <Form.Item name="agent_code" label={t('agentCode')}>
            <Input placeholder={t('agentCodePlaceholder')} allowClear style={{ width: 130 }} maxLength={32} />
          </Form.Item>
          <Form.Item name="operator_account" label={t('col.operator')}>
            <Input placeholder={t('operatorPlaceholder')} allowClear style={{ width: 160 }} maxLength={64} />
          </Form.Item>
          <Form.Item name="action" label={t('col.action')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('all')} style={{ width: 240 }} options={actionOptions} popupMatchSelectWidth={false} />
          </Form.Item>
          <Form.Item name="result" label={t('col.result')}>
            <Select
              allowClear
              placeholder={t('all')}
              style={{ width: 120 }}
              options={log.LOG_RESULTS.map((r) => ({ value: r, label: t(`result.${r}`) }))}
            />
          </Form.Item>
          <Form.Item name="start_time" label={t('from')}>
            <WallTimePicker placeholder={t('from')} />
          </Form.Item>
          <Form.Item name="end_time" label={t('to')}>
            <WallTimePicker placeholder={t('to')} endOfMinute />
          </Form.Item>
          <TimeZoneField />
        </ListFilters>
        <ListTable<LogItem>
          list={list}
          query={query}
          rowKey="id"
          columns={columns}
          title={t('title')}
          emptyText={t('empty')}
          tableProps={{
            expandable: {
              // The column of expand buttons is named for screen readers, which read each cell with its header.
              columnTitle: <span className="sr-only">{t('col.details')}</span>,
              expandedRowRender: (row) => <ChangeTable lines={summaryLines(row.summary)} />,
            },
          }}
        />
      </Flex>
    </TimeZoneScope>
  );
}
