import type { ReactNode } from 'react';
import { Dropdown, Space, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import { Count, Money, Ratio } from '../../components/money';
import type { ListColumn } from '../../components/list';
import { type ColumnSpec, type Drill, drillHref, type Row } from './report-config';

/** One cell of a report: its kind says how (the same rules as the spreadsheet's). */
export function renderCell(spec: Pick<ColumnSpec, 'kind' | 'key'>, value: unknown, decimals: number, t: TFunction): ReactNode {
  switch (spec.kind) {
    case 'money':
      return <Money value={value as string} decimals={decimals} />;
    case 'rate':
      return <Ratio value={value as string | null} />;
    case 'count':
      return <Count value={value as number} />;
    case 'date':
      return <span style={{ whiteSpace: 'nowrap' }}>{String(value ?? '')}</span>;
    default:
      if (spec.key === 'device' && typeof value === 'string') return t(`report:device.${value}`, { defaultValue: value });
      return value === null || value === undefined || value === '' ? '-' : String(value);
  }
}

interface ColumnsInput {
  specs: readonly ColumnSpec[];
  language: 'zh-cn' | 'en';
  decimalsOf: (currency: number | string | undefined) => number;
  drills: (row: Row) => Drill[];
  phone: boolean;
  t: TFunction;
}

/** The report's table columns from its column specs, and a last column of drill-down links. */
export function reportTableColumns({ specs, language, decimalsOf, drills, phone, t }: ColumnsInput): ListColumn<Row>[] {
  const columns: ListColumn<Row>[] = specs.map((spec) => ({
    key: spec.key,
    dataIndex: spec.key,
    title: spec.title[language],
    align: spec.align,
    ...(spec.sortable ? { sorter: true } : {}),
    ...(spec.defaultHidden ? { defaultHidden: true } : {}),
    render: (value: unknown, row: Row) => renderCell(spec, value, decimalsOf(row.currency_id as number | undefined), t),
  }));
  columns.push({
    key: 'drill',
    title: t('report:actions'),
    settable: false,
    ...(phone ? {} : { fixed: 'right' as const }),
    render: (_: unknown, row: Row) => {
      const targets = drills(row);
      if (!targets.length) return null;
      if (phone || targets.length > 3) {
        return (
          <Dropdown trigger={['click']} menu={{ items: targets.map((d) => ({ key: d.label, label: <Link to={drillHref(d)}>{t(`report:${d.label}`)}</Link> })) }}>
            <Typography.Link style={{ whiteSpace: 'nowrap' }}>
              {t('report:actions')} <DownOutlined />
            </Typography.Link>
          </Dropdown>
        );
      }
      return (
        <Space size={12} wrap={false}>
          {targets.map((d) => (
            <Link key={d.label} to={drillHref(d)} style={{ whiteSpace: 'nowrap' }} data-drill={d.label}>
              {t(`report:${d.label}`)}
            </Link>
          ))}
        </Space>
      );
    },
  });
  return columns;
}
