import { useCallback, useState } from 'react';

/** The width a phone's row keeps for the columns that scroll between the pinned ones: a figure and its padding. */
export const MIN_SCROLL_ROOM = 80;

/**
 * Whether a phone's table has room to pin its key column (the header cells marked
 * `list-table-key-col`) beside the column pinned right: a screen whose actions are a row of text
 * buttons would leave the columns between them no width at all, so there the key column scrolls
 * with the rest (and is not narrowed). Pinned, the key column is at its narrowest, so once there
 * is no room an unpinned one finds none either: the answer never flips back and forth. Returns
 * the answer (true until measured) and the ref for the element that holds the table.
 */
export function usePinRoom<T extends HTMLElement>(active: boolean): [boolean, (root: T | null) => (() => void) | undefined] {
  const [room, setRoom] = useState(true);
  const ref = useCallback(
    (root: T | null) => {
      if (!root) return undefined;
      if (!active) {
        setRoom(true);
        return undefined;
      }
      const measure = () => {
        const scroller = root.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
        // Not laid out (a hidden tab), or nothing to scroll: nothing to decide.
        if (!scroller || scroller.clientWidth === 0 || scroller.scrollWidth <= scroller.clientWidth) return;
        const width = (selector: string) => [...root.querySelectorAll<HTMLElement>(selector)].reduce((sum, th) => sum + th.offsetWidth, 0);
        setRoom(scroller.clientWidth - width('thead th.list-table-key-col') - width('thead th.ant-table-cell-fix-end') >= MIN_SCROLL_ROOM);
      };
      measure();
      // Rows arrive, columns are switched on and off, the phone turns: each may change the widths.
      const resize = new ResizeObserver(measure);
      resize.observe(root);
      const rows = new MutationObserver(measure);
      rows.observe(root, { childList: true, subtree: true });
      return () => {
        resize.disconnect();
        rows.disconnect();
      };
    },
    [active],
  );
  return [room, ref];
}
