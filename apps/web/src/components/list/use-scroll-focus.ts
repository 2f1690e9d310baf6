import { useCallback } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * A table wider than its place scrolls sideways inside it (on a phone, most do). Keyboard users
 * scroll a region by focusing it, so a scrolling table with nothing focusable in its rows becomes
 * a named, focusable region while it overflows, and stops being one once it fits. Returns the ref
 * for the element that holds the table (or tables).
 */
export function useScrollFocus<T extends HTMLElement>(label: string): (root: T | null) => (() => void) | undefined {
  return useCallback(
    (root: T | null) => {
      if (!root) return undefined;
      const update = () => {
        for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
          const needed = (el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight) && !el.querySelector(FOCUSABLE);
          if (needed) {
            if (el.tabIndex !== 0) el.tabIndex = 0;
            el.setAttribute('role', 'region');
            el.setAttribute('aria-label', label);
          } else if (el.hasAttribute('tabindex')) {
            el.removeAttribute('tabindex');
            el.removeAttribute('role');
            el.removeAttribute('aria-label');
          }
        }
      };
      update();
      // Rows arrive, columns are switched on and off, the window turns: each may change the width.
      const resize = new ResizeObserver(update);
      resize.observe(root);
      const rows = new MutationObserver(update);
      rows.observe(root, { childList: true, subtree: true });
      return () => {
        resize.disconnect();
        rows.disconnect();
      };
    },
    [label],
  );
}
