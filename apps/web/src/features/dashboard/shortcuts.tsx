import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Card, Empty } from 'antd';
import { joinPath, type RouteDef } from '@console/contract';
import { routeIcon } from '../../components/route-icon';
import { useSessionStore } from '../../stores/session';
import { DASHBOARD_PATH } from '../../lib/paths';

export interface Shortcut {
  path: string;
  title: string;
  module?: string;
  icon?: string;
}

/** Every screen of the user's menu (not hidden), with the module it sits in, in menu order. */
export function shortcutsOf(routes: readonly RouteDef[], parent = '', module?: { title: string; icon?: string }): Shortcut[] {
  const out: Shortcut[] = [];
  for (const r of routes) {
    if (r.meta?.hidden) continue;
    const full = parent ? joinPath(parent, r.path) : r.path;
    if (r.children) {
      out.push(...shortcutsOf(r.children, full, r.meta?.title ? { title: r.meta.title, ...(r.meta.icon ? { icon: r.meta.icon } : {}) } : module));
    } else if (r.component && r.meta?.title && full !== DASHBOARD_PATH) {
      const icon = r.meta.icon ?? module?.icon;
      out.push({ path: full, title: r.meta.title, ...(module ? { module: module.title } : {}), ...(icon ? { icon } : {}) });
    }
  }
  return out;
}

/** Quick entries to the screens this user may open: the dashboard's way into the console. */
export function Shortcuts() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const routes = useSessionStore((s) => s.routes);
  const items = useMemo(() => shortcutsOf(routes), [routes]);
  return (
    <Card title={t('shortcuts.title')} variant="borderless" className="dash-card" styles={{ body: { paddingTop: 12 } }}>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shortcuts.empty')} />
      ) : (
        <div className="dash-shortcuts" data-testid="dashboard-shortcuts">
          {items.map((s) => (
            <button type="button" key={s.path} className="dash-shortcut" onClick={() => navigate(s.path)}>
              <span className="dash-shortcut-icon">{routeIcon(s.icon)}</span>
              <span className="dash-shortcut-text">
                <span className="dash-shortcut-title">{t(`route:${s.title}`)}</span>
                {s.module && <span className="dash-shortcut-module">{t(`route:${s.module}`)}</span>}
              </span>
            </button>
          ))}
        </div>
      )}
    </Card>
  );
}
