import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { buildAntdTheme, POPUP_Z_INDEX_BASE } from '../lib/theme';
import { WATERMARK_Z_INDEX } from './app-watermark';

describe('the watermark and the popup layers', () => {
  it('keeps the mark at the z-index 9999 and opens every antd popup (dialog, drawer, menu, toast) above it, in both themes', () => {
    expect(WATERMARK_Z_INDEX).toBe(9999);
    for (const dark of [false, true]) {
      const tokens = theme.getDesignToken(buildAntdTheme('#4080FF', dark));
      expect(tokens.zIndexPopupBase).toBe(POPUP_Z_INDEX_BASE);
      expect(tokens.zIndexPopupBase).toBeGreaterThan(WATERMARK_Z_INDEX);
    }
  });
});
