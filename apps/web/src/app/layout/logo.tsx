import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The product mark, drawn in the theme colour so it follows the chosen primary. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="logo-mark">
      <rect width="64" height="64" rx="14" fill="var(--color-primary, #4080ff)" />
      <path d="M18 40V24l14-8 14 8v16l-14 8z" fill="none" stroke="#fff" strokeWidth="4" strokeLinejoin="round" />
      <circle cx="32" cy="32" r="5" fill="#fff" />
    </svg>
  );
}

/** Mark and product name, linking home; only the mark when there is no room (collapsed sidebar). */
export function Logo({ collapsed = false, to = '/' }: { collapsed?: boolean; to?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className={`app-logo${collapsed ? ' is-collapsed' : ''}`} data-testid="sidebar-logo" title={t('common:brand')}>
      <LogoMark />
      {!collapsed && <span className="app-logo-text">{t('common:brand')}</span>}
    </Link>
  );
}
