import { type CSSProperties, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tag, TreeSelect, Typography } from 'antd';
import type { game } from '@console/contract';
import { agentTree, useAgents } from '../../components/dict-select';

type Source = game.ConfigSource;

/** An agent of the tree (no "all"): the game-config screens show one agent at a time. */
export function AgentTreePicker({ value, onChange, ...rest }: { value?: number; onChange?: (id: number) => void; style?: CSSProperties; disabled?: boolean; 'data-testid'?: string }) {
  const { t } = useTranslation('game');
  const agents = useAgents();
  const treeData = useMemo(() => agentTree(agents), [agents]);
  return (
    <TreeSelect<number>
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      popupMatchSelectWidth={false}
      placeholder={t('pickAgent')}
      style={{ minWidth: 220 }}
      {...rest}
      treeData={treeData}
      value={value || undefined}
      onChange={(id) => onChange?.(id)}
    />
  );
}

/** Where a value comes from, as a small mark beside it: set here, or inherited from an ancestor or the dealer config. */
export function SourceMark({ source }: { source: Source }) {
  const { t } = useTranslation('game');
  if (source.level === 'self') return <Tag color="blue" className="source-self">{t('source.self')}</Tag>;
  const text = source.level === 'dealer' ? t('source.dealer') : t('source.ancestor', { code: source.agent_code });
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
      {text}
    </Typography.Text>
  );
}

/** Why a game is off, in words: the game itself, the dealer config, a parent agent, or this agent. */
export function offReasonText(t: (k: string, o?: Record<string, unknown>) => string, reason: game.OffReason | null): string {
  if (!reason) return '';
  if (reason.level === 'ancestor') return t('off.ancestor', { code: reason.agent_code });
  return t(`off.${reason.level}`);
}


/** The agent and game of a hidden game route, held in its query (`?agent_id=…&game_id=…`) so a link opens it directly. */
export function usePickedAgentGame() {
  const [params, setParams] = useSearchParams();
  const read = (k: string) => Number(params.get(k)) || 0;
  const set = (k: 'agent_id' | 'game_id', v: number) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, String(v));
    else next.delete(k);
    setParams(next, { replace: true });
  };
  return { agentId: read('agent_id'), gameId: read('game_id'), setAgent: (v: number) => set('agent_id', v), setGame: (v: number) => set('game_id', v) };
}

