import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Badge, Button, Flex, Form, Grid, Input, InputNumber, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { currency } from '@console/contract';
import { FormDialog, useConfirm, zodRule } from '../../components/form-dialog';
import { useHasPerm } from '../../components/has-perm';
import { type ListColumn, ListFilters, ListTable, StatusFilter, useListState } from '../../components/list';
import { currencyName } from '../../lib/currency-name';
import { useAppStore } from '../../stores/app';
import { useAddCurrency, useCurrencyList, useEditCurrency } from './api';

type Currency = currency.CurrencyItem;
const { CurrencyStatus } = currency;
export const CURRENCY_PERMISSION = '1303';

const FILTERS = currency.currencyList.request.pick({ keyword: true, status: true });
const fields = currency.currencyAdd.request.shape;

interface Values {
  code: string;
  name: string;
  symbol?: string;
  decimals: number;
  rate: string;
}

function CurrencyModal({ target, onClose }: { target: Currency | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('currency');
  const add = useAddCurrency();
  const edit = useEditCurrency();
  const editing = target && target !== 'new' ? target : null;
  return (
    <FormDialog<Values>
      open={!!target}
      title={editing ? t('modal.editTitle', { code: editing.code }) : t('modal.addTitle')}
      name={editing ? 'edit-currency' : 'add-currency'}
      onClose={onClose}
      successMessage={t(editing ? 'toast.saved' : 'toast.added')}
      initialValues={editing ? { code: editing.code, name: editing.name, symbol: editing.symbol, decimals: editing.decimals, rate: editing.rate } : { decimals: 2 }}
      onSubmit={async (v) => {
        const body = { name: v.name.trim(), symbol: (v.symbol ?? '').trim(), decimals: v.decimals, rate: v.rate.trim() };
        if (editing) await edit.mutateAsync({ id: editing.id, ...body });
        else await add.mutateAsync({ code: v.code.trim(), ...body });
      }}
    >
      <Form.Item
        name="code"
        label={t('field.code')}
        required={!editing}
        extra={editing ? t('hint.codeFixed') : undefined}
        rules={editing ? [] : [zodRule(fields.code, { required: t('rule.code'), invalid: t('rule.codeFormat') })]}
      >
        <Input placeholder={t('placeholder.code')} disabled={!!editing} autoFocus={!editing} autoComplete="off" style={{ textTransform: 'uppercase' }} />
      </Form.Item>
      <Form.Item name="name" label={t('field.name')} required rules={[zodRule(fields.name, { required: t('rule.name'), tooLong: t('rule.nameLength') })]}>
        <Input autoFocus={!!editing} />
      </Form.Item>
      <Space size={16} wrap>
        <Form.Item name="symbol" label={t('field.symbol')} rules={[zodRule(fields.symbol, { tooLong: t('rule.symbolLength') })]}>
          <Input style={{ width: 120 }} maxLength={8} />
        </Form.Item>
        <Form.Item name="decimals" label={t('field.decimals')} required extra={t('hint.decimals')} rules={[{ required: true, message: t('rule.decimals') }]}>
          <InputNumber min={0} max={4} precision={0} style={{ width: 120 }} />
        </Form.Item>
      </Space>
      <Form.Item name="rate" label={t('field.rate')} required extra={t('hint.rate')} rules={[zodRule(fields.rate, { required: t('rule.rate'), invalid: t('rule.rateFormat') })]}>
        <Input inputMode="decimal" placeholder="7.1" style={{ width: 220 }} />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * A currency's name as the console shows it in this language (lib/currency-name.ts), with the name as
 * stored under it when they differ: the stored one is what the edit dialog changes.
 */
function NameCell({ code, name }: { code: string; name: string }) {
  const { t } = useTranslation('currency');
  const language = useAppStore((s) => s.language);
  const shown = currencyName(code, name, language);
  if (shown === name) return <>{name}</>;
  return (
    <Flex vertical gap={0}>
      <span>{shown}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} title={t('storedName')}>
        {name}
      </Typography.Text>
    </Flex>
  );
}

/** Currency management (route /background/currency): every currency, disabled ones included. */
export default function CurrencyScreen() {
  const { t } = useTranslation('currency');
  const { message } = App.useApp();
  const confirm = useConfirm();
  const screens = Grid.useBreakpoint();
  const language = useAppStore((s) => s.language);
  const canManage = useHasPerm()(CURRENCY_PERMISSION);
  const list = useListState({ id: 'currency', filters: FILTERS });
  const query = useCurrencyList(list.params);
  const edit = useEditCurrency();
  const [target, setTarget] = useState<Currency | 'new' | null>(null);

  function toggle(c: Currency) {
    const enabled = c.status === CurrencyStatus.Enabled;
    confirm({
      title: t(enabled ? 'action.disable' : 'action.enable'),
      content: t(enabled ? 'confirm.disable' : 'confirm.enable', { code: c.code }),
      danger: enabled,
      onOk: async () => {
        try {
          await edit.mutateAsync({ id: c.id, status: enabled ? CurrencyStatus.Disabled : CurrencyStatus.Enabled });
        } catch {
          return;
        }
        message.success(t(enabled ? 'toast.disabled' : 'toast.enabled'));
      },
    });
  }

  const columns: ListColumn<Currency>[] = [
    {
      title: t('field.code'),
      dataIndex: 'code',
      settable: false,
      keyColumn: true,
      render: (code: string, c) => (
        <Flex vertical gap={0}>
          <Typography.Text strong>{code}</Typography.Text>
          {!screens.sm && <Typography.Text type="secondary">{currencyName(c.code, c.name, language)}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('field.name'), dataIndex: 'name', responsive: ['sm'], render: (name: string, c) => <NameCell code={c.code} name={name} /> },
    { title: t('field.symbol'), dataIndex: 'symbol', responsive: ['md'] },
    { title: t('field.decimals'), dataIndex: 'decimals', align: 'right', responsive: ['md'] },
    { title: t('field.rate'), dataIndex: 'rate', align: 'right', render: (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{v}</span> },
    {
      title: t('field.status'),
      dataIndex: 'status',
      render: (s: number) => <Badge status={s === CurrencyStatus.Enabled ? 'success' : 'default'} text={t(`status.${s}`)} style={{ whiteSpace: 'nowrap' }} />,
    },
  ];
  if (canManage) {
    columns.push({
      title: t('common:action.operation'),
      key: 'actions',
      settable: false,
      render: (_, c) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" onClick={() => setTarget(c)}>
            {t('action.edit')}
          </Button>
          <Button type="link" size="small" danger={c.status === CurrencyStatus.Enabled} onClick={() => toggle(c)}>
            {t(c.status === CurrencyStatus.Enabled ? 'action.disable' : 'action.enable')}
          </Button>
        </Space>
      ),
    });
  }

  return (
    <Flex vertical gap={16}>
      <ListFilters list={list} name="currency-filters">
        <Form.Item name="keyword" label={t('keyword')}>
          <Input placeholder={t('keywordPlaceholder')} allowClear style={{ width: 200 }} maxLength={32} />
        </Form.Item>
        <StatusFilter label={t('field.status')} />
      </ListFilters>
      <ListTable<Currency>
        list={list}
        query={query}
        rowKey="id"
        columns={columns}
        title={t('title')}
        emptyText={t('empty')}
        extra={
          canManage && (
            <Button type="primary" icon={<PlusOutlined />} aria-label={t('add')} onClick={() => setTarget('new')}>
              {screens.sm ? t('add') : null}
            </Button>
          )
        }
      />
      {canManage && <CurrencyModal target={target} onClose={() => setTarget(null)} />}
    </Flex>
  );
}
