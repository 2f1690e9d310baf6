import { afterAll, describe, expect, it } from 'vitest';
import i18n from '../../locales';
import { formatTitle } from '../../lib/title';

/** What the shell puts in the browser tab (docs/product.md, "Users and languages"): "<page title> - <brand>" in the current language. */
const browserTitle = (titleKey: string | undefined) => formatTitle(titleKey ? i18n.t(`route:${titleKey}`) : '', i18n.t('common:brand'));

describe('browser title in the current language', () => {
  afterAll(() => i18n.changeLanguage('zh-cn'));

  it('translates the page title and the brand together', async () => {
    await i18n.changeLanguage('zh-cn');
    expect(browserTitle('dashboard')).toBe('仪表盘 - 游戏平台运营后台');
    expect(browserTitle('account')).toBe('后台账号管理 - 游戏平台运营后台');
    await i18n.changeLanguage('en');
    expect(browserTitle('dashboard')).toBe('Dashboard - Game Platform Console');
    expect(browserTitle('notFound')).toBe('Page not found - Game Platform Console');
  });

  it('is the brand alone for a screen without a title', async () => {
    await i18n.changeLanguage('en');
    expect(browserTitle(undefined)).toBe('Game Platform Console');
    await i18n.changeLanguage('zh-cn');
    expect(browserTitle(undefined)).toBe('游戏平台运营后台');
  });
});
