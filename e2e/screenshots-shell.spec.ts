import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from './fixtures';
import { ADMIN, openMenuItem, signIn } from './support';

/**
 * Screenshots of the console shell for review by eye: the dashboard in the left, top and mix
 * layouts, light and dark, both languages, the settings drawer and the tab menu, and the phone
 * layout with its menu drawer. Written to $SHOTS_DIR (default /tmp/shots).
 */
const dir = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(dir, { recursive: true });

/** Signs in, then applies settings as the settings drawer and the language menu store them. */
async function signInWith(page: Page, settings: Record<string, unknown>, language: 'zh-cn' | 'en') {
  await page.goto('/#/login');
  await signIn(page, ADMIN.account, ADMIN.password);
  await page.evaluate(
    ([s, lang]) => {
      const merge = (key: string, values: Record<string, unknown>) => {
        const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":1}');
        localStorage.setItem(key, JSON.stringify({ ...stored, state: { ...stored.state, ...values } }));
      };
      merge('settings', s as Record<string, unknown>);
      merge('app', { language: lang });
    },
    [settings, language] as const,
  );
}

const cases = [
  { name: 'left-light-zh', settings: { layout: 'left', theme: 'light' }, lang: 'zh-cn' },
  { name: 'top-light-en', settings: { layout: 'top', theme: 'light' }, lang: 'en' },
  { name: 'mix-dark-zh', settings: { layout: 'mix', theme: 'dark' }, lang: 'zh-cn' },
  { name: 'left-dark-en', settings: { layout: 'left', theme: 'dark', themeColor: '#722ED1' }, lang: 'en' },
] as const;

for (const c of cases) {
  test(`shell: ${c.name}`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInWith(page, c.settings, c.lang);
    await page.goto('/#/background/account');
    await page.reload();
    await expect(page.getByTestId('tags-view').getByRole('tab')).toHaveCount(2);
    await page.goto('/#/dashboard');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await page.waitForTimeout(800);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: path.join(dir, `shell-${c.name}.png`) });

    const tab = page.getByTestId('tags-view').getByRole('tab').nth(1);
    await tab.click({ button: 'right' });
    await expect(openMenuItem(page, c.lang === 'en' ? 'Close all' : '关闭所有')).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `shell-${c.name}-tab-menu.png`) });
    await page.keyboard.press('Escape');

    await page.getByTestId('settings-button').click();
    await expect(page.locator('.settings-drawer').getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(dir, `shell-${c.name}-settings.png`) });
  });
}

test('shell: phone, menu drawer open', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWith(page, { layout: 'left', theme: 'light' }, 'en');
  await page.reload();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(dir, 'shell-phone-dashboard.png'), fullPage: true });
  await page.getByTestId('mobile-menu-button').click();
  await expect(page.locator('.app-mobile-drawer').getByTestId('side-menu')).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(dir, 'shell-phone-menu.png') });
});
