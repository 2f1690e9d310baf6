import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps, TreeSelect, type TreeSelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { platform } from '@console/contract';
import { call } from '../lib/api';
import { currencyName } from '../lib/currency-name';
import { useAppStore } from '../stores/app';
import { type AgentItem, DEFAULT_AGENT_ID, DEFAULT_CURRENCY_ID, type GameItem, useDictStore } from '../stores/dict';

/** "All" in the report filters (docs/product.md, "Report filters"): agent 0, currency -1, game 0. */
export const ALL_AGENTS = DEFAULT_AGENT_ID;
export const ALL_CURRENCIES = DEFAULT_CURRENCY_ID;
export const ALL_GAMES = 0;
export const ALL_PLATFORMS = 0;

export const useAgents = () => useDictStore((s) => s.agents);
export const useCurrencies = () => useDictStore((s) => s.currencies);
export const useGames = () => useDictStore((s) => s.games);

interface TreeNode {
  value: number;
  title: string;
  children?: TreeNode[];
}

/** The quick list comes parents-first; nest it so the picker shows the agent tree. */
export function agentTree(agents: readonly AgentItem[]): TreeNode[] {
  const nodes = new Map<number, TreeNode>();
  const roots: TreeNode[] = [];
  for (const a of agents) nodes.set(a.id, { value: a.id, title: `${a.name} (${a.code})` });
  for (const a of agents) {
    const node = nodes.get(a.id)!;
    const parent = a.parent_id === null ? undefined : nodes.get(a.parent_id);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

interface ControlledProps {
  /** Controlled value; without it the persisted selection (docs/product.md, "Preferences and defaults") is read and written. */
  value?: number;
  onChange?: (id: number) => void;
}

/** Agent filter: the whole tree, "all agents" first; an agent stands for its sub-tree in reports. */
export function AgentSelect({ value, onChange, ...rest }: ControlledProps & Omit<TreeSelectProps<number>, 'value' | 'onChange' | 'treeData'>) {
  const { t } = useTranslation('components');
  const agents = useAgents();
  const stored = useDictStore((s) => s.agentId);
  const setStored = useDictStore((s) => s.setAgentId);
  const treeData = useMemo(() => [{ value: ALL_AGENTS, title: t('allAgents') }, ...agentTree(agents)], [agents, t]);
  const controlled = value !== undefined;
  return (
    <TreeSelect<number>
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      popupMatchSelectWidth={false}
      style={{ minWidth: 180 }}
      placeholder={t('agent')}
      {...rest}
      treeData={treeData}
      value={controlled ? value : stored}
      onChange={(id) => {
        if (!controlled) setStored(id);
        onChange?.(id);
      }}
    />
  );
}

/**
 * Currency filter; "all" (-1) splits report rows by currency. `allowAll={false}` for figures that
 * need one currency (amounts of different currencies never add up).
 */
export function CurrencySelect({
  value,
  onChange,
  allowAll = true,
  ...rest
}: ControlledProps & { allowAll?: boolean } & Omit<SelectProps<number>, 'value' | 'onChange' | 'options'>) {
  const { t } = useTranslation('components');
  const currencies = useCurrencies();
  const language = useAppStore((s) => s.language);
  const stored = useDictStore((s) => s.currencyId);
  const setStored = useDictStore((s) => s.setCurrencyId);
  const options = useMemo(
    () => [
      ...(allowAll ? [{ value: ALL_CURRENCIES, label: t('allCurrencies') }] : []),
      ...currencies.map((c) => ({ value: c.id, label: `${c.code} · ${currencyName(c.code, c.name, language)}` })),
    ],
    [currencies, t, allowAll, language],
  );
  const controlled = value !== undefined;
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      style={{ minWidth: 140 }}
      placeholder={t('currency')}
      {...rest}
      options={options}
      value={controlled ? value : stored}
      onChange={(id) => {
        if (!controlled) setStored(id);
        onChange?.(id);
      }}
    />
  );
}

/** Game filter, grouped by platform and named in the current language. Not persisted: it is per report. */
export function GameSelect({ value, onChange, ...rest }: { value?: number; onChange?: (id: number) => void } & Omit<SelectProps<number>, 'value' | 'onChange' | 'options'>) {
  const { t } = useTranslation('components');
  const games = useGames();
  const language = useAppStore((s) => s.language);
  const options = useMemo(() => {
    const groups = new Map<string, { label: string; options: { value: number; label: string }[] }>();
    for (const g of games) {
      const group = groups.get(g.platform_code) ?? { label: g.platform_name, options: [] };
      group.options.push({ value: g.id, label: gameName(g, language) });
      groups.set(g.platform_code, group);
    }
    return [{ value: ALL_GAMES, label: t('allGames') }, ...groups.values()];
  }, [games, language, t]);
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      style={{ minWidth: 160 }}
      placeholder={t('game')}
      {...rest}
      options={options}
      value={value ?? ALL_GAMES}
      onChange={(id) => onChange?.(id)}
    />
  );
}

/** The game providers (platform/list), fetched once per session when a screen first needs them. */
export function usePlatforms() {
  return useQuery({
    queryKey: ['platform', 'list'],
    queryFn: ({ signal }) => call(platform.platformList, {}, { signal, silent: true }),
    staleTime: 10 * 60_000,
    select: (data) => data.list,
  }).data;
}

/** A game's name in the current language. */
export const gameName = (g: Pick<GameItem, 'name_zh' | 'name_en'>, language: string) => (language === 'en' ? g.name_en || g.name_zh : g.name_zh || g.name_en);

/** Platform filter ("all" first). Not persisted: it is per report. */
export function PlatformSelect({ value, onChange, ...rest }: { value?: number; onChange?: (id: number) => void } & Omit<SelectProps<number>, 'value' | 'onChange' | 'options'>) {
  const { t } = useTranslation('components');
  const platforms = usePlatforms();
  const options = useMemo(() => [{ value: ALL_PLATFORMS, label: t('allPlatforms') }, ...(platforms ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }))], [platforms, t]);
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      style={{ minWidth: 150 }}
      placeholder={t('platform')}
      {...rest}
      options={options}
      value={value ?? ALL_PLATFORMS}
      onChange={(id) => onChange?.(id)}
    />
  );
}
