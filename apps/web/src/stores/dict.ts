import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { type agent, type CallDef, type CallResponse, type currency, DEFAULT_TIME_ZONE_ID, type game } from '@console/contract';
import { call } from '../lib/api';

/** Defaults of the persisted report selections (docs/product.md, "Preferences and defaults"). */
export const DEFAULT_AGENT_ID = 0;
export const DEFAULT_CURRENCY_ID = -1;

export type AgentItem = agent.AgentQuickItem;
export type CurrencyItem = CallResponse<typeof currency.currencyList>['list'][number];
export type GameItem = CallResponse<typeof game.gameList>['list'][number];

export interface DictState {
  /** dictCode → dictDataList (docs/product.md, "Session in the browser"). */
  dicts: Record<string, unknown[]>;
  agents: AgentItem[];
  currencies: CurrencyItem[];
  games: GameItem[];
  agentId: number;
  currencyId: number;
  timeZoneId: number;
  setDict: (code: string, list: unknown[]) => void;
  setAgentId: (id: number) => void;
  setCurrencyId: (id: number) => void;
  setTimeZoneId: (id: number) => void;
  clearLists: () => void;
}

export const useDictStore = create<DictState>()(
  persist(
    (set) => ({
      dicts: {},
      agents: [],
      currencies: [],
      games: [],
      agentId: DEFAULT_AGENT_ID,
      currencyId: DEFAULT_CURRENCY_ID,
      timeZoneId: DEFAULT_TIME_ZONE_ID,
      setDict: (code, list) => set((s) => ({ dicts: { ...s.dicts, [code]: list } })),
      setAgentId: (agentId) => set({ agentId }),
      setCurrencyId: (currencyId) => set({ currencyId }),
      setTimeZoneId: (timeZoneId) => set({ timeZoneId }),
      clearLists: () => set({ dicts: {}, agents: [], currencies: [], games: [] }),
    }),
    {
      name: 'dict',
      storage: createJSONStorage(() => localStorage),
      // Only the selections persist; the lists are reloaded after every login.
      partialize: (s) => ({ agentId: s.agentId, currencyId: s.currencyId, timeZoneId: s.timeZoneId }),
    },
  ),
);

async function loadList<C extends CallDef>(def: C): Promise<CallResponse<C> | undefined> {
  try {
    // Quiet: the lists only feed report filters; a screen that needs one says so itself.
    return await call(def, {} as never, { silent: true });
  } catch {
    return undefined;
  }
}

// The login and the shell starting with a remembered session may both ask; one load serves both.
let inflight: Promise<void> | null = null;

/**
 * The start-up lists (docs/product.md, "Session in the browser"), loaded after login: agents (quick list), currencies and games,
 * each read from `data.list`.
 */
export function loadDictionaries(): Promise<void> {
  inflight ??= fetchDictionaries().finally(() => {
    inflight = null;
  });
  return inflight;
}

/** Whether the lists are still to be loaded (they are not persisted: a reload starts without them). */
export const dictionariesMissing = (): boolean => {
  const s = useDictStore.getState();
  return !s.agents.length && !s.currencies.length && !s.games.length;
};

async function fetchDictionaries(): Promise<void> {
  // On demand: the definitions bring zod, which the login screen must not wait for.
  const { agent, currency, game } = await import('../lib/calls');
  const [agents, currencies, games] = await Promise.all([
    loadList(agent.agentQuick),
    loadList(currency.currencyList),
    loadList(game.gameList),
  ]);
  useDictStore.setState({
    ...(agents ? { agents: agents.list } : {}),
    ...(currencies ? { currencies: currencies.list } : {}),
    ...(games ? { games: games.list } : {}),
  });
}
