import { describe, expect, it } from 'vitest';
import { formatTitle } from './title';

describe('formatTitle', () => {
  it('puts the page title before the brand', () => {
    expect(formatTitle('后台账号管理', '游戏平台运营后台')).toBe('后台账号管理 - 游戏平台运营后台');
  });
  it('shows the brand alone without a page title', () => {
    expect(formatTitle('', 'Game Platform Console')).toBe('Game Platform Console');
    expect(formatTitle(undefined, 'Game Platform Console')).toBe('Game Platform Console');
  });
});
