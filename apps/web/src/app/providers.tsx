import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { I18nextProvider } from 'react-i18next';
import i18n from '../locales';
import { useDialogTabWrap, useMenuFocusReturn } from '../components/keyboard-focus';
import { feedback, NOTIFICATION_SECONDS, setFeedback, TOAST_SECONDS } from '../lib/feedback';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { useDarkMode } from '../stores/use-dark-mode';
import { antdSize, applyThemeColorVars, buildAntdTheme } from '../lib/theme';

/** Hands antd's themed message/notification instances to code outside React (the API client). */
function FeedbackBridge() {
  const { message, notification } = AntApp.useApp();
  useEffect(() => {
    const previous = feedback();
    setFeedback({ message, notification });
    return () => setFeedback(previous);
  }, [message, notification]);
  return null;
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = (cb: () => void) => {
  const mq = window.matchMedia(reducedMotionQuery);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
};
const prefersReducedMotion = () => window.matchMedia(reducedMotionQuery).matches;

export function Providers({ children }: { children: ReactNode }) {
  const language = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  const themeColor = useSettingsStore((s) => s.themeColor);
  const dark = useDarkMode();

  useEffect(() => {
    // zh-cn weeks start on Monday (docs/product.md, "Preferences and defaults"); dayjs's zh-cn locale carries that.
    dayjs.locale(language === 'en' ? 'en' : 'zh-cn');
    document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
  }, [language]);

  useEffect(() => {
    // For what lives outside antd's tree (the progress bar).
    document.documentElement.style.setProperty('--console-primary', themeColor);
    // The colour's light shades 1–9 and dark shade as CSS variables for the shell (docs/product.md, "Preferences and defaults").
    applyThemeColorVars(themeColor);
  }, [themeColor]);

  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  useMenuFocusReturn();
  useDialogTabWrap();
  const antdTheme = useMemo(() => buildAntdTheme(themeColor, dark, reducedMotion), [themeColor, dark, reducedMotion]);

  useEffect(() => {
    // The theme colour outside antd (the tabs, the settings panel, the avatar) as the theme keeps it
    // readable in the current mode: text in the link colour, fills under white text in the primary.
    const tokens = theme.getDesignToken(antdTheme);
    document.documentElement.style.setProperty('--console-accent', tokens.colorLink);
    document.documentElement.style.setProperty('--console-fill', tokens.colorPrimary);
  }, [antdTheme]);

  useEffect(() => {
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);

  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider
        locale={language === 'en' ? enUS : zhCN}
        componentSize={antdSize(size)}
        theme={antdTheme}
        wave={{ disabled: reducedMotion }}
      >
        <AntApp
          message={{ duration: TOAST_SECONDS, maxCount: 3 }}
          notification={{ placement: 'topRight', duration: NOTIFICATION_SECONDS }}
        >
          <FeedbackBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
