import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card, Empty, Flex, Input, Tag, Tree, TreeSelect, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { agent as agentDefs, type game } from '@console/contract';
import { agentTree, useAgents } from '../../components/dict-select';
import { useAppStore } from '../../stores/app';
import { type AgentItem, useDictStore } from '../../stores/dict';
import { pickAgent, useLastAgentStore } from './last-agent';
import './game.css';

type Source = game.ConfigSource;
type AgentNode = ReturnType<typeof agentTree>[number];

/** An agent of the tree (no "all"): the game-config screens show one agent at a time. */
export function AgentTreePicker({
  value,
  onChange,
  ...rest
}: { value?: number; onChange?: (id: number) => void; style?: CSSProperties; disabled?: boolean; id?: string; 'data-testid'?: string }) {
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

/**
 * The agent a game-config screen shows (see pickAgent): the one its link names, else the one shown
 * last, else the first top agent. An agent opened by a link is remembered as the one shown last.
 */
export function useShownAgent(linked: number | undefined): AgentItem | undefined {
  const agents = useAgents();
  const last = useLastAgentStore((s) => s.agentId);
  const remember = useLastAgentStore((s) => s.remember);
  const agent = pickAgent(agents, linked, last);
  const linkedId = linked && agent?.id === linked ? linked : 0;
  // Only when the link changes: a kept-alive screen in another tab, still on its own link, must
  // not keep writing its agent back over the one chosen here.
  useEffect(() => {
    if (linkedId) remember(linkedId);
  }, [linkedId, remember]);
  return agent;
}

/** Tree nodes whose title holds `keyword` (with their whole sub-tree), and the ancestors leading to them. */
export function filterAgentTree(nodes: readonly AgentNode[], keyword: string): AgentNode[] {
  const q = keyword.trim().toLowerCase();
  if (!q) return [...nodes];
  const out: AgentNode[] = [];
  for (const node of nodes) {
    if (node.title.toLowerCase().includes(q)) {
      out.push(node);
      continue;
    }
    const children = filterAgentTree(node.children ?? [], q);
    if (children.length) out.push({ ...node, children });
  }
  return out;
}

const parentKeys = (nodes: readonly AgentNode[]): number[] => nodes.flatMap((n) => (n.children?.length ? [n.value, ...parentKeys(n.children)] : []));

interface PanelNode {
  key: number;
  title: string;
  children?: PanelNode[];
}
const toPanelNodes = (nodes: readonly AgentNode[]): PanelNode[] =>
  nodes.map((n) => ({ key: n.value, title: n.title, ...(n.children?.length ? { children: toPanelNodes(n.children) } : {}) }));

/** The agent tree as a panel beside a game-config screen on a desktop: search, expand, pick one. */
function AgentTreePanel({ value, onChange }: { value: number; onChange: (id: number) => void }) {
  const { t } = useTranslation('game');
  const agents = useAgents();
  const byId = useMemo(() => new Map(agents.map((a) => [a.id, a])), [agents]);
  const tree = useMemo(() => agentTree(agents), [agents]);
  const [keyword, setKeyword] = useState('');
  const shown = useMemo(() => filterAgentTree(tree, keyword), [tree, keyword]);
  const treeData = useMemo(() => toPanelNodes(shown), [shown]);
  // Every level open at first; a search opens whatever it found.
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const expandedKeys = keyword.trim() ? parentKeys(shown) : (expanded ?? parentKeys(tree));
  const body = useRef<HTMLDivElement>(null);
  // The chosen agent in sight when the screen opens on it, also deep in a long tree.
  useEffect(() => {
    body.current?.querySelector('.ant-tree-treenode-selected')?.scrollIntoView({ block: 'nearest' });
  }, [value, tree.length]);

  return (
    <Card
      size="small"
      title={t('agentTree.title')}
      className="game-agent-tree"
      style={{ width: 280, flex: 'none', position: 'sticky', top: 'calc(var(--header-height) + var(--tags-height) + 16px)' }}
      styles={{ body: { padding: 8 } }}
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('agentTree.search')}
        aria-label={t('agentTree.search')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        maxLength={64}
        style={{ marginBottom: 8 }}
      />
      <div ref={body} style={{ maxHeight: 'calc(100vh - var(--header-height) - var(--tags-height) - 140px)', overflowY: 'auto' }}>
        {shown.length ? (
          <Tree<PanelNode>
            blockNode
            showLine
            treeData={treeData}
            selectedKeys={[value]}
            expandedKeys={expandedKeys}
            onExpand={(keys) => {
              if (!keyword.trim()) setExpanded(keys as number[]);
            }}
            // A click on the agent shown already would otherwise leave none picked.
            onSelect={(keys) => {
              const id = Number(keys[0]);
              if (id) onChange(id);
            }}
            titleRender={(node) => {
              const a = byId.get(node.key);
              if (!a) return node.title;
              return (
                <span data-testid={`agent-node-${a.code}`} title={`${a.name} ${a.code}`}>
                  {a.name} <Typography.Text type="secondary">{a.code}</Typography.Text>
                  {a.status !== agentDefs.AgentStatus.Enabled && (
                    <Tag variant="filled" style={{ marginInlineStart: 6 }}>
                      {t('agentTree.off')}
                    </Tag>
                  )}
                </span>
              );
            }}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('agentTree.noMatch')} />
        )}
      </div>
    </Card>
  );
}

/** A labelled picker on one line: the label names the control for assistive technology too. */
export function PickerRow({ label, htmlFor, children }: { label: ReactNode; htmlFor: string; children: ReactNode }) {
  return (
    <Flex gap={8} align="center">
      <label htmlFor={htmlFor} style={{ fontWeight: 600, flex: 'none' }}>
        {label}
      </label>
      <div style={{ flex: '1 1 auto', minWidth: 0, maxWidth: 360 }}>{children}</div>
    </Flex>
  );
}

/**
 * The frame of a game-config screen that shows one agent: the agent tree beside the content on a
 * desktop, a compact tree select above it on a phone (the tree would push the rows off the
 * screen). `head` (the screen's own pickers or a word on what it shows) goes with the agent picker
 * on a phone and above the content on a desktop. Without any agent (none yet, or the lists still
 * loading) it says so instead.
 */
export function AgentFrame({ agentId, onChange, pickerId, head, children }: { agentId: number; onChange: (id: number) => void; pickerId: string; head?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('game');
  const desktop = useAppStore((s) => s.device) === 'desktop';
  const loading = useDictStore((s) => !s.agents.length && !s.currencies.length && !s.games.length);
  if (!agentId) {
    return (
      <Card loading={loading}>
        <Empty description={t('agentTree.none')} />
      </Card>
    );
  }
  if (desktop) {
    return (
      <Flex gap={16} align="flex-start">
        <AgentTreePanel value={agentId} onChange={onChange} />
        <Flex vertical gap={16} style={{ flex: 1, minWidth: 0 }}>
          {head && <Card size="small">{head}</Card>}
          {children}
        </Flex>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex vertical gap={12}>
          <PickerRow label={t('field.agent')} htmlFor={pickerId}>
            <AgentTreePicker id={pickerId} value={agentId} onChange={onChange} style={{ width: '100%' }} data-testid={pickerId} />
          </PickerRow>
          {head}
        </Flex>
      </Card>
      {children}
    </Flex>
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

/** How many agents are below `agentId` in the tree (its whole sub-tree, itself not counted). */
export function subAgentCount(agents: readonly Pick<AgentItem, 'id' | 'parent_id'>[], agentId: number): number {
  const children = new Map<number, number[]>();
  for (const a of agents) if (a.parent_id !== null) children.set(a.parent_id, [...(children.get(a.parent_id) ?? []), a.id]);
  let count = 0;
  const seen = new Set<number>([agentId]);
  const queue = [...(children.get(agentId) ?? [])];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    count++;
    queue.push(...(children.get(id) ?? []));
  }
  return count;
}

/** A game named for people: its name, the code after it as secondary text. */
export function GameName({ name, code }: { name: string; code: string }) {
  return (
    <span>
      {name}
      {name !== code && (
        <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: '0.875em', fontWeight: 'normal' }}>
          {code}
        </Typography.Text>
      )}
    </span>
  );
}

/**
 * The cell that names a game in a list: its name, its code (and `detail`, what else tells the row
 * apart) below as secondary text, and `phone` under them: what the columns hidden on a phone
 * would say, kept beside the pinned actions.
 */
export function GameCell({ name, code, detail, phone, testId }: { name: string; code: string; detail?: ReactNode; phone?: ReactNode; testId?: string }) {
  return (
    <Flex vertical gap={0} data-testid={testId}>
      <Typography.Text strong>{name}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {code}
        {detail}
      </Typography.Text>
      {phone}
    </Flex>
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

