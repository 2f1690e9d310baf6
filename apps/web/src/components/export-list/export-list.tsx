import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Flex, Form, Input, Select, Tooltip, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { exportFile } from '@console/contract';
import { DateTime } from '../date-time';
import { call, download } from '../../lib/api';
import { formatBytes, formatCount } from '../../lib/format';
import { useAppStore } from '../../stores/app';
import { useDictStore } from '../../stores/dict';
import { gameName, usePlatforms } from '../dict-select';
import { useHasPerm } from '../has-perm';
import { type ListColumn, ListFilters, type ListState, ListTable, useListState, useLocalListState } from '../list';
import { describeExportFilters } from './describe';
import './export-list.css';

type ExportItem = exportFile.ExportItem;
const FILTERS = exportFile.exportList.request.pick({ report: true, status: true, requested_by_account: true });
type ExportFilters = { report?: string; status?: exportFile.ExportStatus; requested_by_account?: string };

/** Export management's own code: its holders see every operator's exports. */
export const EXPORT_MANAGEMENT_PERMISSION = '1305';
const REFRESH_MS = 2000;

function useExportList(params: ExportFilters & { page: number; page_size: number }) {
  return useQuery({
    queryKey: ['export', 'list', params],
    queryFn: ({ signal }) => call(exportFile.exportList, params, { signal }),
    placeholderData: keepPreviousData,
    // A running export refreshes the list by itself until it is done.
    refetchInterval: (q) => (q.state.data?.list.some((e) => e.status === 'running') ? REFRESH_MS : false),
  });
}

const STATUS_BADGE = { running: 'processing', done: 'success', failed: 'error', expired: 'default' } as const;

function ExportListView({ list, embedded }: { list: ListState<ExportFilters, string>; embedded?: boolean }) {
  const { t } = useTranslation('export');
  const language = useAppStore((s) => s.language);
  const manage = useHasPerm()(EXPORT_MANAGEMENT_PERMISSION);
  const query = useExportList(list.params);
  const currencies = useDictStore((s) => s.currencies);
  const agents = useDictStore((s) => s.agents);
  const games = useDictStore((s) => s.games);
  const platforms = usePlatforms();

  const names = useMemo(
    () => ({
      language,
      currency: (id: number) => currencies.find((c) => c.id === id)?.code,
      agent: (id: number) => {
        const a = agents.find((x) => x.id === id);
        return a && `${a.name} (${a.code})`;
      },
      game: (id: number) => {
        const g = games.find((x) => x.id === id);
        return g && gameName(g, language);
      },
      platform: (id: number) => platforms?.find((p) => p.id === id)?.name,
      texts: {
        allCurrencies: t('components:allCurrencies'),
        player: t('filter.player'),
        sort: t('filter.sort'),
        ascend: t('filter.ascend'),
        descend: t('filter.descend'),
        orderId: t('filter.orderId'),
      },
    }),
    [language, currencies, agents, games, platforms, t],
  );

  // Every report and the account-change ledger.
  const reportOptions = useMemo(() => exportFile.EXPORT_KINDS.map((k) => ({ value: k.name, label: k.title[language] })), [language]);

  const columns: ListColumn<ExportItem>[] = [
    { title: t('field.id'), dataIndex: 'id', width: 72, defaultHidden: embedded, responsive: ['md'] },
    {
      title: t('field.report'),
      dataIndex: 'report',
      keyColumn: true,
      render: (name: string) => <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>{exportFile.exportKindByName(name)?.title[language] ?? name}</Typography.Text>,
    },
    {
      title: t('field.filters'),
      key: 'filters',
      render: (_: unknown, row) => (
        <Flex wrap gap={4} style={{ minWidth: 180, maxWidth: 300 }} className="export-filters">
          {describeExportFilters(row.filters, names).map((text, i) => (
            <span key={i} className="export-filter">
              {text}
            </span>
          ))}
        </Flex>
      ),
    },
    ...(manage && !embedded ? [{ title: t('field.requester'), dataIndex: 'requested_by_account' } as ListColumn<ExportItem>] : []),
    {
      title: t('field.status'),
      dataIndex: 'status',
      render: (status: exportFile.ExportStatus, row) => {
        const badge = <Badge status={STATUS_BADGE[status]} text={t(`status.${status}`)} style={{ whiteSpace: 'nowrap' }} />;
        return status === 'failed' && row.error_msg ? <Tooltip title={row.error_msg}>{badge}</Tooltip> : badge;
      },
    },
    { title: t('field.rows'), dataIndex: 'row_count', align: 'right', render: (n: number, row) => (row.status === 'done' || row.status === 'expired' ? <span className="num">{formatCount(n)}</span> : '-') },
    { title: t('field.size'), dataIndex: 'file_size', align: 'right', render: (n: number, row) => (row.status === 'done' ? <span className="num">{formatBytes(n)}</span> : '-') },
    { title: t('field.createdAt'), dataIndex: 'created_at', render: (v: string) => <DateTime value={v} /> },
    { title: t('field.expiresAt'), dataIndex: 'expires_at', defaultHidden: embedded, render: (v: string) => <DateTime value={v} /> },
    {
      title: t('common:action.operation'),
      key: 'actions',
      settable: false,
      render: (_: unknown, row) =>
        row.downloadable ? (
          <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void download(exportFile.exportDownload.path, { id: row.id }, row.file_name || `export-${row.id}.xlsx`).catch(() => undefined)}>
            {t('download')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="export-list">
      <ListFilters list={list} name={embedded ? 'my-export-filters' : 'export-filters'} phoneDrawer activeCount={Object.values(list.filters).filter(Boolean).length}>
        <Form.Item name="report" label={t('field.report')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('allReports')} options={reportOptions} style={{ width: 200 }} popupMatchSelectWidth={false} />
        </Form.Item>
        <Form.Item name="status" label={t('field.status')}>
          <Select allowClear placeholder={t('allStatus')} style={{ width: 130 }} options={exportFile.EXPORT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </Form.Item>
        {manage && !embedded && (
          <Form.Item name="requested_by_account" label={t('field.requester')}>
            <Input allowClear maxLength={64} style={{ width: 160 }} placeholder={t('field.requester')} />
          </Form.Item>
        )}
      </ListFilters>
      <ListTable<ExportItem> list={list} query={query} columns={columns} rowKey="id" title={embedded ? undefined : t('title')} emptyText={t('empty')} />
    </Flex>
  );
}

/** Export management's list: every operator's exports for holders of 1305, else one's own; state in the URL. */
export function ExportList({ id, embedded }: { id: string; embedded?: boolean }) {
  return embedded ? <EmbeddedExportList id={id} /> : <ScreenExportList id={id} />;
}

function ScreenExportList({ id }: { id: string }) {
  const list = useListState({ id, filters: FILTERS });
  return <ExportListView list={list as ListState<ExportFilters, string>} />;
}

function EmbeddedExportList({ id }: { id: string }) {
  const list = useLocalListState<ExportFilters>(id);
  return <ExportListView list={list} embedded />;
}
