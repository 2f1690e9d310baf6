import { expect, type Page, test } from './fixtures';
import { ADMIN, openMenuItem, pickFromMenu, signIn, signInDirectly, signOut } from './support';

/**
 * The console shell (issue 4): layouts, tags view with kept-alive screens, settings drawer,
 * themes, sizes, languages, title, watermark, menu search, 404 and the phone layout.
 */

const ACCOUNT_PATH = '/background/account';
const keyword = (page: Page) => page.getByPlaceholder('搜索账号或姓名');
const tab = (page: Page, name: string) => page.getByTestId('tags-view').getByRole('tab', { name });
const stored = (page: Page, key: string) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '{}').state ?? {}, key);
const htmlHasDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const cssVar = (page: Page, name: string) => page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

async function login(page: Page) {
  await page.goto('/#/login');
  await signIn(page, ADMIN.account, ADMIN.password);
  await expect(page).toHaveURL(/#\/dashboard/);
}

/**
 * Tests tagged so check what a login through the form leaves behind (the watermark it switches
 * on); the others start on the dashboard already signed in.
 */
const FORM_LOGIN = '@form-login';

async function openSettings(page: Page) {
  await page.getByTestId('settings-button').click();
  await expect(page.getByRole('dialog').getByText('系统设置', { exact: true })).toBeVisible();
}

async function closeSettings(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.locator('.settings-drawer .ant-drawer-content')).toBeHidden();
}

async function reload(page: Page) {
  await page.reload();
  await expect(page.getByTestId('app-layout')).toBeVisible();
}

// The tests share nothing but the worker's server and change nothing on it (every setting they
// touch lives in the browser's storage): they share out over both workers, so this long file,
// near the end of the run, does not leave one worker idle while the other works through it.
test.describe.configure({ mode: 'parallel' });

test.describe('console shell', () => {
  // The rest of the browser tests ask for less motion (playwright.config.ts); the shell is checked as most people see it, animated.
  test.use({ reducedMotion: 'no-preference' });
  test.beforeEach(async ({ page }, testInfo) => {
    if (testInfo.tags.includes(FORM_LOGIN)) return login(page);
    await signInDirectly(page);
    await page.goto('/#/dashboard');
    await expect(page.getByTestId('app-layout')).toBeVisible();
  });

  test('starts with the default settings, the dashboard pinned, title and breadcrumb', { tag: FORM_LOGIN }, async ({ page }) => {
    expect(await stored(page, 'settings')).toMatchObject({
      layout: 'left',
      theme: 'light',
      themeColor: '#4080FF',
      tagsView: true,
      fixedHeader: true,
      sidebarLogo: false,
      // Switched on by the login (docs/product.md, "Session in the browser").
      watermarkEnabled: true,
    });
    expect(await stored(page, 'app')).toMatchObject({ size: 'default', language: 'zh-cn', sidebarStatus: 'opened', activeTopMenuPath: '/dashboard' });
    expect(await cssVar(page, '--color-primary-light-1')).toBe('#538dff');
    expect(await cssVar(page, '--color-primary-dark-2')).toBe('#1a67ff');
    await expect(page).toHaveTitle('仪表盘 - 游戏平台运营后台');
    await expect(tab(page, '仪表盘')).toBeVisible();
    // The pinned tab cannot be closed.
    await expect(tab(page, '仪表盘').locator('.tags-view-close')).toHaveCount(0);
    await expect(page.getByTestId('dashboard-greeting')).toContainText('Administrator');
    await expect(page.locator('.app-watermark-on')).toHaveCount(1);

    await page.getByTestId('side-menu').getByText('后台设置').click();
    await page.getByTestId('side-menu').getByText('后台账号管理').click();
    await expect(page).toHaveURL(new RegExp(`#${ACCOUNT_PATH}`));
    await expect(page).toHaveTitle('后台账号管理 - 游戏平台运营后台');
    await expect(page.getByTestId('breadcrumb')).toContainText('后台设置');
    await expect(page.getByTestId('breadcrumb')).toContainText('后台账号管理');
    await expect(tab(page, '后台账号管理')).toHaveAttribute('aria-selected', 'true');
  });

  test('the dashboard shows today, yesterday and 7-day figures and the daily trend of one currency', async ({ page }) => {
    const overview = page.getByTestId('dashboard-overview');
    await expect(overview.getByTestId('kpi-bet-amount')).toContainText('今日投注额');
    await expect(overview.getByTestId('kpi-bet-amount')).toContainText('近 7 日');
    await expect(overview.getByTestId('kpi-win-loss')).toContainText(/较昨日|昨日无数据可比/);
    await expect(overview.getByTestId('kpi-bettors')).toContainText('今日新增');
    await expect(overview.getByTestId('kpi-bets')).toContainText('RTP');
    // The trend is drawn (a canvas of the chart's size).
    await expect(page.getByTestId('dashboard-trend').locator('canvas')).toHaveCount(1);
    // Another currency and timezone: the figures follow.
    await overview.getByTestId('dashboard-currency').click();
    await page.getByTitle('USD · 美元').click();
    await expect(overview.getByTestId('kpi-bet-amount')).toContainText('$');
    await page.getByLabel('时区').click();
    await page.getByTitle('GMT+10:00').click();
    expect(await stored(page, 'dict')).toMatchObject({ timeZoneId: 5 });
    await expect(overview.getByTestId('kpi-bet-amount')).toContainText('$');
  });

  test('tabs keep a screen state while open, refresh and close drop it', async ({ page }) => {
    await page.goto(`/#${ACCOUNT_PATH}`);
    await keyword(page).fill('kept-alive');

    // Away and back through the tabs: the typed filter is still there.
    await tab(page, '仪表盘').click();
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await tab(page, '后台账号管理').click();
    await expect(keyword(page)).toHaveValue('kept-alive');

    // Refresh re-mounts the screen through /redirect: the state is gone, the tab stays.
    await pickFromMenu(page, () => tab(page, '后台账号管理').click({ button: 'right', timeout: 5_000 }), '刷新', (timeout) => expect(keyword(page)).toHaveValue('', { timeout }));
    await expect(page).toHaveURL(new RegExp(`#${ACCOUNT_PATH}$`));
    await expect(tab(page, '后台账号管理')).toBeVisible();

    // Closing the tab drops the state; opening the screen again starts fresh.
    await keyword(page).fill('closed-tab');
    await tab(page, '后台账号管理').locator('.tags-view-close').click();
    await expect(tab(page, '后台账号管理')).toHaveCount(0);
    await expect(page).toHaveURL(/#\/dashboard/);
    await page.getByTestId('side-menu').getByText('后台账号管理').click();
    await expect(keyword(page)).toHaveValue('');
  });

  test('a reload keeps the open tabs, each at its path and query', async ({ page }) => {
    const tabs = page.getByTestId('tags-view').getByRole('tab');
    await page.goto(`/#${ACCOUNT_PATH}`);
    await expect(tab(page, '后台账号管理')).toHaveAttribute('aria-selected', 'true');
    await page.goto('/#/agent/manage/index?keyword=CN01');
    await expect(tab(page, '代理管理')).toHaveAttribute('aria-selected', 'true');
    await reload(page);
    await expect(tabs).toHaveText(['仪表盘', '后台账号管理', '代理管理']);
    await tab(page, '后台账号管理').click();
    await expect(page).toHaveURL(new RegExp(`#${ACCOUNT_PATH}$`));
    // The screen mounts anew after the reload (its kept-alive state is gone): once it shows its
    // rows, the next tab is clicked, as a user who sees it would.
    await expect(tab(page, '后台账号管理')).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await tab(page, '代理管理').click();
    await expect(page).toHaveURL(/#\/agent\/manage\/index\?keyword=CN01$/);
    await expect(tab(page, '代理管理')).toHaveAttribute('aria-selected', 'true');
  });

  test('the tab menu closes others, left, right and all, never the pinned tab', async ({ page }) => {
    await page.goto(`/#${ACCOUNT_PATH}`);
    await expect(tab(page, '后台账号管理')).toBeVisible();
    const tabs = page.getByTestId('tags-view').getByRole('tab');
    const onlyPinnedLeft = (timeout: number) => expect(tabs).toHaveCount(1, { timeout });
    await pickFromMenu(page, () => tab(page, '仪表盘').click({ button: 'right', timeout: 5_000 }), '关闭其他', onlyPinnedLeft);
    await expect(page).toHaveURL(/#\/dashboard/);

    await page.goto(`/#${ACCOUNT_PATH}`);
    await tab(page, '后台账号管理').click({ button: 'right' });
    // Only the pinned tab is on its left, so there is nothing to close there.
    await expect(openMenuItem(page, '关闭左侧')).toHaveAttribute('aria-disabled', 'true');
    await expect(openMenuItem(page, '关闭右侧')).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0);
    await expect(tabs).toHaveCount(2);
    await pickFromMenu(page, () => tab(page, '仪表盘').click({ button: 'right', timeout: 5_000 }), '关闭右侧', onlyPinnedLeft);

    await page.goto(`/#${ACCOUNT_PATH}`);
    // The arrow's menu acts on the active tab: wait until the screen asked for is the active one.
    await expect(tab(page, '后台账号管理')).toHaveAttribute('aria-selected', 'true');
    await pickFromMenu(page, page.getByTestId('tags-more'), '关闭所有', onlyPinnedLeft);
    await expect(page).toHaveURL(/#\/dashboard/);
  });

  test('a kept-alive screen gets its scroll position back', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 360 });
    await page.goto(`/#${ACCOUNT_PATH}`);
    await expect(keyword(page)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(50);
    // A plain click event: Playwright's click would first scroll the sticky tab "into view",
    // moving the page before the switch, which no user's click does.
    await tab(page, '仪表盘').dispatchEvent('click');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await tab(page, '后台账号管理').dispatchEvent('click');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
  });

  test('theme, colour, tags view, fixed header, sidebar logo and watermark apply at once and survive a reload', { tag: FORM_LOGIN }, async ({ page }) => {
    await page.goto(`/#${ACCOUNT_PATH}`);
    const primary = page.locator('.ant-btn-primary').first();
    // The default #4080FF, darkened until the white text on a primary button reads at WCAG AA.
    await expect(primary).toHaveCSS('background-color', 'rgb(53, 106, 212)');
    expect(await cssVar(page, '--color-primary')).toBe('#4080ff');
    await openSettings(page);
    // The colour drives antd's token (a primary button) and the shell's shade variables at once.
    await page.locator('[data-color="#722ED1"]').click();
    await expect(primary).toHaveCSS('background-color', 'rgb(114, 46, 209)');
    expect(await cssVar(page, '--color-primary')).toBe('#722ed1');
    expect(await cssVar(page, '--color-primary-light-9')).toBe('#f1eafa');

    await page.getByTestId('settings-theme').getByText('深色').click();
    expect(await htmlHasDark(page)).toBe(true);
    await page.getByTestId('settings-tags-view').click();
    await page.getByTestId('settings-fixed-header').click();
    await page.getByTestId('settings-sidebar-logo').click();
    await page.getByTestId('settings-watermark').click();
    await closeSettings(page);

    const check = async () => {
      expect(await htmlHasDark(page)).toBe(true);
      expect(await cssVar(page, '--color-primary')).toBe('#722ed1');
      // The dark algorithm darkens the page and the surfaces.
      await expect(page.locator('.app-layout')).toHaveCSS('background-color', 'rgb(11, 13, 18)');
      await expect(page.locator('.app-navbar-wrap')).toHaveCSS('background-color', 'rgb(21, 23, 28)');
      await expect(page.getByTestId('tags-view')).toHaveCount(0);
      await expect(page.locator('.app-navbar-wrap')).toHaveCSS('position', 'static');
      await expect(page.getByTestId('sidebar-logo')).toBeVisible();
      await expect(page.locator('.app-watermark-on')).toHaveCount(0);
    };
    await check();
    await reload(page);
    await check();

    // "Auto" follows the operating system's colour scheme, both ways.
    await openSettings(page);
    await page.getByTestId('settings-theme').getByText('跟随系统').click();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => htmlHasDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => htmlHasDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await closeSettings(page);

    // Reset brings back every default.
    await openSettings(page);
    await page.getByTestId('settings-reset').click();
    await closeSettings(page);
    expect(await htmlHasDark(page)).toBe(false);
    expect(await cssVar(page, '--color-primary')).toBe('#4080ff');
    await expect(page.getByTestId('tags-view')).toBeVisible();
    await expect(page.locator('.app-navbar-wrap')).toHaveCSS('position', 'sticky');
    await expect(page.getByTestId('sidebar-logo')).toHaveCount(0);
    expect(await stored(page, 'settings')).toMatchObject({ layout: 'left', theme: 'light', themeColor: '#4080FF', tagsView: true, fixedHeader: true, sidebarLogo: false, watermarkEnabled: false });
  });

  test('the fixed header and tags stay in place while the page scrolls, and scroll away when not fixed', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 420 });
    await expect(page.getByTestId('dashboard-overview')).toBeVisible();
    const scrolledTops = async () => {
      await page.evaluate(() => window.scrollTo(0, 300));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
      return page.evaluate(() => ({
        header: document.querySelector('.app-navbar-wrap')!.getBoundingClientRect().top,
        tags: document.querySelector('.app-tags-bar')!.getBoundingClientRect().top,
        sider: document.querySelector('[data-testid="sider"]')!.getBoundingClientRect().top,
      }));
    };
    expect(await scrolledTops()).toEqual({ header: 0, tags: 56, sider: 0 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await openSettings(page);
    await page.getByTestId('settings-fixed-header').click();
    await closeSettings(page);
    const tops = await scrolledTops();
    expect(tops.header).toBeLessThan(0);
    expect(tops.tags).toBeLessThan(0);
    // The menu stays reachable either way.
    expect(tops.sider).toBe(0);
  });

  test('the watermark follows the setting, and the logout switches it off', { tag: FORM_LOGIN }, async ({ page }) => {
    await expect(page.locator('.app-watermark-on')).toHaveCount(1);
    // antd draws the mark as a background image over everything.
    const mark = page.locator('.app-watermark-on > div[style*="background-image"]');
    await expect(mark).toHaveCount(1);
    expect(await mark.evaluate((el) => getComputedStyle(el).zIndex)).toBe('9999');
    // A dialog opens above the mark and draws none of its own: the page's mark stays the only one,
    // under the dialog's mask, never over its fields.
    const dialog = page.getByRole('dialog');
    await pickFromMenu(page, page.getByTestId('user-menu'), '个人中心', (timeout) => expect(dialog).toBeVisible({ timeout }));
    expect(await page.locator('.ant-modal-wrap').evaluate((el) => Number(getComputedStyle(el).zIndex))).toBeGreaterThan(9999);
    await expect(page.locator('.ant-modal-root div[style*="background-image"]')).toHaveCount(0);
    await expect(mark).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await signOut(page);
    expect(await stored(page, 'settings')).toMatchObject({ watermarkEnabled: false });
  });

  test('top and mix layouts, the remembered module and the sidebar state', async ({ page }) => {
    // Every module fits in one top menu row at 1440 px (reports and business grouped), nothing behind "…".
    await page.setViewportSize({ width: 1440, height: 900 });
    // The sidebar state is remembered.
    await page.getByTestId('sidebar-toggle').click();
    await expect(page.getByTestId('sider')).toHaveCSS('width', '64px');
    await reload(page);
    await expect(page.getByTestId('sider')).toHaveCSS('width', '64px');
    await page.getByTestId('sidebar-toggle').click();
    await expect(page.getByTestId('sider')).toHaveCSS('width', '220px');

    await openSettings(page);
    await page.locator('[data-layout="top"]').click();
    await closeSettings(page);
    await expect(page.getByTestId('sider')).toHaveCount(0);
    await expect(page.getByTestId('top-menu')).toContainText('后台设置');
    for (const module of ['仪表盘', '报表', '业务管理', '日志管理', '运维管理', '后台设置']) {
      await expect(page.getByTestId('top-menu').getByRole('menuitem', { name: new RegExp(`(^|\\s)${module}$`) })).toBeVisible();
    }
    await expect(page.getByTestId('top-menu').locator('.ant-menu-overflow-item-rest:visible')).toHaveCount(0);

    await openSettings(page);
    await page.locator('[data-layout="mix"]').click();
    await closeSettings(page);
    const top = page.getByTestId('top-menu');
    await expect(top).toContainText('仪表盘');
    // The dashboard has no children: no sidebar beside it.
    await expect(page.getByTestId('sider')).toHaveCount(0);
    await top.getByText('后台设置').click();
    await expect(page).toHaveURL(new RegExp(`#${ACCOUNT_PATH}`));
    await expect(page.getByTestId('sider').getByText('后台账号管理')).toBeVisible();
    expect(await stored(page, 'app')).toMatchObject({ activeTopMenuPath: '/background' });

    await reload(page);
    await expect(page.getByTestId('app-layout')).toHaveAttribute('data-layout', 'mix');
    await expect(page.getByTestId('top-menu').locator('.ant-menu-item-selected')).toContainText('后台设置');
    await expect(page.getByTestId('sider').getByText('后台账号管理')).toBeVisible();
  });

  test('size selector changes antd component sizes and is remembered', async ({ page }) => {
    await page.goto(`/#${ACCOUNT_PATH}`);
    const search = page.getByRole('button', { name: /查\s*询/ });
    await expect(search).toHaveCSS('height', '32px');
    await pickFromMenu(page, page.getByTestId('size-select'), '大', (timeout) => expect(search).toHaveCSS('height', '40px', { timeout }));
    await reload(page);
    await expect(page.getByRole('button', { name: /查\s*询/ })).toHaveCSS('height', '40px');
    const smallSearch = page.getByRole('button', { name: /查\s*询/ });
    await pickFromMenu(page, page.getByTestId('size-select'), '小', (timeout) => expect(smallSearch).toHaveCSS('height', '24px', { timeout }));
  });

  test('language switch changes every text, antd and dates, and is remembered', async ({ page }) => {
    await page.goto(`/#${ACCOUNT_PATH}`);
    await pickFromMenu(page, page.getByTestId('language-select'), 'English', (timeout) => expect(page.locator('html')).toHaveAttribute('lang', 'en', { timeout }));
    await expect(page).toHaveTitle('Backend account management - Game Platform Console');
    await expect(page.getByTestId('side-menu')).toContainText('Backend settings');
    await expect(tab(page, 'Dashboard')).toBeVisible();
    // antd's own texts follow (pagination).
    await expect(page.locator('.ant-pagination')).toContainText('/ page');
    await reload(page);
    await expect(page).toHaveTitle('Backend account management - Game Platform Console');
    await tab(page, 'Dashboard').click();
    // dayjs speaks English on the dashboard date.
    await expect(page.getByTestId('dashboard')).toContainText(/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)/);
    await pickFromMenu(page, page.getByTestId('language-select'), '简体中文', (timeout) => expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN', { timeout }));
    await expect(page).toHaveTitle('仪表盘 - 游戏平台运营后台');
    await expect(page.getByTestId('dashboard')).toContainText(/星期/);
  });

  test('menu search finds a screen by name and opens it with the keyboard', async ({ page }) => {
    await page.keyboard.press('Control+k');
    await page.getByTestId('menu-search-input').fill('账号');
    await expect(page.locator('.menu-search-item')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`#${ACCOUNT_PATH}`));
    await page.getByTestId('menu-search').click();
    await page.getByTestId('menu-search-input').fill('no such screen');
    await expect(page.getByText('没有匹配的菜单')).toBeVisible();
  });

  test('an unknown path shows the 404 page with a way back', async ({ page }) => {
    await page.goto('/#/no/such/page');
    await expect(page).toHaveURL(/#\/404/);
    await expect(page.getByTestId('error-404')).toContainText('页面不存在');
    await expect(page).toHaveTitle('页面不存在 - 游戏平台运营后台');
    await page.getByTestId('error-home').click();
    await expect(page).toHaveURL(/#\/dashboard/);
  });

  test('the user menu opens the API document in a new tab, with the session the document may ask for', async ({ page, context }) => {
    const opened = context.waitForEvent('page');
    const ticket = page.waitForResponse((res) => new URL(res.url()).pathname === '/docs/session');
    let asked = false;
    void ticket.then(() => (asked = true));
    await pickFromMenu(page, page.getByTestId('user-menu'), '文档', (timeout) => expect.poll(() => asked, { timeout }).toBe(true));
    expect((await ticket).status()).toBe(204);
    const docs = await opened;
    await expect(docs).toHaveURL(/\/docs/);
    await expect(docs.locator('.swagger-ui .info .title')).toBeVisible();
  });

  test('the 401 page offers home and another login', async ({ page }) => {
    await page.goto('/#/401');
    await expect(page.getByTestId('error-401')).toContainText('无权访问');
    await page.getByTestId('error-home').click();
    await expect(page).toHaveURL(/#\/dashboard/);
  });
});

test.describe('phone layout', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('at 390×844 the menu is a drawer that closes on navigation and nothing overflows', async ({ page }) => {
    await login(page);
    await expect(page.getByTestId('app-layout')).toHaveAttribute('data-layout', 'mobile');
    expect(await stored(page, 'app')).toMatchObject({ device: 'mobile' });
    await expect(page.getByTestId('sider')).toHaveCount(0);
    // Only what fits stays in the header; language and size move into the user menu.
    await expect(page.getByTestId('fullscreen')).toHaveCount(0);
    await expect(page.getByTestId('language-select')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByTestId('mobile-menu-button').click();
    const drawer = page.locator('.app-mobile-drawer');
    await expect(drawer.getByTestId('side-menu')).toBeVisible();
    await drawer.getByText('后台设置').click();
    await drawer.getByText('后台账号管理').click();
    await expect(page).toHaveURL(new RegExp(`#${ACCOUNT_PATH}`));
    await expect(drawer.locator('.ant-drawer-content')).toBeHidden();
    await expect(keyword(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The settings drawer and the language choice are usable on the phone.
    await pickFromMenu(page, page.getByTestId('user-menu'), 'English', (timeout) => expect(page.locator('html')).toHaveAttribute('lang', 'en', { timeout }));
    await expect(page).toHaveTitle('Backend account management - Game Platform Console');
    await page.getByTestId('settings-button').click();
    // The drawer's heading, not the settings button's tooltip of the same text.
    await expect(page.getByRole('dialog').getByText('Settings', { exact: true })).toBeVisible();
  });
});
