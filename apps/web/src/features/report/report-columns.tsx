import type { ReactNode } from 'react';
import { Button, Dropdown, Space, Tag, Typography } from 'antd';
import { DownOutlined, MoreOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import { BasisPoints, Count, Money, Ratio } from '../../components/money';
import { ShortId } from '../../components/short-id';
import type { ListColumn } from '../../components/list';
import { type ColumnSpec, type Drill, drillHref, type Row } from './report-config';

/** One cell of a report: its kind says how (the same rules as the spreadsheet's). */
export function renderCell(spec: Pick<ColumnSpec, 'kind' | 'key'>, value: unknown, decimals: number, t: TFunction): ReactNode {
  switch (spec.kind) {
    case 'money':
      return <Money value={value as string} decimals={decimals} />;
    case 'rate':
      return <Ratio value={value as string | null} />;
    case 'bp':
      return <BasisPoints value={value as number | null} />;
    case 'count':
      return <Count value={value as number} />;
    case 'date':
      // A cancelled bet (the bet-record list): marked, with when; a bet standing shows nothing there.
      if (spec.key === 'cancelled_at') {
        return value ? (
          <Tag color="red" style={{ whiteSpace: 'nowrap', marginInlineEnd: 0 }}>
            {String(value)}
          </Tag>
        ) : (
          '-'
        );
      }
      return <span style={{ whiteSpace: 'nowrap' }}>{String(value ?? '')}</span>;
    default:
      // A bet's and a round's ids are long: shortened, whole in the tooltip and the copy.
      if ((spec.key === 'bet_id' || spec.key === 'round_id') && typeof value === 'string') return <ShortId value={value} />;
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
  /** Where a drilled-down screen leads back to: this report with its filters (backOf). */
  back?: string;
}

/**
 * The columns that name a row, pinned to the left edge while the figures scroll: the first column
 * shown and, when it is the row's period, the code or account beside it (an agent's daily row is
 * its date and its agent; on a phone the second is stacked under the first, phonePlacesOf).
 */
export function keyColumnsOf(specs: readonly Pick<ColumnSpec, 'key' | 'kind' | 'defaultHidden'>[]): Set<string> {
  const shown = specs.filter((s) => !s.defaultHidden);
  const keys = new Set<string>();
  const [first, second] = shown;
  if (!first) return keys;
  keys.add(first.key);
  if (first.kind === 'date' && second && second.kind === 'text' && second.key !== 'currency_code') keys.add(second.key);
  return keys;
}

/**
 * Where a report's columns go on a phone (ListColumn.phone): under the first key column's name,
 * the other one (a daily row's agent), the row's currency, and a bet's player and cancellation;
 * beside it, the amounts a row is read for: the bet amount and the platform's win/loss (a bet's
 * player win/loss, which is all it has), and an agent's own take in the settlement.
 */
export function phonePlacesOf(specs: readonly Pick<ColumnSpec, 'key' | 'kind' | 'defaultHidden'>[]): Map<string, 'stack' | 'lead'> {
  const keys = [...keyColumnsOf(specs)];
  const has = (key: string) => specs.some((s) => s.key === key);
  const places = new Map<string, 'stack' | 'lead'>();
  for (const key of [...keys.slice(1), 'currency_code', 'player_account', 'cancelled_at']) if (has(key) && key !== keys[0]) places.set(key, 'stack');
  const winLoss = has('platform_win_loss') ? 'platform_win_loss' : 'player_win_loss';
  for (const key of ['bet_amount', winLoss, 'own_take']) if (has(key) && !places.has(key) && !keys.includes(key)) places.set(key, 'lead');
  return places;
}

/** The report's table columns from its column specs, and a last column of drill-down links. */
export function reportTableColumns({ specs, language, decimalsOf, drills, phone, t, back }: ColumnsInput): ListColumn<Row>[] {
  const keyColumns = keyColumnsOf(specs);
  const phonePlaces = phonePlacesOf(specs);
  const columns: ListColumn<Row>[] = specs.map((spec) => ({
    key: spec.key,
    ...(keyColumns.has(spec.key) ? { keyColumn: true } : {}),
    ...(phonePlaces.has(spec.key) ? { phone: phonePlaces.get(spec.key) } : {}),
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
    // In reach at the right edge however wide the row, on a phone too (as the list kit's actions).
    fixed: 'right' as const,
    render: (_: unknown, row: Row) => {
      const targets = drills(row);
      if (!targets.length) return null;
      if (phone || targets.length > 3) {
        return (
          <Dropdown trigger={['click']} menu={{ items: targets.map((d) => ({ key: d.label, label: <Link to={drillHref(d, back)}>{t(`report:${d.label}`)}</Link> })) }}>
            {phone ? (
              // A phone's row has room for one narrow button beside the pinned name and the amounts.
              <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('report:actions')} />
            ) : (
              <Typography.Link style={{ whiteSpace: 'nowrap' }}>
                {t('report:actions')} <DownOutlined />
              </Typography.Link>
            )}
          </Dropdown>
        );
      }
      return (
        <Space size={12} wrap={false}>
          {targets.map((d) => (
            <Link key={d.label} to={drillHref(d, back)} style={{ whiteSpace: 'nowrap' }} data-drill={d.label}>
              {t(`report:${d.label}`)}
            </Link>
          ))}
        </Space>
      );
    },
  });
  return columns;
}
