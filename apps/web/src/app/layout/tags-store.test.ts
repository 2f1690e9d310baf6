import { describe, expect, it } from 'vitest';
import { addView, closeViews, keepOpenable, nextActive, sanitizeViews, type TagView, useTagsStore } from './tags-store';
import { useSessionStore } from '../../stores/session';

const view = (path: string, affix = false): TagView => ({ path, fullPath: path, title: path.slice(1), affix, keepAlive: true });
const paths = (views: TagView[]) => views.map((v) => v.path);

const dash = view('/dashboard', true);
const a = view('/a');
const b = view('/b');
const c = view('/c');
const d = view('/d');
const all = [dash, a, b, c, d];

describe('tags view model', () => {
  it('opens each path once, updating its query, and keeps pinned tabs first', () => {
    let views = addView([], a);
    views = addView(views, b);
    views = addView(views, { ...a, fullPath: '/a?page=2' });
    expect(paths(views)).toEqual(['/a', '/b']);
    expect(views[0]!.fullPath).toBe('/a?page=2');
    views = addView(views, dash);
    expect(paths(views)).toEqual(['/dashboard', '/a', '/b']);
    // Unchanged input gives the same array, so subscribers do not re-render for nothing.
    expect(addView(views, b)).toBe(views);
  });

  it('close, close others, left, right and all never close a pinned tab', () => {
    expect(paths(closeViews(all, '/b', 'close'))).toEqual(['/dashboard', '/a', '/c', '/d']);
    expect(paths(closeViews(all, '/dashboard', 'close'))).toEqual(paths(all));
    expect(paths(closeViews(all, '/c', 'closeOthers'))).toEqual(['/dashboard', '/c']);
    expect(paths(closeViews(all, '/c', 'closeLeft'))).toEqual(['/dashboard', '/c', '/d']);
    expect(paths(closeViews(all, '/b', 'closeRight'))).toEqual(['/dashboard', '/a', '/b']);
    expect(paths(closeViews(all, '/b', 'closeAll'))).toEqual(['/dashboard']);
  });

  it('after closing the active tab, shows its right neighbour, else the last', () => {
    expect(nextActive(all, closeViews(all, '/b', 'close'), '/b')?.path).toBe('/c');
    expect(nextActive(all, closeViews(all, '/d', 'close'), '/d')?.path).toBe('/c');
    expect(nextActive(all, closeViews(all, '/b', 'closeAll'), '/b')?.path).toBe('/dashboard');
    expect(nextActive(all, all, '/b')).toBeUndefined();
  });

  it('keeps the open tabs over a reload, in this browser tab’s session storage', () => {
    useSessionStore.setState({ token: 't' });
    useTagsStore.getState().set([dash, { ...a, fullPath: '/a?page=2' }, b]);
    const stored = JSON.parse(sessionStorage.getItem('tags') ?? '{}') as { state?: unknown };
    expect(sanitizeViews(stored.state)).toEqual([dash, { ...a, fullPath: '/a?page=2' }, b]);
    expect(localStorage.getItem('tags')).toBeNull();
  });

  it('reads back only well-formed tabs', () => {
    expect(sanitizeViews(null)).toEqual([]);
    expect(sanitizeViews({ views: 'x' })).toEqual([]);
    expect(
      sanitizeViews({
        views: [dash, null, { path: 'relative', title: 'x' }, { path: '/n', title: 3 }, { ...a, fullPath: '/elsewhere' }, a, { path: '/e', title: 'e', affix: 'yes' }],
      }),
    ).toEqual([dash, a, { path: '/e', fullPath: '/e', title: 'e', affix: false, keepAlive: false }]);
  });

  it('keeps only the tabs of screens the user may still open, titled as the routes are now', () => {
    const screens = new Map([
      ['/dashboard', { meta: { title: 'dashboard', affix: true, keepAlive: true } }],
      ['/a', { meta: { title: 'a', keepAlive: true } }],
      ['/c', { meta: { title: 'c-renamed', keepAlive: false } }],
    ]);
    const kept = keepOpenable(all, screens);
    expect(paths(kept)).toEqual(['/dashboard', '/a', '/c']);
    expect(kept[2]).toMatchObject({ title: 'c-renamed', keepAlive: false });
    // Nothing to drop or change: the same array.
    expect(keepOpenable(kept, screens)).toBe(kept);
    expect(keepOpenable(all, new Map())).toEqual([]);
  });

  it('starts empty again when the session ends', () => {
    useSessionStore.setState({ token: 't' });
    useTagsStore.getState().set(all);
    useSessionStore.setState({ token: '' });
    expect(useTagsStore.getState().views).toEqual([]);
    expect(sanitizeViews((JSON.parse(sessionStorage.getItem('tags') ?? '{}') as { state?: unknown }).state)).toEqual([]);
  });
});
