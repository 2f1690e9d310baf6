import { type MouseEvent, type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Dropdown, type MenuProps } from 'antd';
import {
  CloseCircleOutlined,
  CloseOutlined,
  DownOutlined,
  MinusCircleOutlined,
  PushpinFilled,
  ReloadOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import type { KeepAliveRef } from 'keepalive-for-react';
import { HOME_PATH, REDIRECT_PREFIX } from '../../lib/paths';
import { closeViews, nextActive, type TagAction, type TagView, useTagsStore } from './tags-store';

/** The right-click menu of one tag, with the actions that would do nothing disabled. */
function actionItems(views: readonly TagView[], view: TagView, t: (k: string) => string): MenuProps['items'] {
  const index = views.findIndex((v) => v.path === view.path);
  const closable = (v: TagView) => !v.affix;
  return [
    { key: 'refresh', icon: <ReloadOutlined />, label: t('tags.refresh') },
    { key: 'close', icon: <CloseOutlined />, label: t('tags.close'), disabled: view.affix },
    { key: 'closeOthers', icon: <MinusCircleOutlined />, label: t('tags.closeOthers'), disabled: !views.some((v, i) => i !== index && closable(v)) },
    { key: 'closeLeft', icon: <VerticalRightOutlined />, label: t('tags.closeLeft'), disabled: !views.slice(0, index).some(closable) },
    { key: 'closeRight', icon: <VerticalLeftOutlined />, label: t('tags.closeRight'), disabled: !views.slice(index + 1).some(closable) },
    { type: 'divider' },
    { key: 'closeAll', icon: <CloseCircleOutlined />, label: t('tags.closeAll'), disabled: !views.some(closable) },
  ];
}

/**
 * The tab menus open inside the tags bar, which stays at the top while the page scrolls: in the
 * page body a scroll would carry an open menu away from its tab and under the header.
 */
const popupContainer = (trigger: HTMLElement) => trigger.closest<HTMLElement>('.tags-view') ?? document.body;

/**
 * Visited screens as tabs (the tags view; docs/product.md, "Screens and routes"): the dashboard pinned, a right-click menu to
 * refresh or close, middle-click to close, and the same menu behind the arrow at the end for
 * touch screens, where there is no right click.
 */
export function TagsView({ aliveRef }: { aliveRef: RefObject<KeepAliveRef | null> }) {
  const { t } = useTranslation('layout');
  const views = useTagsStore((s) => s.views);
  const setViews = useTagsStore((s) => s.set);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const scroller = useRef<HTMLDivElement>(null);
  const active = views.find((v) => v.path === pathname);

  const run = async (action: TagAction, view: TagView) => {
    if (action === 'refresh') {
      // Drop the cached screen, then pass through the redirect helper so it mounts anew.
      await aliveRef.current?.destroy(view.path);
      navigate(`${REDIRECT_PREFIX}${view.fullPath}`, { replace: true });
      return;
    }
    const current = useTagsStore.getState().views;
    const after = closeViews(current, view.path, action);
    setViews(after);
    if (!after.some((v) => v.path === pathname)) {
      // "Close others/left/right" keep the tab they were asked on: show it. Otherwise a neighbour.
      const kept = after.find((v) => v.path === view.path);
      const next = kept ?? nextActive(current, after, pathname);
      navigate(next?.fullPath ?? HOME_PATH);
    }
  };

  // Keep the active tab in sight by scrolling the bar only (never the page).
  useEffect(() => {
    const bar = scroller.current;
    const tab = bar?.querySelector<HTMLElement>('[data-active="true"]');
    if (!bar || !tab) return;
    const left = tab.offsetLeft - bar.offsetLeft;
    if (left < bar.scrollLeft) bar.scrollLeft = left - 8;
    else if (left + tab.offsetWidth > bar.scrollLeft + bar.clientWidth) bar.scrollLeft = left + tab.offsetWidth - bar.clientWidth + 8;
  }, [pathname, views.length]);

  // A mouse wheel scrolls the bar sideways, as a tab strip is expected to.
  useEffect(() => {
    const bar = scroller.current;
    if (!bar) return;
    const onWheel = (e: WheelEvent) => {
      if (Math.abs(e.deltaY) <= Math.abs(e.deltaX) || bar.scrollWidth <= bar.clientWidth) return;
      e.preventDefault();
      bar.scrollLeft += e.deltaY;
    };
    bar.addEventListener('wheel', onWheel, { passive: false });
    return () => bar.removeEventListener('wheel', onWheel);
  }, []);

  const onClose = (e: MouseEvent, view: TagView) => {
    e.stopPropagation();
    void run('close', view);
  };

  return (
    <div className="tags-view" data-testid="tags-view">
      <div className="tags-view-scroll" ref={scroller} role="tablist">
        {views.map((view) => {
          const isActive = view.path === pathname;
          return (
            <Dropdown
              key={view.path}
              trigger={['contextMenu']}
              getPopupContainer={popupContainer}
              menu={{ items: actionItems(views, view, t), onClick: ({ key }) => void run(key as TagAction, view) }}
            >
              <div
                className={`tags-view-item${isActive ? ' is-active' : ''}`}
                role="tab"
                aria-selected={isActive}
                data-active={isActive}
                data-path={view.path}
                tabIndex={0}
                onClick={() => !isActive && navigate(view.fullPath)}
                onKeyDown={(e) => e.key === 'Enter' && !isActive && navigate(view.fullPath)}
                onAuxClick={(e) => e.button === 1 && !view.affix && onClose(e, view)}
              >
                {view.affix && <PushpinFilled className="tags-view-pin" />}
                <span className="tags-view-title">{t(`route:${view.title}`)}</span>
                {!view.affix && (
                  <span className="tags-view-close" role="button" aria-label={t('tags.close')} onClick={(e) => onClose(e, view)}>
                    <CloseOutlined />
                  </span>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      {active && (
        <Dropdown
          trigger={['click']}
          getPopupContainer={popupContainer}
          placement="bottomRight"
          menu={{ items: actionItems(views, active, t), onClick: ({ key }) => void run(key as TagAction, active) }}
        >
          <button type="button" className="tags-view-more" aria-label={t('tags.more')} data-testid="tags-more">
            <DownOutlined />
          </button>
        </Dropdown>
      )}
    </div>
  );
}
