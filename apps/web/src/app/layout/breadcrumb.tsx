import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { DASHBOARD_PATH } from '../../lib/paths';
import { breadcrumbOf, type ScreenInfo } from './menu-model';

/** Home, the screen's modules, the screen: where the user is in the menu. */
export function AppBreadcrumb({ screens }: { screens: ReadonlyMap<string, ScreenInfo> }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const crumbs = breadcrumbOf(screens, pathname);
  const home = screens.has(DASHBOARD_PATH) && pathname !== DASHBOARD_PATH;
  const items = [
    ...(home ? [{ key: 'home', title: <Link to={DASHBOARD_PATH} aria-label={t('route:dashboard')}><HomeOutlined /></Link> }] : []),
    ...crumbs.map((c, i) => ({
      key: c.path,
      title: c.to && i < crumbs.length - 1 ? <Link to={c.to}>{t(`route:${c.title}`)}</Link> : t(`route:${c.title}`),
    })),
  ];
  return <Breadcrumb className="app-breadcrumb" items={items} data-testid="breadcrumb" />;
}
