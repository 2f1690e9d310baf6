import { type CSSProperties, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { App, Button, Divider, Dropdown, Modal, Spin, Tabs, theme, Tooltip } from 'antd';
import {
  AuditOutlined,
  BarChartOutlined,
  MobileOutlined,
  MoonOutlined,
  SafetyOutlined,
  SunOutlined,
  TranslationOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { LANGUAGES, type Language, useAppStore } from '../../stores/app';
import { mustBindFirst, type SessionKind, type UserInfo, useSessionStore } from '../../stores/session';
import { useSettingsStore } from '../../stores/settings';
import { safeRedirectTarget } from '../../lib/paths';
import { useDarkMode } from '../../stores/use-dark-mode';
import { AccountForm } from './account-form';
import { AgentForm } from './agent-form';
import { SmsForm } from './sms-form';
import styles from './login.module.css';

type Mode = 'account' | 'sms';

// Only users without an authenticator ever see this step, so its QR code and texts load on demand.
const BindAuthenticator = lazy(() => import('./bind-authenticator').then((m) => ({ default: m.BindAuthenticator })));

function HeroChart() {
  return (
    <svg className={styles.heroChart} viewBox="0 0 400 160" fill="none" aria-hidden="true">
      <path d="M0 140 L60 118 L110 126 L170 84 L230 96 L290 52 L340 62 L400 18" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M0 140 L60 118 L110 126 L170 84 L230 96 L290 52 L340 62 L400 18 L400 160 L0 160 Z" fill="url(#heroFill)" />
      <defs>
        <linearGradient id="heroFill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff" stopOpacity="0.35" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </linearGradient>
      </defs>
    </svg>
  );
}

export default function LoginScreen() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token: design } = theme.useToken();
  const language = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const setSetting = useSettingsStore((s) => s.setSetting);
  const sessionToken = useSessionStore((s) => s.token);
  const userInfo = useSessionStore((s) => s.userInfo);
  // Opens on the tab of the last session: an agent user who logged out or whose session ended
  // comes back to the agent tab.
  const lastKind = useSessionStore((s) => s.kind);
  const [tab, setTab] = useState<SessionKind>(lastKind);

  const [mode, setMode] = useState<Mode>('account');
  const [forgotOpen, setForgotOpen] = useState(false);
  // The dialog mounts on first use (and then stays, for its closing animation): a closed antd
  // Modal still renders and generates its styles, work the first paint of the form can skip.
  const [forgotUsed, setForgotUsed] = useState(false);
  // A user the server holds back until they bind lands here with a session; resume binding.
  const [binding, setBinding] = useState(() => !!sessionToken && mustBindFirst(userInfo));
  const showBind = binding && !!sessionToken;
  const dark = useDarkMode();

  function openForgot() {
    setForgotUsed(true);
    setForgotOpen(true);
  }

  function proceed() {
    setBinding(false);
    navigate(safeRedirectTarget(params.get('redirect')), { replace: true });
  }

  function onLoggedIn(info: UserInfo) {
    message.success(t('loginSuccess'));
    if (!info.google_bound) setBinding(true);
    else proceed();
  }

  const vars = {
    '--login-bg': design.colorBgLayout,
    '--login-card': design.colorBgContainer,
    '--login-border': design.colorBorderSecondary,
    '--login-text': design.colorText,
    '--login-heading': design.colorTextHeading,
    '--login-muted': design.colorTextSecondary,
    '--login-primary': design.colorPrimary,
    '--login-primary-deep': design.colorPrimaryActive,
    '--login-glow': dark ? 'rgba(64, 128, 255, 0.10)' : 'rgba(64, 128, 255, 0.12)',
    '--login-shadow': dark ? '0 24px 48px rgba(0, 0, 0, 0.45)' : '0 24px 48px rgba(31, 56, 110, 0.10)',
  } as CSSProperties;

  const logo = `${import.meta.env.BASE_URL}favicon.svg`;

  return (
    <div className={styles.page} style={vars}>
      <div className={styles.toolbar}>
        <Tooltip title={t(dark ? 'common:theme.light' : 'common:theme.dark')}>
          <Button
            type="text"
            shape="circle"
            aria-label={t(dark ? 'common:theme.light' : 'common:theme.dark')}
            icon={dark ? <SunOutlined /> : <MoonOutlined />}
            onClick={() => setSetting('theme', dark ? 'light' : 'dark')}
          />
        </Tooltip>
        <Dropdown
          menu={{
            items: LANGUAGES.map((l) => ({ key: l, label: t(`common:language.${l}`) })),
            selectable: true,
            selectedKeys: [language],
            onClick: ({ key }) => setLanguage(key as Language),
          }}
          placement="bottomRight"
        >
          <Button type="text" icon={<TranslationOutlined />} data-testid="language-switch">
            {t(`common:language.${language}`)}
          </Button>
        </Dropdown>
      </div>

      <main className={styles.main}>
        <div className={styles.shell}>
          <aside className={styles.hero}>
            <div className={styles.heroBrand}>
              <img src={logo} alt="" />
              <span>{t('common:brand')}</span>
            </div>
            <h2 className={styles.heroTitle}>{t('heroTitle')}</h2>
            <p className={styles.heroText}>{t('heroText')}</p>
            <ul className={styles.heroPoints}>
              <li>
                <span><BarChartOutlined /></span>
                <span>{t('heroPoints.reports')}</span>
              </li>
              <li>
                <span><SafetyOutlined /></span>
                <span>{t('heroPoints.security')}</span>
              </li>
              <li>
                <span><AuditOutlined /></span>
                <span>{t('heroPoints.audit')}</span>
              </li>
            </ul>
            <HeroChart />
          </aside>

          <section className={styles.panel}>
            <div className={styles.panelBrand}>
              <img src={logo} alt="" />
              <span>{t('common:brand')}</span>
            </div>
            {showBind ? (
              <>
                <h1 className={styles.heading}>{t('bind.title')}</h1>
                <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
                  <BindAuthenticator required={!!userInfo?.must_bind_google} onDone={proceed} />
                </Suspense>
              </>
            ) : (
              <>
                <h1 className={styles.heading}>{t('welcome')}</h1>
                <Tabs
                  className={styles.tabs}
                  activeKey={tab}
                  onChange={(key) => setTab(key as SessionKind)}
                  // Only the open tab's form is in the page: two forms would hold two fields of each name.
                  destroyOnHidden
                  items={[
                    {
                      key: 'operator',
                      label: t('tab.operator'),
                      children: (
                        <>
                          <p className={styles.subheading}>{mode === 'account' ? t('accountLogin') : t('smsLogin')}</p>
                          {mode === 'account' ? <AccountForm onLoggedIn={onLoggedIn} onForgot={openForgot} /> : <SmsForm onLoggedIn={onLoggedIn} />}
                          <div className={styles.other}>
                            <Divider plain>
                              <span style={{ color: design.colorTextTertiary, fontSize: 12 }}>{t('otherMethods')}</span>
                            </Divider>
                            {mode === 'account' ? (
                              <Button block icon={<MobileOutlined />} onClick={() => setMode('sms')}>
                                {t('smsLogin')}
                              </Button>
                            ) : (
                              <Button block icon={<UserOutlined />} onClick={() => setMode('account')}>
                                {t('backToAccount')}
                              </Button>
                            )}
                          </div>
                        </>
                      ),
                    },
                    {
                      key: 'agent',
                      label: t('tab.agent'),
                      children: (
                        <>
                          <p className={styles.subheading}>{t('agentLogin')}</p>
                          <AgentForm onLoggedIn={onLoggedIn} onForgot={openForgot} />
                        </>
                      ),
                    },
                  ]}
                />
              </>
            )}
          </section>
        </div>
      </main>

      <footer className={styles.footer}>{t('copyright', { year: new Date().getFullYear() })}</footer>

      {forgotUsed ? (
        <Modal
          open={forgotOpen}
          title={t('forgotTitle')}
          onCancel={() => setForgotOpen(false)}
          footer={[
            // Agent users have no SMS login: their password is reset by their agent's administrator.
            tab === 'operator' ? (
              <Button
                key="sms"
                icon={<MobileOutlined />}
                onClick={() => {
                  setForgotOpen(false);
                  setMode('sms');
                }}
              >
                {t('useSmsLogin')}
              </Button>
            ) : null,
            <Button key="ok" type="primary" onClick={() => setForgotOpen(false)}>
              {t('common:action.ok')}
            </Button>,
          ]}
        >
          <p>{tab === 'agent' ? t('forgotTextAgent') : t('forgotText')}</p>
        </Modal>
      ) : null}
    </div>
  );
}
