import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Empty, Input, type InputRef, Modal, Tooltip } from 'antd';
import { EnterOutlined, SearchOutlined } from '@ant-design/icons';
import { routeIcon } from '../../components/route-icon';
import { useSessionStore } from '../../stores/session';
import type { MenuNode } from '../route-table';
import { matchEntry, searchEntries, withHiddenScreens } from './menu-model';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The menu search: a button (and Ctrl/⌘+K) opening a quick finder over every screen the user may
 * open, matched on the title in the current language, the module and the path (and, for the
 * hidden screens it offers, other words for them: "jackpot" finds the prize pools). The screens
 * the sidebar leaves out but links lead to (protection, prize pools, admin levels) are offered too,
 * under the screen they are reached from.
 */
export function MenuSearch({ menu }: { menu: readonly MenuNode[] }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(0);
  const input = useRef<InputRef>(null);
  const list = useRef<HTMLDivElement>(null);
  const listId = useId();

  const routes = useSessionStore((s) => s.routes);
  const entries = useMemo(() => withHiddenScreens(searchEntries(menu), routes), [menu, routes]);
  const results = useMemo(
    () =>
      entries.filter((e) =>
        matchEntry(query, [
          t(`route:${e.title}`),
          ...e.parents.map((p) => t(`route:${p}`)),
          e.path,
          e.hidden ? t(`search.aliases.${e.title}`, { defaultValue: '' }) : '',
        ]),
      ),
    [entries, query, t],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => setCursor(0), [query]);
  useEffect(() => {
    list.current?.querySelector('[data-cursor="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [cursor]);

  const go = (path: string | undefined) => {
    if (!path) return;
    setOpen(false);
    setQuery('');
    navigate(path);
  };

  return (
    <>
      <Tooltip title={`${t('search.title')} (${isMac ? '⌘' : 'Ctrl'}+K)`}>
        <Button type="text" className="header-action" icon={<SearchOutlined />} aria-label={t('search.title')} data-testid="menu-search" onClick={() => setOpen(true)} />
      </Tooltip>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        afterOpenChange={(o) => o && input.current?.focus()}
        footer={
          <div className="menu-search-footer">
            <span>
              <kbd>↑</kbd>
              <kbd>↓</kbd> {t('search.move')}
            </span>
            <span>
              <kbd>
                <EnterOutlined />
              </kbd>{' '}
              {t('search.open')}
            </span>
            <span>
              <kbd>Esc</kbd> {t('search.close')}
            </span>
          </div>
        }
        closable={false}
        width={560}
        destroyOnHidden
        // Named for screen readers; on screen the search field says what the dialog is for.
        title={<span className="sr-only">{t('search.title')}</span>}
        styles={{ body: { padding: 0 }, header: { margin: 0, padding: 0 } }}
      >
        <Input
          ref={input}
          size="large"
          variant="borderless"
          prefix={<SearchOutlined />}
          placeholder={t('search.placeholder')}
          value={query}
          allowClear
          // A combobox over the list below: the arrow keys move through the screens while typing goes on.
          role="combobox"
          aria-label={t('search.title')}
          aria-expanded
          aria-autocomplete="list"
          aria-controls={listId}
          aria-activedescendant={results.length ? `${listId}-${cursor}` : undefined}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setCursor((c) => Math.min(results.length - 1, c + 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setCursor((c) => Math.max(0, c - 1));
            } else if (e.key === 'Enter') {
              go(results[cursor]?.path);
            }
          }}
          data-testid="menu-search-input"
          style={{ padding: '12px 16px' }}
        />
        {/* Focusable too, so that a long list can be scrolled from the keyboard as well as walked with the arrows. */}
        <div className="menu-search-results" ref={list} role="listbox" id={listId} aria-label={t('search.results')} tabIndex={0}>
          {results.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.empty')} />
          ) : (
            results.map((e, i) => (
              <div
                key={e.path}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === cursor}
                data-cursor={i === cursor}
                className={`menu-search-item${i === cursor ? ' is-active' : ''}`}
                onMouseEnter={() => setCursor(i)}
                onClick={() => go(e.path)}
              >
                <span className="menu-search-icon">{routeIcon(e.icon)}</span>
                <span className="menu-search-text">
                  <span className="menu-search-title">{t(`route:${e.title}`)}</span>
                  {e.parents.length > 0 && <span className="menu-search-path">{e.parents.map((p) => t(`route:${p}`)).join(' / ')}</span>}
                </span>
                {i === cursor && <EnterOutlined className="menu-search-enter" />}
              </div>
            ))
          )}
        </div>
      </Modal>
    </>
  );
}
