import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { formatMoney, parseMoney, player } from '@console/contract';
import { GameSelect, gameName, useGames } from '../../components/dict-select';
import { FormDialog, zodRule } from '../../components/form-dialog';
import { useMoneyText } from '../../components/money';
import { useControlAdd, useControlCancel, usePlayerFind } from './api';

/** The player a control is set for, when the dialog is opened on one (the player drawer). */
export interface ControlPlayer {
  id: number;
  account: string;
  agent_code: string;
  currency_code: string;
}

interface AddValues {
  player_id: number;
  game_id: number;
  direction: 'win' | 'lose';
  target_amount: string;
  intensity: number;
  remark?: string;
}

/** A game by its name, the code after it as secondary text ("财神捕鱼 jdb_caishen_fishing"); every game for id 0. */
export function GameName({ id, code, inline = false }: { id: number; code: string; inline?: boolean }) {
  const { t, i18n } = useTranslation('player');
  const games = useGames();
  if (!id) return <>{t('control.allGames')}</>;
  const game = games.find((g) => g.id === id);
  const name = game ? gameName(game, i18n.language) : '';
  if (!name || name === code) return <span>{code}</span>;
  // Inside a line of secondary text the code is in the tooltip; elsewhere it follows the name.
  if (inline) return <span title={code}>{name}</span>;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {name}{' '}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {code}
      </Typography.Text>
    </span>
  );
}

/** A player picker that searches player/find by account prefix as one types. */
function PlayerPicker({ id, value, onChange }: { id?: string; value?: number; onChange?: (id: number) => void }) {
  const { t } = useTranslation('player');
  const [search, setSearch] = useState('');
  const found = usePlayerFind(search);
  return (
    <Select<number>
      // The form item's id, which its label points at.
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      onChange={onChange}
      placeholder={t('control.playerPlaceholder')}
      loading={found.isFetching}
      notFoundContent={search ? undefined : null}
      options={(found.data?.list ?? []).map((p) => ({ value: p.id, label: `${p.account} · ${p.agent_code} · ${p.currency_code}` }))}
      data-testid="control-player"
    />
  );
}

/**
 * Set a point control: for the player it is opened on, or for one picked by account. The
 * intensity is checked against the contract's bound and refused with a message outside it,
 * never clamped.
 */
export function ControlAddDialog({ open, player: fixed, onClose }: { open: boolean; player?: ControlPlayer | null; onClose: () => void }) {
  const { t } = useTranslation('player');
  const add = useControlAdd();
  const range = t('control.intensityRange', { min: 1, max: player.MAX_INTENSITY });
  return (
    <FormDialog<AddValues>
      open={open}
      name="control-add"
      title={fixed ? t('control.addFor', { account: fixed.account }) : t('control.add')}
      onClose={onClose}
      successMessage={t('toast.controlSet')}
      okText={t('control.add')}
      initialValues={{ game_id: 0, direction: 'win', intensity: 100, ...(fixed ? { player_id: fixed.id } : {}) }}
      intro={<Alert type="info" showIcon style={{ marginTop: 16, marginBottom: 8 }} message={t('control.hint')} description={t('control.oneActive')} />}
      onSubmit={(v) =>
        add.mutateAsync({
          player_id: v.player_id,
          game_id: v.game_id ?? 0,
          direction: v.direction,
          target_amount: formatMoney(parseMoney(v.target_amount.trim())),
          intensity: v.intensity,
          remark: v.remark?.trim() ?? '',
        })
      }
    >
      {fixed ? (
        <>
          <Form.Item name="player_id" hidden>
            <Input />
          </Form.Item>
          <Form.Item label={t('control.player')}>
            <Typography.Text strong data-testid="control-fixed-player">
              {fixed.account} · {fixed.agent_code} · {fixed.currency_code}
            </Typography.Text>
          </Form.Item>
        </>
      ) : (
        <Form.Item name="player_id" label={t('control.player')} rules={[{ required: true, message: t('control.playerPlaceholder') }]}>
          <PlayerPicker />
        </Form.Item>
      )}
      <Form.Item name="game_id" label={t('control.game')}>
        <GameSelect style={{ width: '100%' }} />
      </Form.Item>
      <Space size={16} wrap align="start">
        <Form.Item name="direction" label={t('control.direction')} required>
          <Radio.Group optionType="button" options={player.CONTROL_DIRECTIONS.map((d) => ({ value: d, label: t(`control.${d}`) }))} />
        </Form.Item>
        <Form.Item
          name="intensity"
          label={t('control.intensity')}
          required
          extra={t('control.intensityHelp', { min: 1, max: player.MAX_INTENSITY })}
          rules={[zodRule(player.controlIntensitySchema, { required: range, invalid: range })]}
        >
          {/* No min, max or precision: antd would quietly move 300 to 200; the rule above refuses it instead. */}
          <InputNumber style={{ width: 120 }} inputMode="numeric" />
        </Form.Item>
      </Space>
      <Form.Item name="target_amount" label={t('control.target')} required rules={[zodRule(player.positiveMoneySchema)]}>
        <Input inputMode="decimal" maxLength={20} suffix={fixed?.currency_code} />
      </Form.Item>
      <Form.Item name="remark" label={t('control.remark')}>
        <Input.TextArea rows={2} maxLength={255} />
      </Form.Item>
    </FormDialog>
  );
}

/** What the cancel confirmation names: whose control and how far it got, in its currency. */
export type CancellableControl = Pick<player.ControlItem, 'id' | 'player_account' | 'achieved_amount' | 'target_amount' | 'currency_code' | 'direction'>;

/**
 * Asks before cancelling a control, with verbs on the buttons ("Keep control" / "Cancel
 * control") and the amounts in their currency; cancels on the second.
 */
export function useCancelControl(): (control: CancellableControl) => void {
  const { t } = useTranslation('player');
  const { modal, message } = App.useApp();
  const cancel = useControlCancel();
  const money = useMoneyText();
  return (c) => {
    modal.confirm({
      title: t('control.cancelTitle', { account: c.player_account }),
      content: t('control.confirmCancel', {
        account: c.player_account,
        direction: t(`control.${c.direction}`),
        achieved: money(c.achieved_amount, c.currency_code),
        target: money(c.target_amount, c.currency_code),
      }),
      okText: t('control.cancel'),
      cancelText: t('control.keep'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await cancel.mutateAsync({ id: c.id, remark: '' });
        message.success(t('toast.controlCancelled'));
      },
    });
  };
}
