import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button, Drawer, theme, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useKeepAliveRef } from 'keepalive-for-react';
import { AppWatermark } from '../../components/app-watermark';
import { REDIRECT_PREFIX } from '../../lib/paths';
import { useDarkMode } from '../../stores/use-dark-mode';
import { useAppStore } from '../../stores/app';
import { dictionariesMissing, loadDictionaries } from '../../stores/dict';
import { useSessionStore } from '../../stores/session';
import { useSettingsStore } from '../../stores/settings';
import { QueryProvider } from '../query-client';
import { buildMenu } from '../route-table';
import { AppMain } from './app-main';
import { AppBreadcrumb } from './breadcrumb';
import { FullscreenButton, LanguageSelect, SettingsButton, SizeSelect, ThemeToggle, UserMenu } from './header-actions';
import { Logo, LogoMark } from './logo';
import { groupTopMenu, indexScreens, topMenuOf } from './menu-model';
import { MenuSearch } from './menu-search';
import { NavMenu, TopModuleMenu } from './nav-menu';
import { SettingsDrawer } from './settings-drawer';
import { keepOpenable, useTagsStore } from './tags-store';
import { TagsView } from './tags-view';
import { useDevice } from './use-device';
import './layout.css';

/**
 * Opens every visited screen as a tab, the pinned (affix) ones first and always. Of the tabs kept
 * over a reload, only those of screens the user's routes still hold stay.
 */
function useTrackViews(screens: ReturnType<typeof indexScreens>) {
  const { pathname, search } = useLocation();
  const add = useTagsStore((s) => s.add);
  useEffect(() => {
    if (screens.size === 0) return;
    const { views, set } = useTagsStore.getState();
    const kept = keepOpenable(views, screens);
    if (kept !== views) set(kept);
    for (const s of screens.values()) {
      if (s.meta.affix && s.meta.title) add({ path: s.path, fullPath: s.path, title: s.meta.title, affix: true, keepAlive: !!s.meta.keepAlive });
    }
  }, [screens, add]);
  useEffect(() => {
    if (pathname.startsWith(REDIRECT_PREFIX)) return;
    const screen = screens.get(pathname);
    if (!screen?.meta.title) return;
    add({ path: pathname, fullPath: pathname + search, title: screen.meta.title, affix: !!screen.meta.affix, keepAlive: !!screen.meta.keepAlive });
  }, [pathname, search, screens, add]);
}

/**
 * The console frame (docs/product.md, "Console"): left, top or mix layout on desktop and a
 * drawer menu on phones; header with breadcrumb, search and preferences; tags view; the current
 * screen kept alive per tab; settings drawer; watermark.
 */
export function AppLayout() {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const routes = useSessionStore((s) => s.routes);
  const layout = useSettingsStore((s) => s.layout);
  const tagsView = useSettingsStore((s) => s.tagsView);
  const fixedHeader = useSettingsStore((s) => s.fixedHeader);
  const sidebarLogo = useSettingsStore((s) => s.sidebarLogo);
  const collapsed = useAppStore((s) => s.sidebarStatus === 'closed');
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  const activeTopMenuPath = useAppStore((s) => s.activeTopMenuPath);
  const setActiveTopMenuPath = useAppStore((s) => s.setActiveTopMenuPath);
  const dark = useDarkMode();
  const mobile = useDevice() === 'mobile';
  const aliveRef = useKeepAliveRef();
  const [drawerOpen, setDrawerOpen] = useState(false);

  // The lists are loaded at login but not persisted: a session resumed by a reload loads them here.
  useEffect(() => {
    if (dictionariesMissing()) void loadDictionaries();
  }, []);

  const menu = useMemo(() => buildMenu(routes), [routes]);
  const screens = useMemo(() => indexScreens(routes), [routes]);
  useTrackViews(screens);

  // The phone menu is a drawer that gets out of the way once a screen is chosen.
  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    if (!mobile) setDrawerOpen(false);
  }, [mobile]);

  // Mix layout: the module of the current screen becomes the active one (and is remembered).
  // The top row (top and mix layouts) holds the report and business modules in one entry each.
  const topMenu = useMemo(() => groupTopMenu(menu), [menu]);
  const currentTop = topMenuOf(topMenu, pathname);
  useEffect(() => {
    if (currentTop && currentTop.path !== activeTopMenuPath) setActiveTopMenuPath(currentTop.path);
  }, [currentTop, activeTopMenuPath, setActiveTopMenuPath]);
  const activeTop = topMenu.find((n) => n.path === activeTopMenuPath) ?? currentTop;
  const mixSideMenu = activeTop?.children ?? [];

  // A phone has no room for a top menu: every layout becomes the drawer layout there.
  const mode = mobile ? 'mobile' : layout;
  const showSider = mode === 'left' || (mode === 'mix' && mixSideMenu.length > 0);
  const siderCollapsed = collapsed && showSider;

  const vars = {
    '--shell-bg': token.colorBgLayout,
    '--shell-surface': token.colorBgContainer,
    '--shell-border': token.colorBorderSecondary,
    '--shell-text': token.colorText,
    '--shell-text-2': token.colorTextSecondary,
    '--shell-text-3': token.colorTextTertiary,
    '--shell-fill': token.colorFillTertiary,
    '--shell-fill-hover': token.colorFillSecondary,
    '--shell-radius': `${token.borderRadius}px`,
    '--shell-shadow': dark ? '0 1px 0 rgba(255,255,255,0.04)' : '0 1px 4px rgba(15, 23, 42, 0.06)',
  } as CSSProperties;

  const actions = (
    <div className="header-actions">
      <MenuSearch menu={menu} />
      {!mobile && <FullscreenButton />}
      {!mobile && <SizeSelect />}
      {!mobile && <LanguageSelect />}
      {!mobile && <ThemeToggle dark={dark} />}
      <SettingsButton />
      <UserMenu compact={mobile} />
    </div>
  );

  const collapseButton = (
    <Tooltip title={collapsed ? t('header.expand') : t('header.collapse')} placement="bottom">
      <Button
        type="text"
        className="header-action"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={toggleSidebar}
        aria-label={collapsed ? t('header.expand') : t('header.collapse')}
        data-testid="sidebar-toggle"
      />
    </Tooltip>
  );

  const mix = mode === 'mix';
  const top = mode === 'top';
  // One tree for every mode, the same element types in the same slots, so switching layout (or
  // crossing the phone breakpoint) never remounts the screens and their kept-alive state.
  const topbar =
    top || mix ? (
      <header className="app-header app-topbar">
        <div className="app-navbar app-navbar-top">
          {sidebarLogo && <Logo />}
          <div className="app-navbar-menu">
            {mix ? (
              <TopModuleMenu menu={topMenu} active={activeTop?.path ?? ''} onSelect={setActiveTopMenuPath} />
            ) : (
              <NavMenu menu={topMenu} mode="horizontal" />
            )}
          </div>
          {actions}
        </div>
      </header>
    ) : null;

  const sider = showSider ? (
    <aside className={`app-sider${siderCollapsed ? ' is-collapsed' : ''}`} data-testid="sider">
      {mode === 'left' && sidebarLogo && <Logo collapsed={siderCollapsed} />}
      <div className="app-sider-menu">
        <NavMenu key={mix ? activeTop?.path : 'all'} menu={mix ? mixSideMenu : menu} mode="inline" collapsed={siderCollapsed} />
      </div>
      {mix && <div className="app-sider-footer">{collapseButton}</div>}
    </aside>
  ) : null;

  const navbar =
    mode === 'left' ? (
      <header className="app-header app-navbar-wrap">
        <div className="app-navbar">
          {collapseButton}
          <AppBreadcrumb screens={screens} />
          <div className="app-navbar-spacer" />
          {actions}
        </div>
      </header>
    ) : mobile ? (
      <header className="app-header app-navbar-wrap">
        <div className="app-navbar">
          <Button type="text" className="header-action" icon={<MenuOutlined />} onClick={() => setDrawerOpen(true)} aria-label={t('header.menu')} data-testid="mobile-menu-button" />
          <span className="app-navbar-brand">
            <LogoMark size={24} />
            <span className="app-navbar-title">{t('common:brandShort')}</span>
          </span>
          <div className="app-navbar-spacer" />
          {actions}
        </div>
      </header>
    ) : null;

  const frame = (
    <>
      {topbar}
      <div className="app-row">
        {sider}
        <div className="app-body">
          {navbar}
          {tagsView ? (
            <div className="app-tags-bar">
              <TagsView aliveRef={aliveRef} />
            </div>
          ) : null}
          <main className="app-content">
            <AppMain aliveRef={aliveRef} />
          </main>
        </div>
      </div>
      {mobile ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          size={272}
          closable={false}
          aria-label={t('header.menu')}
          rootClassName="app-mobile-drawer"
          styles={{ body: { padding: 0 } }}
        >
          <Logo />
          <NavMenu menu={menu} mode="inline" onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : null}
    </>
  );

  return (
    <QueryProvider>
      <AppWatermark dark={dark}>
        <div
          className={`app-layout layout-${mode}${fixedHeader ? ' is-fixed-header' : ''}${tagsView ? ' has-tags' : ''}${dark ? ' is-dark' : ''}`}
          style={vars}
          data-layout={mode}
          data-testid="app-layout"
        >
          {frame}
        </div>
        <SettingsDrawer mobile={mobile} />
      </AppWatermark>
    </QueryProvider>
  );
}
