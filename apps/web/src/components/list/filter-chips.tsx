import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { platform } from '@console/contract';
import { gameName, useAgents, useCurrencies, useGames } from '../dict-select';
import { call } from '../../lib/api';
import { useAppStore } from '../../stores/app';
import './filter-chips.css';

/**
 * One filter in effect, as a chip above the list: what it is ("Agent") and what it holds ("China
 * (CN01)"), closable. Filters reach a screen from elsewhere (a drill-down, a link, the persisted
 * report selections, what the screen remembered): on a phone, folded in the filter drawer, they
 * would otherwise show only as a count.
 */
export interface FilterChip<F = Record<string, unknown>> {
  /** The filter's name in the list's filters (the chip's test id: `filter-chip-<key>`). */
  key: string;
  label: string;
  value: string;
  /**
   * What the filters hold once the chip is closed, beside this filter left out: a report's agent
   * goes back to 0 (all), not to the persisted selection it fell back on, say.
   */
  cleared?: Partial<F>;
}

/** The filters without what the chips cleared. */
export function clearChips<F>(filters: Partial<F>, chips: readonly FilterChip<F>[]): Partial<F> {
  const next: Record<string, unknown> = { ...filters };
  for (const c of chips) {
    next[c.key] = undefined;
    Object.assign(next, c.cleared ?? {});
  }
  return next as Partial<F>;
}

const positive = (v: unknown): number => (typeof v === 'number' && v > 0 ? v : 0);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * The chips of the filters most lists share, for the `keys` a screen takes, from `values` (the
 * filters in effect): agent, currency, game and provider by name, player and other texts as typed.
 * An id the dictionaries do not hold shows as `#id`. `cleared` as in FilterChip, per key.
 */
export function useFilterChips<F>(values: Record<string, unknown>, keys: readonly string[], cleared: Partial<Record<string, Partial<F>>> = {}): FilterChip<F>[] {
  const { t } = useTranslation('components');
  const language = useAppStore((s) => s.language);
  const agents = useAgents();
  const currencies = useCurrencies();
  const games = useGames();
  // The providers only for a list that filters by one (the query of dict-select's usePlatforms).
  const platforms = useQuery({
    queryKey: ['platform', 'list'],
    queryFn: ({ signal }) => call(platform.platformList, {}, { signal, silent: true }),
    staleTime: 10 * 60_000,
    enabled: keys.includes('platform_id') && positive(values.platform_id) > 0,
  }).data?.list;
  const out: FilterChip<F>[] = [];
  const push = (key: string, label: string, value: string) => out.push({ key, label, value, ...(cleared[key] ? { cleared: cleared[key] } : {}) });
  for (const key of keys) {
    const v = values[key];
    if (key === 'agent_id' && positive(v)) {
      const a = agents.find((x) => x.id === v);
      push(key, t('agent'), a ? `${a.name} (${a.code})` : `#${String(v)}`);
    } else if (key === 'currency_id' && positive(v)) {
      push(key, t('currency'), currencies.find((c) => c.id === v)?.code ?? `#${String(v)}`);
    } else if (key === 'game_id' && positive(v)) {
      const g = games.find((x) => x.id === v);
      push(key, t('game'), g ? gameName(g, language) : `#${String(v)}`);
    } else if (key === 'platform_id' && positive(v)) {
      const p = platforms?.find((x) => x.id === v);
      push(key, t('platform'), p ? `${p.name} (${p.code})` : `#${String(v)}`);
    } else if ((key === 'player_account' || key === 'account') && text(v)) {
      push(key, t('list.chips.player'), text(v));
    } else if (key === 'keyword' && text(v)) {
      push(key, t('list.chips.keyword'), text(v));
    } else if (key === 'order_id' && text(v)) {
      push(key, t('list.chips.orderId'), text(v));
    }
  }
  return out;
}

/**
 * The chips of the filters in effect, each closable (a button for the keyboard, named for what it
 * removes), and "Clear all" when there are several. `onClear` gets the chips to clear.
 */
export function FilterChips<F>({ chips, onClear }: { chips: readonly FilterChip<F>[]; onClear: (chips: readonly FilterChip<F>[]) => void }) {
  const { t } = useTranslation('components');
  if (!chips.length) return null;
  return (
    <div className="list-filter-chips" role="group" aria-label={t('list.chips.title')} data-testid="filter-chips">
      <span className="list-filter-chips-title">{t('list.chips.title')}</span>
      {chips.map((c) => (
        <Tag
          key={c.key}
          className="list-filter-chip"
          closable={{ 'aria-label': t('list.chips.remove', { label: c.label, value: c.value }) }}
          onClose={(e) => {
            // The chip goes when the filter does; the tag must not hide itself first.
            e.preventDefault();
            onClear([c]);
          }}
          data-testid={`filter-chip-${c.key}`}
          title={t('list.chips.chip', { label: c.label, value: c.value })}
        >
          <span className="list-filter-chip-text">{t('list.chips.chip', { label: c.label, value: c.value })}</span>
        </Tag>
      ))}
      {chips.length > 1 && (
        <Button type="link" size="small" className="list-filter-chips-clear" onClick={() => onClear(chips)} data-testid="filter-chips-clear">
          {t('list.chips.clearAll')}
        </Button>
      )}
    </div>
  );
}
