import { afterEach } from 'vitest';
import { configure } from '@testing-library/react';

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
