import { create } from 'zustand';
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

interface TagsState {
  views: TagView[];
  add: (view: TagView) => void;
  set: (views: TagView[]) => void;
  reset: () => void;
}

/**
 * The open screens. Not persisted: kept-alive state does not survive a reload, so reopening the
 * tabs after one would promise state that is gone.
 */
export const useTagsStore = create<TagsState>()((set) => ({
  views: [],
  add: (view) => set((s) => ({ views: addView(s.views, view) })),
  set: (views) => set({ views }),
  reset: () => set({ views: [] }),
}));

// A new session (or another user) starts with a clean tab bar.
useSessionStore.subscribe((state, prev) => {
  if (prev.token && !state.token) useTagsStore.getState().reset();
});
