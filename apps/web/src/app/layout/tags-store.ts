import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useSessionStore } from '../../stores/session';

/** One open screen in the tags view. The path is also its keep-alive cache key. */
export interface TagView {
  path: string;
  /** Path plus query, what clicking the tag navigates to. */
  fullPath: string;
  /** Title key under the `route` namespace. */
  title: string;
  affix: boolean;
  keepAlive: boolean;
}

export type TagAction = 'refresh' | 'close' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll';

/** Adds a view, or updates its query when it is already open; pinned views stay first. */
export function addView(views: readonly TagView[], view: TagView): TagView[] {
  const i = views.findIndex((v) => v.path === view.path);
  if (i >= 0) {
    const current = views[i]!;
    if (current.fullPath === view.fullPath && current.title === view.title) return views as TagView[];
    const next = [...views];
    next[i] = { ...current, fullPath: view.fullPath, title: view.title };
    return next;
  }
  if (view.affix) {
    const lastAffix = views.findLastIndex((v) => v.affix);
    return [...views.slice(0, lastAffix + 1), view, ...views.slice(lastAffix + 1)];
  }
  return [...views, view];
}

/**
 * The views left after a close action on `path`. Pinned (affix) views are never closed; the
 * target itself survives "close others/left/right".
 */
export function closeViews(views: readonly TagView[], path: string, action: Exclude<TagAction, 'refresh'>): TagView[] {
  const index = views.findIndex((v) => v.path === path);
  switch (action) {
    case 'close':
      return views.filter((v) => v.affix || v.path !== path);
    case 'closeOthers':
      return views.filter((v) => v.affix || v.path === path);
    case 'closeLeft':
      return index < 0 ? [...views] : views.filter((v, i) => v.affix || i >= index);
    case 'closeRight':
      return index < 0 ? [...views] : views.filter((v, i) => v.affix || i <= index);
    case 'closeAll':
      return views.filter((v) => v.affix);
  }
}

/**
 * Where to go when the active view is closed: the view that took its place on the right, else
 * the last one left (vue-element-admin goes to the last; the neighbour keeps the eye in place).
 */
export function nextActive(before: readonly TagView[], after: readonly TagView[], closedPath: string): TagView | undefined {
  if (after.some((v) => v.path === closedPath)) return undefined;
  const i = before.findIndex((v) => v.path === closedPath);
  const right = before.slice(i + 1).find((v) => after.some((a) => a.path === v.path));
  return right ?? after[after.length - 1];
}

/** What the shell knows of a screen the user may open: its title and flags (menu-model's ScreenInfo). */
interface OpenableScreen {
  meta: { title?: string; affix?: boolean; keepAlive?: boolean };
}

/**
 * The tabs left open that the user may still open, with their titles and flags as the route table
 * has them now: a tab kept over a reload whose screen the user's codes no longer allow, or which
 * the console no longer has, is dropped. Answers `views` itself when nothing changes.
 */
export function keepOpenable(views: readonly TagView[], screens: ReadonlyMap<string, OpenableScreen>): TagView[] {
  let changed = false;
  const out: TagView[] = [];
  for (const v of views) {
    const meta = screens.get(v.path)?.meta;
    if (!meta?.title) {
      changed = true;
      continue;
    }
    const next = { ...v, title: meta.title, affix: !!meta.affix, keepAlive: !!meta.keepAlive };
    if (next.title !== v.title || next.affix !== v.affix || next.keepAlive !== v.keepAlive) {
      changed = true;
      out.push(next);
    } else out.push(v);
  }
  return changed ? out : (views as TagView[]);
}

/** Keeps only well-formed tabs from storage: a stale or hand-edited entry must not break the tab bar. */
export function sanitizeViews(raw: unknown): TagView[] {
  const views = raw && typeof raw === 'object' ? (raw as { views?: unknown }).views : undefined;
  if (!Array.isArray(views)) return [];
  const out: TagView[] = [];
  for (const v of views as unknown[]) {
    if (!v || typeof v !== 'object') continue;
    const r = v as Record<string, unknown>;
    if (typeof r.path !== 'string' || !r.path.startsWith('/') || typeof r.title !== 'string') continue;
    const fullPath = typeof r.fullPath === 'string' && (r.fullPath === r.path || r.fullPath.startsWith(`${r.path}?`)) ? r.fullPath : r.path;
    if (out.some((o) => o.path === r.path)) continue;
    out.push({ path: r.path, fullPath, title: r.title, affix: r.affix === true, keepAlive: r.keepAlive === true });
  }
  return out;
}

interface TagsState {
  views: TagView[];
  add: (view: TagView) => void;
  set: (views: TagView[]) => void;
  reset: () => void;
}

/**
 * The open screens, kept over a reload in session storage under `tags` (this browser tab only, as
 * the screens' list states are). A reload reopens the tabs, each at its path and query, but not
 * their kept-alive state, which lives in memory: a tab's screen mounts anew when it is shown. The
 * layout drops the tabs the user may no longer open once their routes are known (keepOpenable).
 */
export const useTagsStore = create<TagsState>()(
  persist(
    (set) => ({
      views: [],
      add: (view) => set((s) => ({ views: addView(s.views, view) })),
      set: (views) => set({ views }),
      reset: () => set({ views: [] }),
    }),
    {
      name: 'tags',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ views: s.views }),
      merge: (persisted, current) => ({ ...current, views: sanitizeViews(persisted) }),
    },
  ),
);

// A new session (or another user) starts with a clean tab bar.
useSessionStore.subscribe((state, prev) => {
  if (prev.token && !state.token) useTagsStore.getState().reset();
});
