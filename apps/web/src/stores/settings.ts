import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_THEME_COLOR, normalizeHex, type ThemeMode } from '../lib/theme';

export type { ThemeMode } from '../lib/theme';
export type LayoutMode = 'left' | 'top' | 'mix';

export const LAYOUT_MODES: readonly LayoutMode[] = ['left', 'top', 'mix'];
export const THEME_MODES: readonly ThemeMode[] = ['light', 'dark', 'auto'];

export interface SettingsValues {
  tagsView: boolean;
  sidebarLogo: boolean;
  fixedHeader: boolean;
  layout: LayoutMode;
  watermarkEnabled: boolean;
  themeColor: string;
  theme: ThemeMode;
}

/** The defaults of docs/product.md, "Preferences and defaults". */
export const DEFAULT_SETTINGS: Readonly<SettingsValues> = Object.freeze({
  tagsView: true,
  sidebarLogo: false,
  fixedHeader: true,
  layout: 'left',
  watermarkEnabled: false,
  themeColor: DEFAULT_THEME_COLOR,
  theme: 'light',
});

export interface SettingsState extends SettingsValues {
  /** The settings panel starts hidden and is never persisted open (docs/product.md, "Preferences and defaults"). */
  showSettings: boolean;
  setSetting: <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) => void;
  setShowSettings: (show: boolean) => void;
  /** Back to the defaults, every setting including the watermark. */
  resetSettings: () => void;
}

/**
 * Keeps only well-formed values from storage: a hand-edited or older entry must not break the
 * shell (an unknown layout would render no menu at all).
 */
export function sanitizeSettings(raw: unknown): Partial<SettingsValues> {
  if (!raw || typeof raw !== 'object') return {};
  const r = raw as Record<string, unknown>;
  const out: Partial<SettingsValues> = {};
  for (const key of ['tagsView', 'sidebarLogo', 'fixedHeader', 'watermarkEnabled'] as const) {
    if (typeof r[key] === 'boolean') out[key] = r[key];
  }
  if (LAYOUT_MODES.includes(r.layout as LayoutMode)) out.layout = r.layout as LayoutMode;
  if (THEME_MODES.includes(r.theme as ThemeMode)) out.theme = r.theme as ThemeMode;
  if (typeof r.themeColor === 'string') {
    const color = normalizeHex(r.themeColor);
    if (color) out.themeColor = color;
  }
  return out;
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      showSettings: false,
      setSetting: (key, value) => {
        if (key === 'themeColor') {
          const color = normalizeHex(String(value));
          if (!color) return;
          set({ themeColor: color });
          return;
        }
        set({ [key]: value } as Partial<SettingsValues>);
      },
      setShowSettings: (showSettings) => set({ showSettings }),
      resetSettings: () => set({ ...DEFAULT_SETTINGS }),
    }),
    {
      name: 'settings',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s): SettingsValues => ({
        tagsView: s.tagsView,
        sidebarLogo: s.sidebarLogo,
        fixedHeader: s.fixedHeader,
        layout: s.layout,
        watermarkEnabled: s.watermarkEnabled,
        themeColor: s.themeColor,
        theme: s.theme,
      }),
      merge: (persisted, current) => ({ ...current, ...sanitizeSettings(persisted) }),
    },
  ),
);
