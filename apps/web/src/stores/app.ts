import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type Language = 'zh-cn' | 'en';
export type Device = 'desktop' | 'mobile';
export type Size = 'default' | 'large' | 'small';
export type SidebarStatus = 'opened' | 'closed';

export const LANGUAGES: readonly Language[] = ['zh-cn', 'en'];
export const SIZES: readonly Size[] = ['default', 'large', 'small'];

/** Below this width the console switches to its mobile layout, antd's `lg` breakpoint (docs/product.md, "Users and languages"). */
export const MOBILE_MAX_WIDTH = 991;
export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}.98px)`;

/** The browser's preferred language mapped onto ours: en* → en, anything else → zh-cn (the default). */
export function detectBrowserLanguage(languages: readonly string[] | undefined): Language {
  for (const l of languages ?? []) {
    const lower = l.toLowerCase();
    if (lower.startsWith('en')) return 'en';
    if (lower.startsWith('zh')) return 'zh-cn';
  }
  return 'zh-cn';
}

function initialLanguage(): Language {
  if (typeof navigator === 'undefined') return 'zh-cn';
  return detectBrowserLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/** What the viewport is now; the layout keeps `device` in step with it while the console runs. */
export function detectDevice(): Device {
  if (typeof window === 'undefined' || !window.matchMedia) return 'desktop';
  return window.matchMedia(MOBILE_QUERY).matches ? 'mobile' : 'desktop';
}

export interface AppState {
  device: Device;
  size: Size;
  language: Language;
  sidebarStatus: SidebarStatus;
  activeTopMenuPath: string;
  setDevice: (device: Device) => void;
  setSize: (size: Size) => void;
  setLanguage: (language: Language) => void;
  toggleSidebar: () => void;
  setSidebarStatus: (status: SidebarStatus) => void;
  setActiveTopMenuPath: (path: string) => void;
}

type Persisted = Pick<AppState, 'device' | 'size' | 'language' | 'sidebarStatus' | 'activeTopMenuPath'>;

/** Keeps only well-formed values from storage, so a stale or hand-edited entry cannot break the shell. */
export function sanitizeApp(raw: unknown): Partial<Persisted> {
  if (!raw || typeof raw !== 'object') return {};
  const r = raw as Record<string, unknown>;
  const out: Partial<Persisted> = {};
  if (r.device === 'desktop' || r.device === 'mobile') out.device = r.device;
  if (SIZES.includes(r.size as Size)) out.size = r.size as Size;
  if (LANGUAGES.includes(r.language as Language)) out.language = r.language as Language;
  if (r.sidebarStatus === 'opened' || r.sidebarStatus === 'closed') out.sidebarStatus = r.sidebarStatus;
  if (typeof r.activeTopMenuPath === 'string') out.activeTopMenuPath = r.activeTopMenuPath;
  return out;
}

/** App preferences (docs/product.md, "Preferences and defaults"), persisted in local storage under `app`. */
export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      device: detectDevice(),
      size: 'default',
      language: initialLanguage(),
      sidebarStatus: 'opened',
      activeTopMenuPath: '',
      setDevice: (device) => set({ device }),
      setSize: (size) => set({ size }),
      setLanguage: (language) => set({ language }),
      toggleSidebar: () => set((s) => ({ sidebarStatus: s.sidebarStatus === 'opened' ? 'closed' : 'opened' })),
      setSidebarStatus: (sidebarStatus) => set({ sidebarStatus }),
      setActiveTopMenuPath: (activeTopMenuPath) => set({ activeTopMenuPath }),
    }),
    {
      name: 'app',
      storage: createJSONStorage(() => localStorage),
      merge: (persisted, current) => ({ ...current, ...sanitizeApp(persisted) }),
      partialize: (s): Persisted => ({
        device: s.device,
        size: s.size,
        language: s.language,
        sidebarStatus: s.sidebarStatus,
        activeTopMenuPath: s.activeTopMenuPath,
      }),
    },
  ),
);
