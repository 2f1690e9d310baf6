import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** sessionStorage key prefix of each screen's last list state (components/list, useListState). */
export const LIST_STATE_PREFIX = 'list-state:';

/** Forgets every screen's last filters and page: a session ends, and the next user starts clean. */
export function forgetListStates() {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(LIST_STATE_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Storage switched off: nothing was remembered.
  }
}

/** Row height of a list table: antd Table's `size`. */
export type Density = 'large' | 'middle' | 'small';
export const DENSITIES: readonly Density[] = ['large', 'middle', 'small'];

/** What a user chose for one screen's table: column order, hidden columns, row density. */
export interface TablePrefs {
  /** Column keys in the chosen order; columns missing here keep their place after these. */
  order?: string[];
  hidden?: string[];
  density?: Density;
}

interface ListPrefsState {
  tables: Record<string, TablePrefs>;
  setTable: (id: string, patch: TablePrefs) => void;
  resetColumns: (id: string) => void;
}

const strings = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined);

/** Keeps only well-formed entries, so a stale or hand-edited one cannot break a screen. */
export function sanitizeListPrefs(raw: unknown): Record<string, TablePrefs> {
  const tables = raw && typeof raw === 'object' ? (raw as { tables?: unknown }).tables : undefined;
  if (!tables || typeof tables !== 'object') return {};
  const out: Record<string, TablePrefs> = {};
  for (const [id, value] of Object.entries(tables as Record<string, unknown>)) {
    if (!value || typeof value !== 'object') continue;
    const v = value as Record<string, unknown>;
    const prefs: TablePrefs = {};
    const order = strings(v.order);
    const hidden = strings(v.hidden);
    if (order) prefs.order = order;
    if (hidden) prefs.hidden = hidden;
    if (DENSITIES.includes(v.density as Density)) prefs.density = v.density as Density;
    out[id] = prefs;
  }
  return out;
}

/** Table preferences per screen (column settings and density), in local storage under `list-prefs`. */
export const useListPrefsStore = create<ListPrefsState>()(
  persist(
    (set) => ({
      tables: {},
      setTable: (id, patch) => set((s) => ({ tables: { ...s.tables, [id]: { ...s.tables[id], ...patch } } })),
      resetColumns: (id) =>
        set((s) => {
          const { order: _order, hidden: _hidden, ...rest } = s.tables[id] ?? {};
          return { tables: { ...s.tables, [id]: rest } };
        }),
    }),
    {
      name: 'list-prefs',
      storage: createJSONStorage(() => localStorage),
      merge: (persisted, current) => ({ ...current, tables: sanitizeListPrefs(persisted) }),
      partialize: (s) => ({ tables: s.tables }),
    },
  ),
);
