import type { ReactNode } from 'react';
import { Watermark } from 'antd';
import { useSessionStore } from '../stores/session';
import { useSettingsStore } from '../stores/settings';

/**
 * The watermark's look (docs/product.md, "Preferences and defaults"). Its z-index puts it over the
 * whole page and under antd's popup layers, which start at POPUP_Z_INDEX_BASE (lib/theme.ts).
 */
export const WATERMARK_Z_INDEX = 9999;
export const WATERMARK_GAP: [number, number] = [300, 300];
export const watermarkColor = (dark: boolean) => (dark ? 'rgba(255, 255, 255, 0.15)' : 'rgba(0, 0, 0, 0.15)');

/**
 * Stamps the logged-in account over the page (docs/product.md, "Users and languages"): a screenshot of the console
 * then tells whose session it came from. Dialogs, drawers and menus open above it, and draw no mark
 * of their own (antd's `inherit` off): the page's mark shows around them, under their mask, so
 * the account's name never lies over a dialog's fields and is never drawn twice.
 */
export function AppWatermark({ dark, children }: { dark: boolean; children: ReactNode }) {
  const enabled = useSettingsStore((s) => s.watermarkEnabled);
  const account = useSessionStore((s) => s.userInfo?.account ?? '');
  const on = enabled && !!account;
  return (
    <Watermark
      content={on ? account : undefined}
      zIndex={WATERMARK_Z_INDEX}
      gap={WATERMARK_GAP}
      font={{ color: watermarkColor(dark), fontSize: 16 }}
      rotate={-22}
      inherit={false}
      // antd clips the marks with overflow: hidden, which would also stop the sticky header and
      // sidebar inside from sticking; `clip` clips the same without making a scroll container.
      style={{ minHeight: '100vh', overflow: 'clip' }}
      className={on ? 'app-watermark app-watermark-on' : 'app-watermark'}
    >
      {children}
    </Watermark>
  );
}
