import { useSyncExternalStore } from 'react';
import { useSettingsStore } from './settings';

const darkQuery = '(prefers-color-scheme: dark)';

function subscribeSystemTheme(cb: () => void) {
  const mq = window.matchMedia(darkQuery);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}

const systemPrefersDark = () => window.matchMedia(darkQuery).matches;

/** Whether the dark theme is in effect: chosen explicitly, or "auto" following the system. */
export function useDarkMode(): boolean {
  const mode = useSettingsStore((s) => s.theme);
  const systemDark = useSyncExternalStore(subscribeSystemTheme, systemPrefersDark, () => false);
  return mode === 'dark' || (mode === 'auto' && systemDark);
}
