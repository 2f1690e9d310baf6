import { useEffect } from 'react';

/**
 * A menu opened from a button gives focus back to that button when Escape closes it, so that a
 * keyboard user goes on from where they were: antd's dropdown menus close but leave focus on the
 * page, and the next Tab starts again from the top.
 */
export function useMenuFocusReturn() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !(document.activeElement instanceof HTMLElement) || !document.activeElement.closest('.ant-dropdown')) return;
      // The button of the open menu carries the open class until the menu has closed.
      const trigger = document.querySelector<HTMLElement>('.ant-dropdown-open');
      if (!trigger) return;
      setTimeout(() => {
        // Still on the closed menu's item, or already dropped to the page: nothing else took it.
        const now = document.activeElement;
        if (!now || now === document.body || now.closest('.ant-dropdown')) trigger.focus();
      }, 0);
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);
}

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

function tabbables(root: Element): HTMLElement[] {
  // (Browsers without checkVisibility count every control as shown.)
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && (el.checkVisibility?.({ checkVisibilityCSS: true }) ?? true));
}

/**
 * Tab and Shift+Tab go round inside an open dialog or drawer. antd sends focus back once it has
 * left, but only after it has left: from the last control a Tab first goes out of the page (to the
 * browser's own bar), which a keyboard user has to find their way back from.
 */
export function useDialogTabWrap() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
      const active = document.activeElement;
      const dialog = active?.closest('[role="dialog"][aria-modal="true"]');
      if (!active || !dialog) return;
      const stops = tabbables(dialog);
      const first = stops[0];
      const last = stops[stops.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && (active === first || active === dialog)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && active === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);
}
