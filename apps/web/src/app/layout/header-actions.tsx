import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, Button, Dropdown, type MenuProps, Tooltip } from 'antd';
import {
  ApartmentOutlined,
  BookOutlined,
  CheckOutlined,
  FontSizeOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  HomeOutlined,
  LogoutOutlined,
  MoonOutlined,
  SettingOutlined,
  SunOutlined,
  TranslationOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { LANGUAGES, type Language, SIZES, type Size, useAppStore } from '../../stores/app';
import { useAgentUser, useSessionStore } from '../../stores/session';
import { useSettingsStore } from '../../stores/settings';
import { openApiDocs } from '../../lib/api';
import { HOME_PATH } from '../../lib/paths';
import { ProfileDialog } from './profile-dialog';

function useFullscreen(): [boolean, () => void, boolean] {
  const supported = typeof document !== 'undefined' && !!document.documentElement.requestFullscreen;
  const [on, setOn] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const sync = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  };
  return [on, toggle, supported];
}

export function FullscreenButton() {
  const { t } = useTranslation('layout');
  const [on, toggle, supported] = useFullscreen();
  if (!supported) return null;
  const label = on ? t('header.exitFullscreen') : t('header.fullscreen');
  return (
    <Tooltip title={label}>
      <Button type="text" className="header-action" icon={on ? <FullscreenExitOutlined /> : <FullscreenOutlined />} aria-label={label} data-testid="fullscreen" onClick={toggle} />
    </Tooltip>
  );
}

const check = (on: boolean) => (on ? <CheckOutlined /> : <span className="menu-check-space" />);

export function SizeSelect() {
  const { t } = useTranslation('layout');
  const size = useAppStore((s) => s.size);
  const setSize = useAppStore((s) => s.setSize);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: t(`size.${s}`), icon: check(s === size) })),
        onClick: ({ key }) => setSize(key as Size),
      }}
    >
      <Tooltip title={t('size.label')} placement="left">
        <Button type="text" className="header-action" icon={<FontSizeOutlined />} aria-label={t('size.label')} data-testid="size-select" />
      </Tooltip>
    </Dropdown>
  );
}

export function LanguageSelect() {
  const { t } = useTranslation('layout');
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((l) => ({ key: l, label: t(`common:language.${l}`), icon: check(l === language) })),
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      <Tooltip title={t('common:language.label')} placement="left">
        <Button type="text" className="header-action" icon={<TranslationOutlined />} aria-label={t('common:language.label')} data-testid="language-select" />
      </Tooltip>
    </Dropdown>
  );
}

/** One click between light and dark; "auto" is chosen in the settings drawer. */
export function ThemeToggle({ dark }: { dark: boolean }) {
  const { t } = useTranslation('layout');
  const setSetting = useSettingsStore((s) => s.setSetting);
  const label = dark ? t('settings:theme.light') : t('settings:theme.dark');
  return (
    <Tooltip title={label}>
      <Button type="text" className="header-action" icon={dark ? <SunOutlined /> : <MoonOutlined />} aria-label={label} data-testid="theme-toggle" onClick={() => setSetting('theme', dark ? 'light' : 'dark')} />
    </Tooltip>
  );
}

export function SettingsButton() {
  const { t } = useTranslation('layout');
  const setShow = useSettingsStore((s) => s.setShowSettings);
  return (
    <Tooltip title={t('settings:title')}>
      <Button type="text" className="header-action" icon={<SettingOutlined />} aria-label={t('settings:title')} data-testid="settings-button" onClick={() => setShow(true)} />
    </Tooltip>
  );
}

/**
 * Whose back office this is, for an agent user: their agent's code and name (the code alone on a
 * phone, where the profile dialog names the agent).
 */
export function AgentBadge({ code, name, compact }: { code: string; name: string; compact: boolean }) {
  const { t } = useTranslation('layout');
  const label = t('header.agent', { code, name });
  return (
    <span className="header-agent" data-testid="header-agent" role="note" aria-label={label} title={label}>
      <ApartmentOutlined aria-hidden />
      <span className="header-agent-code">{code}</span>
      {!compact && name ? <span className="header-agent-name">{name}</span> : null}
    </span>
  );
}

/**
 * The account menu: profile, home, documentation, log out. On a phone the header has no room for
 * the language and size selectors, so they move in here.
 */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const userInfo = useSessionStore((s) => s.userInfo);
  const logout = useSessionStore((s) => s.logout);
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const size = useAppStore((s) => s.size);
  const setSize = useAppStore((s) => s.setSize);
  const [profileOpen, setProfileOpen] = useState(false);
  const agentUser = useAgentUser();

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('common:nav.profile') },
    { key: 'home', icon: <HomeOutlined />, label: t('common:nav.home') },
    // The API document describes the operators' API and its page is opened with an operator's session.
    ...(agentUser ? [] : [{ key: 'document', icon: <BookOutlined />, label: t('common:nav.document') }]),
    // Groups rather than submenus: a submenu needs hover, which a phone does not have.
    ...(compact
      ? ([
          { type: 'divider' },
          {
            type: 'group',
            key: 'language',
            label: t('common:language.label'),
            children: LANGUAGES.map((l) => ({ key: `language:${l}`, label: t(`common:language.${l}`), icon: check(l === language) })),
          },
          {
            type: 'group',
            key: 'size',
            label: t('size.label'),
            children: SIZES.map((s) => ({ key: `size:${s}`, label: t(`size.${s}`), icon: check(s === size) })),
          },
        ] satisfies MenuProps['items'])
      : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('common:nav.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') setProfileOpen(true);
    // Home, not the dashboard: "/" leads to the dashboard or, for a user without it, to the first
    // screen they may open (buildPermittedRoutes), never to a 404.
    else if (key === 'home') navigate(HOME_PATH);
    else if (key === 'document') void openApiDocs();
    else if (key.startsWith('language:')) setLanguage(key.slice('language:'.length) as Language);
    else if (key.startsWith('size:')) setSize(key.slice('size:'.length) as Size);
    // Immediate, as in ant-design-pro: logging out is cheap to undo and a confirm only slows it.
    else if (key === 'logout') void logout();
  };

  const account = userInfo?.account ?? '';
  const shown = userInfo?.name || account;
  return (
    <>
      {agentUser && <AgentBadge code={agentUser.agent_code} name={agentUser.agent_name} compact={compact} />}
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        {/* Named by the user's name it shows, then what it opens: speech input finds it by what is on screen. */}
        <button type="button" className="header-user" data-testid="user-menu" aria-label={t('header.account', { name: shown })}>
          {/* The initial is drawn by the style sheet: it decorates, and the button's text stays the name it is called by. */}
          <Avatar size={28} className="header-avatar" aria-hidden data-initial={shown.slice(0, 1).toUpperCase() || undefined}>
            {shown ? null : <UserOutlined />}
          </Avatar>
          {!compact && <span className="header-user-name">{shown}</span>}
        </button>
      </Dropdown>
      <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} />
    </>
  );
}
