import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Badge, Button, Card, Descriptions, Empty, Form, InputNumber, Space, Typography } from 'antd';
import { game } from '@console/contract';
import { GameSelect, gameName } from '../../components/dict-select';
import { useHasPerm } from '../../components/has-perm';
import { Money } from '../../components/money';
import { useAppStore } from '../../stores/app';
import { useAgentConfigList, useProtectEdit } from './api';
import { bpPercent, bpToPercent, percentToBp } from './format';
import { AgentFrame, PickerRow, SourceMark, offReasonText, usePickedAgentGame, useShownAgent } from './parts';

interface Values {
  guarantee: number;
  rounds: number;
  multiplier: number;
}

/** Protection (902, hidden route /game/manage/agent/protect): guarantee RTP, new-player protection rounds and maximum win multiplier of one agent and game. */
export default function ProtectScreen() {
  const { t } = useTranslation('game');
  const { message } = App.useApp();
  const language = useAppStore((s) => s.language);
  const canEdit = useHasPerm()('902');
  const picked = usePickedAgentGame();
  const agent = useShownAgent(picked.agentId);
  const agentId = agent?.id ?? 0;
  const gameId = picked.gameId;
  // Without a game in the link, the agent's first game: the screen never opens on an empty card.
  const query = useAgentConfigList(agentId ? { agent_id: agentId, ...(gameId ? { game_id: gameId } : {}), page: 1, page_size: 1 } : null);
  const first = query.data?.list[0];
  // While another agent's or game's row loads, the previous one is not shown (nor saved) as this one's.
  const row = first && first.agent_id === agentId && (!gameId || first.game_id === gameId) ? first : undefined;
  const save = useProtectEdit();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (row) form.setFieldsValue({ guarantee: bpToPercent(row.guarantee_rtp), rounds: row.new_player_protect_rounds, multiplier: row.max_win_multiplier });
  }, [row, form]);

  async function submit(v: Values) {
    if (!row || saving) return;
    setSaving(true);
    try {
      await save.mutateAsync({ agent_id: row.agent_id, game_id: row.game_id, guarantee_rtp: percentToBp(v.guarantee), new_player_protect_rounds: v.rounds, max_win_multiplier: v.multiplier });
      message.success(t('toast.saved'));
    } catch {
      // The API client has shown the refusal.
    } finally {
      setSaving(false);
    }
  }

  const rtpMax = row ? bpToPercent(row.rtp_target) : 100;
  return (
    <AgentFrame
      agentId={agentId}
      onChange={picked.setAgent}
      pickerId="protect-agent"
      head={
        <PickerRow label={t('field.game')} htmlFor="protect-game">
          <GameSelect id="protect-game" value={row?.game_id ?? gameId} onChange={picked.setGame} style={{ width: '100%' }} data-testid="protect-game" />
        </PickerRow>
      }
    >
      {!row ? (
        <Card loading={query.isFetching}>
          <Empty description={t('empty')} />
        </Card>
      ) : (
        <>
          <Card size="small" title={t('protect.effective', { agent: agent?.code ?? '', name: gameName(row, language) })}>
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
              <Descriptions.Item label={t('field.enabled')}>
                <Space size={4} wrap>
                  <Badge status={row.enabled ? 'success' : 'default'} text={t(row.enabled ? 'state.on' : 'state.off')} />
                  {row.off_reason && <Typography.Text type="secondary">{offReasonText(t, row.off_reason)}</Typography.Text>}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('field.rtp')}>
                <Space size={4}>
                  {bpPercent(row.rtp_target)} <SourceMark source={row.sources.rtp_target} />
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('field.tax')}>
                <Space size={4}>
                  {bpPercent(row.tax_rate)} <SourceMark source={row.sources.tax_rate} />
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('field.betLimits')}>
                <span style={{ whiteSpace: 'nowrap' }}>
                  <Money value={row.min_bet} currency={agent?.currency_id} />
                  {' – '}
                  <Money value={row.max_bet} currency={agent?.currency_id} showCode />
                </span>
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card size="small" title={t('protect.title')}>
            <Form<Values> form={form} layout="vertical" name="protect" onFinish={submit} disabled={!canEdit} style={{ maxWidth: 640 }}>
              <Space size={16} wrap align="start">
                <Form.Item
                  name="guarantee"
                  label={t('protect.guarantee')}
                  extra={t('protect.guaranteeHint', { max: bpPercent(row.rtp_target) })}
                  rules={[
                    { required: true, type: 'number', min: 0, max: rtpMax, message: t('protect.guaranteeRule', { max: bpPercent(row.rtp_target) }) },
                    { validator: (_, v: number) => (v === 0 || v >= 50 ? Promise.resolve() : Promise.reject(new Error(t('protect.guaranteeRule', { max: bpPercent(row.rtp_target) })))) },
                  ]}
                >
                  <InputNumber min={0} max={100} step={0.5} precision={2} suffix="%" style={{ width: 150 }} />
                </Form.Item>
                <Form.Item name="rounds" label={t('protect.rounds')} extra={t('protect.roundsHint')} rules={[{ required: true, type: 'integer', min: 0, max: game.MAX_PROTECT_ROUNDS, message: t('protect.roundsRule') }]}>
                  <InputNumber min={0} max={game.MAX_PROTECT_ROUNDS} precision={0} style={{ width: 150 }} />
                </Form.Item>
                <Form.Item
                  name="multiplier"
                  label={t('protect.multiplier')}
                  extra={t('protect.multiplierHint')}
                  rules={[{ required: true, type: 'integer', min: 0, max: game.MAX_WIN_MULTIPLIER, message: t('protect.multiplierRule') }]}
                >
                  <InputNumber min={0} max={game.MAX_WIN_MULTIPLIER} precision={0} suffix="×" style={{ width: 150 }} />
                </Form.Item>
              </Space>
              {canEdit && (
                <Button type="primary" htmlType="submit" loading={saving}>
                  {t('action.save')}
                </Button>
              )}
            </Form>
          </Card>
        </>
      )}
    </AgentFrame>
  );
}
