import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { AgentItem } from '../../stores/dict';

interface LastAgentState {
  /** 0: none yet. */
  agentId: number;
  remember: (id: number) => void;
}

/**
 * The agent the game-config screens showed last, in local storage, so agent config and protection
 * open where the operator left them, across reloads and visits.
 */
export const useLastAgentStore = create<LastAgentState>()(
  persist(
    (set) => ({
      agentId: 0,
      remember: (agentId) => set({ agentId }),
    }),
    {
      name: 'game-agent',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ agentId: s.agentId }),
      // A stale or hand-edited entry must not break the screens: anything but a whole number is none.
      merge: (persisted, current) => {
        const id = (persisted as { agentId?: unknown } | undefined)?.agentId;
        return { ...current, agentId: typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : 0 };
      },
    },
  ),
);

/**
 * The agent a game-config screen shows: the first of `wanted` (the link's, then the one shown last)
 * that the operator's agent list holds, else the first top agent. An agent the list lacks (deleted,
 * or a link from someone who sees more) is passed over rather than shown as an empty screen.
 */
export function pickAgent(agents: readonly AgentItem[], ...wanted: readonly (number | undefined)[]): AgentItem | undefined {
  for (const id of wanted) {
    if (!id) continue;
    const found = agents.find((a) => a.id === id);
    if (found) return found;
  }
  return agents.find((a) => a.parent_id === null) ?? agents[0];
}
