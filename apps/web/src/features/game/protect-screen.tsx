import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Badge, Button, Card, Descriptions, Empty, Flex, Form, InputNumber, Space, Typography } from 'antd';
import { game } from '@console/contract';
import { GameSelect, gameName, useAgents } from '../../components/dict-select';
import { useHasPerm } from '../../components/has-perm';
import { Money } from '../../components/money';
import { useAppStore } from '../../stores/app';
import { useAgentConfigList, useProtectEdit } from './api';
import { bpPercent, bpToPercent, percentToBp } from './format';
import { AgentTreePicker, SourceMark, offReasonText, usePickedAgentGame } from './parts';

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
  const { agentId, gameId, setAgent, setGame } = usePickedAgentGame();
  const agent = useAgents().find((a) => a.id === agentId);
  const query = useAgentConfigList(agentId && gameId ? { agent_id: agentId, game_id: gameId, page: 1, page_size: 1 } : null);
  const row = agentId && gameId ? query.data?.list[0] : undefined;
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
      await save.mutateAsync({ agent_id: agentId, game_id: gameId, guarantee_rtp: percentToBp(v.guarantee), new_player_protect_rounds: v.rounds, max_win_multiplier: v.multiplier });
      message.success(t('toast.saved'));
    } catch {
      // The API client has shown the refusal.
    } finally {
      setSaving(false);
    }
  }

  const rtpMax = row ? bpToPercent(row.rtp_target) : 100;
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex gap={12} align="center" wrap>
          <Typography.Text strong>{t('field.agent')}</Typography.Text>
          <AgentTreePicker value={agentId} onChange={setAgent} data-testid="protect-agent" />
          <Typography.Text strong>{t('field.game')}</Typography.Text>
          <GameSelect value={gameId} onChange={setGame} style={{ minWidth: 200 }} data-testid="protect-game" />
        </Flex>
      </Card>
      {!row ? (
        <Card>
          <Empty description={agentId && gameId && !query.isFetching ? t('empty') : t('protect.pickFirst')} />
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
                <Money value={row.min_bet} /> – <Money value={row.max_bet} />
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
    </Flex>
  );
}
