import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { BarChartOutlined, ShopOutlined } from '@ant-design/icons';
import { routeIcon } from '../../components/route-icon';
import type { MenuNode } from '../route-table';
import { firstLeaf, openKeysOf } from './menu-model';

type MenuItem = Required<MenuProps>['items'][number];

/** The icons of the top menu's groups (menu-model TOP_MENU_GROUPS), else the route's own. */
const GROUP_ICONS: Record<string, ReactNode> = { reports: <BarChartOutlined />, business: <ShopOutlined /> };
const iconOf = (name: string | undefined): ReactNode => (name && GROUP_ICONS[name]) || routeIcon(name);

function toItems(nodes: readonly MenuNode[], t: (key: string) => string, depth = 0): MenuItem[] {
  return nodes.map((n) => ({
    key: n.path,
    // Icons mark the first level only; deeper entries are indented under their module.
    icon: depth === 0 ? iconOf(n.icon) : undefined,
    label: t(`route:${n.title}`),
    ...(n.children ? { children: toItems(n.children, t, depth + 1) } : {}),
  }));
}

export interface NavMenuProps {
  menu: readonly MenuNode[];
  mode: 'inline' | 'horizontal';
  collapsed?: boolean;
  onNavigate?: () => void;
}

/**
 * The permitted menu, vertical in the sidebar or horizontal in the top layout. The current
 * screen is selected and its modules opened whenever the route changes, also from a tab or a link.
 */
export function NavMenu({ menu, mode, collapsed = false, onNavigate }: NavMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(() => toItems(menu, t), [menu, t]);
  const parents = useMemo(() => openKeysOf(menu, pathname), [menu, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(parents);

  useEffect(() => {
    setOpenKeys((keys) => [...new Set([...keys, ...parents])]);
  }, [parents]);

  return (
    <Menu
      mode={mode}
      items={items}
      selectedKeys={[pathname, ...(mode === 'horizontal' ? parents : [])]}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      inlineCollapsed={mode === 'inline' ? collapsed : undefined}
      onClick={({ key }) => {
        onNavigate?.();
        if (key !== pathname) navigate(key);
      }}
      className={`nav-menu nav-menu-${mode}`}
      data-testid={mode === 'inline' ? 'side-menu' : 'top-menu'}
    />
  );
}

/**
 * Mix layout, top row: the first-level entries only. Choosing one makes it the active module
 * (its children fill the sidebar) and opens its first screen.
 */
export function TopModuleMenu({ menu, active, onSelect }: { menu: readonly MenuNode[]; active: string; onSelect: (path: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo<MenuItem[]>(() => menu.map((n) => ({ key: n.path, icon: iconOf(n.icon), label: t(`route:${n.title}`) })), [menu, t]);
  return (
    <Menu
      mode="horizontal"
      items={items}
      selectedKeys={[active]}
      onClick={({ key }) => {
        const node = menu.find((n) => n.path === key);
        if (!node) return;
        onSelect(node.path);
        const target = firstLeaf(node);
        if (target !== pathname) navigate(target);
      }}
      className="nav-menu nav-menu-horizontal"
      data-testid="top-menu"
    />
  );
}
