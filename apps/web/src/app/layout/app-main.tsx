import { type ReactNode, type RefObject, Suspense, useContext, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { UNSAFE_LocationContext as LocationContext, useLocation, useOutlet } from 'react-router';
import { KeepAlive, type KeepAliveRef, useKeepAliveContext } from 'keepalive-for-react';
import { Spin } from 'antd';
import { REDIRECT_PREFIX } from '../../lib/paths';
import { useTagsStore } from './tags-store';

/** Enough for every screen of the route table: eviction must never drop an open tab's state. */
const MAX_CACHED = 64;

/**
 * The current screen, kept alive per path (docs/product.md, "Screens and routes"): a screen whose route has `keepAlive` keeps
 * its state while its tab is open. The cache key is the pathname, the same key the tags view
 * opens and closes, and `include` is exactly the open kept-alive tabs — closing a tab removes its
 * key, which makes keepalive-for-react drop the cached screen as soon as it is not on display.
 */
export function AppMain({ aliveRef }: { aliveRef: RefObject<KeepAliveRef | null> }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const views = useTagsStore((s) => s.views);
  const include = useMemo(() => views.filter((v) => v.keepAlive).map((v) => v.path), [views]);
  useScrollMemory(pathname, include);

  return (
    <KeepAlive activeCacheKey={pathname} include={include} max={MAX_CACHED} aliveRef={aliveRef} containerClassName="app-main-cache">
      <FrozenLocation>
        <Suspense
          fallback={
            <div className="app-main-loading">
              <Spin />
            </div>
          }
        >
          {outlet}
        </Suspense>
      </FrozenLocation>
    </KeepAlive>
  );
}

/**
 * A screen kept alive in a background tab still sits under the router, so without this it
 * would see every later location (useLocation, useSearchParams) and could act on another
 * screen's URL — the redirect helper, for one, would redirect again. Each cached screen sees
 * the location it was last shown at until it is shown again.
 */
function FrozenLocation({ children }: { children: ReactNode }) {
  const location = useContext(LocationContext);
  const { active } = useKeepAliveContext();
  const frozen = useRef(location);
  if (active) frozen.current = location;
  return <LocationContext.Provider value={frozen.current}>{children}</LocationContext.Provider>;
}

/**
 * The page scrolls as a whole (the header stays sticky), so a kept-alive screen's scroll position
 * is remembered here per cache key and put back when its tab is shown again. Screens opened anew
 * start at the top-left, as the router's scroll reset leaves them.
 */
function useScrollMemory(key: string, kept: readonly string[]) {
  const positions = useRef(new Map<string, { x: number; y: number }>());
  const current = useRef(key);

  useEffect(() => {
    const onScroll = () => {
      if (!current.current.startsWith(REDIRECT_PREFIX)) positions.current.set(current.current, { x: window.scrollX, y: window.scrollY });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    current.current = key;
  }, [key]);

  useEffect(() => {
    const saved = positions.current.get(key);
    if (!saved || !kept.includes(key)) return;
    // After the router's own reset to the top-left, a parent effect of this same commit.
    const timer = setTimeout(() => window.scrollTo({ left: saved.x, top: saved.y }), 0);
    return () => clearTimeout(timer);
    // Only a change of screen restores; a change of the tab list must not move the page.
  }, [key]);

  useEffect(() => {
    for (const k of positions.current.keys()) if (!kept.includes(k)) positions.current.delete(k);
  }, [kept]);
}
