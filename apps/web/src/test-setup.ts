import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import i18n from './locales';
import { resetApiConfig, resetSessionExpiry } from './lib/api';
import { useAppStore } from './stores/app';
import { useDictStore } from './stores/dict';
import { useListPrefsStore } from './stores/list-prefs';
import { useSessionStore } from './stores/session';
import { useSettingsStore } from './stores/settings';

// jsdom lacks matchMedia, which antd's responsive helpers and the theme's "auto" mode read.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom lacks ResizeObserver, which antd's Avatar (the header's user menu) and others observe with.
if (typeof window !== 'undefined' && !window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// A screen of antd components renders slowly in jsdom on a busy machine (role queries walk the
// whole tree); the default wait of 1 s for it is too short there.
configure({ asyncUtilTimeout: 5_000 });

// Each test starts as a new browser tab would: nothing remembered in session storage (list screens
// keep their last state there).
afterEach(() => {
  if (typeof window !== 'undefined') window.sessionStorage.clear();
});

// The test files share their worker's jsdom and loaded modules (vitest.config.ts, isolate: false).
// This file runs before each of them, so each starts as a fresh page would: nothing stored, every
// store at its first state, the API client unconfigured, the default language; and each test ends
// with its rendered trees unmounted.
window.localStorage.clear();
window.sessionStorage.clear();
for (const store of [useAppStore, useDictStore, useListPrefsStore, useSessionStore, useSettingsStore] as const) {
  (store as { setState(s: unknown, replace: true): void }).setState(store.getInitialState(), true);
}
resetApiConfig();
resetSessionExpiry();
await i18n.changeLanguage(useAppStore.getState().language);
afterEach(() => cleanup());
