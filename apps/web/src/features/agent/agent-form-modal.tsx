import { useTranslation } from 'react-i18next';
import { Descriptions, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { agent } from '@console/contract';
import { FormDialog, zodRule } from '../../components/form-dialog';
import { useCurrencies } from '../../components/dict-select';
import { currencyName } from '../../lib/currency-name';
import { useAppStore } from '../../stores/app';
import { useAddAgent, useEditAgent } from './api';
import { IpWhitelistField } from './ip-whitelist-field';

type AgentItem = agent.AgentItem;

/** What the dialog does: a new agent (at the top, or under `parent`), or an edit of `agent`. */
export type AgentDialog = { mode: 'add'; parent: AgentItem | null } | { mode: 'edit'; agent: AgentItem } | null;

interface Values {
  code: string;
  name: string;
  currency_id?: number;
  wallet_mode: agent.WalletMode;
  /** Per cent with two decimals; the call takes whole basis points. */
  share_percent: number;
  ip_whitelist: string[];
  remark?: string;
}

const fields = agent.agentAdd.request.shape;
const toBp = (percent: number) => Math.round(percent * 100);
const toPercent = (bp: number) => bp / 100;

/** `onAdded` gets the id of a new agent once it is saved (the screen shows its row). */
export function AgentFormModal({ dialog, onClose, onAdded }: { dialog: AgentDialog; onClose: () => void; onAdded?: (id: number) => void }) {
  const { t } = useTranslation('agent');
  const currencies = useCurrencies();
  const language = useAppStore((s) => s.language);
  const add = useAddAgent();
  const edit = useEditAgent();
  const editing = dialog?.mode === 'edit' ? dialog.agent : null;
  const parent = dialog?.mode === 'add' ? dialog.parent : null;
  // The cap of the share rate: the parent's (none at the top).
  const cap = editing ? editing.parent_share_rate : (parent?.share_rate ?? null);
  const parentLabel = editing ? editing.parent_path.split('/').pop() || null : parent ? `${parent.name} (${parent.code})` : null;

  async function save(v: Values) {
    const share_rate = toBp(v.share_percent);
    const ip_whitelist = (v.ip_whitelist ?? []).map((s) => s.trim()).filter(Boolean);
    if (editing) {
      await edit.mutateAsync({ id: editing.id, name: v.name.trim(), share_rate, ip_whitelist, remark: (v.remark ?? '').trim() });
    } else {
      const { id } = await add.mutateAsync({
        code: v.code.trim(),
        name: v.name.trim(),
        parent_id: parent?.id ?? 0,
        currency_id: v.currency_id ?? 0,
        wallet_mode: v.wallet_mode,
        share_rate,
        ip_whitelist,
        remark: (v.remark ?? '').trim(),
      });
      onAdded?.(id);
    }
  }

  const initialValues: Partial<Values> = editing
    ? { code: editing.code, name: editing.name, currency_id: editing.currency_id, wallet_mode: editing.wallet_mode, share_percent: toPercent(editing.share_rate), ip_whitelist: editing.ip_whitelist, remark: editing.remark }
    : { currency_id: parent?.currency_id, wallet_mode: 'transfer', share_percent: parent ? toPercent(parent.share_rate) : 0, ip_whitelist: [] };

  return (
    <FormDialog<Values>
      open={!!dialog}
      title={editing ? t('modal.editTitle', { code: editing.code }) : t('modal.addTitle')}
      name={editing ? 'edit-agent' : 'add-agent'}
      onSubmit={save}
      onClose={onClose}
      successMessage={t(editing ? 'toast.saved' : 'toast.added')}
      initialValues={initialValues}
      width={600}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[{ key: 'parent', label: t('field.parent'), children: parentLabel ?? t('topLevel') }]}
      />
      <Form.Item
        name="code"
        label={t('field.code')}
        required={!editing}
        extra={editing ? t('hint.fixed') : t('hint.code')}
        rules={editing ? [] : [zodRule(fields.code, { required: t('rule.code'), invalid: t('rule.codeFormat') })]}
      >
        <Input placeholder={t('placeholder.code')} disabled={!!editing} autoFocus={!editing} autoComplete="off" />
      </Form.Item>
      <Form.Item name="name" label={t('field.name')} required rules={[zodRule(fields.name, { required: t('rule.name'), tooLong: t('rule.nameLength') })]}>
        <Input placeholder={t('placeholder.name')} autoFocus={!!editing} />
      </Form.Item>
      <Form.Item
        name="currency_id"
        label={t('field.currencyOnly')}
        required
        extra={editing ? t('hint.fixed') : parent ? t('hint.parentCurrency') : undefined}
        rules={[{ required: true, message: t('rule.currency') }]}
      >
        <Select
          disabled={!!editing || !!parent}
          placeholder={t('placeholder.currency')}
          options={currencies.map((c) => ({ value: c.id, label: `${c.code} · ${currencyName(c.code, c.name, language)}`, disabled: c.status !== 1 }))}
        />
      </Form.Item>
      <Form.Item name="wallet_mode" label={t('field.walletMode')} extra={editing ? t('hint.fixed') : undefined}>
        <Radio.Group disabled={!!editing} options={agent.WALLET_MODES.map((m) => ({ value: m, label: t(`walletMode.${m}`) }))} />
      </Form.Item>
      <Form.Item
        name="share_percent"
        label={t('field.shareRate')}
        required
        extra={
          <>
            {cap === null || cap === undefined ? t('hint.shareTop') : t('hint.shareCap', { cap: toPercent(cap).toFixed(2) })}
            <br />
            {t('hint.shareNextMonth')}
          </>
        }
        rules={[
          { required: true, message: t('rule.shareRate') },
          {
            validator: async (_r, v: number | null) => {
              if (v === null || v === undefined) return;
              if (cap !== null && cap !== undefined && toBp(v) > cap) throw new Error(t('rule.shareCap', { cap: toPercent(cap).toFixed(2) }));
            },
          },
        ]}
      >
        <InputNumber min={0} max={100} precision={2} step={0.5} suffix="%" style={{ width: 180 }} />
      </Form.Item>
      <IpWhitelistField />
      <Form.Item name="remark" label={t('field.remark')} rules={[zodRule(fields.remark, { tooLong: t('rule.remarkLength') })]}>
        <Input.TextArea rows={2} maxLength={255} showCount />
      </Form.Item>
      {editing && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('hint.statusElsewhere')}
        </Typography.Text>
      )}
    </FormDialog>
  );
}
