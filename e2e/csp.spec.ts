import { expect, type Page, test } from './fixtures';
import { ADMIN, pickFromMenu, signIn } from './support';

/**
 * The Content-Security-Policy (apps/server/src/plugins/security-headers.ts) fits everything the
 * console and /docs do: every screen, the watermark, the chart, dark mode, both languages, the
 * authenticator QR code and Swagger UI's "Try it out". Any violation the browser reports, or any
 * error a page throws, fails the test.
 */

interface Trouble {
  violations: string[];
  pageErrors: string[];
}

/** Collects what the browser refuses under the policy, on every page the test opens. */
async function watch(page: Page): Promise<Trouble> {
  const trouble: Trouble = { violations: [], pageErrors: [] };
  await page.exposeFunction('__cspViolation', (text: string) => trouble.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation;
      void report(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} on ${location.href}`);
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) trouble.violations.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => trouble.pageErrors.push(String(error)));
  return trouble;
}

const htmlHasDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test('the watcher sees a violation: an injected inline script is refused', async ({ page }) => {
  const trouble = await watch(page);
  await page.goto('/#/login');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.head.append(script);
  });
  await expect.poll(() => trouble.violations.length).toBeGreaterThan(0);
  expect(trouble.violations.join('\n')).toContain('script-src');
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});

test('every screen, theme and language of the console and /docs run under the policy', async ({ page }) => {
  const trouble = await watch(page);

  const first = await page.goto('/#/login');
  const csp = first?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(first?.headers()['x-frame-options']).toBe('DENY');

  // The admin has no authenticator: the binding step (its QR code) shows before the dashboard.
  await expect(page.getByPlaceholder('用户名')).toBeVisible();
  await signIn(page, ADMIN.account, ADMIN.password);
  await expect(page).toHaveURL(/#\/dashboard/);
  // The chart (a canvas) and the watermark (a canvas drawn into a data: image).
  await expect(page.getByTestId('dashboard-trend').locator('canvas')).toHaveCount(1);
  await expect(page.locator('.app-watermark-on')).toHaveCount(1);

  await page.getByTestId('side-menu').getByText('后台设置').click();
  await page.getByTestId('side-menu').getByText('后台账号管理').click();
  await expect(page).toHaveURL(/#\/background\/account/);
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  // The profile dialog.
  const dialog = page.getByRole('dialog');
  await pickFromMenu(page, page.getByTestId('user-menu'), '个人中心', (timeout) => expect(dialog).toBeVisible({ timeout }));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The settings drawer: dark mode on, and later off again.
  await page.getByTestId('settings-button').click();
  await page.getByTestId('settings-theme').getByText('深色').click();
  await expect.poll(() => htmlHasDark(page)).toBe(true);
  await page.keyboard.press('Escape');
  await page.goto('/#/dashboard');
  await expect(page.getByTestId('dashboard-trend').locator('canvas')).toHaveCount(1);

  // English, every screen again, and back.
  await pickFromMenu(page, page.getByTestId('language-select'), 'English', (timeout) => expect(page.locator('html')).toHaveAttribute('lang', 'en', { timeout }));
  await page.goto('/#/background/account');
  await expect(page.locator('.ant-pagination')).toContainText('/ page');
  // The report screens: filters, the trend chart, the totals; the ledger and Export management.
  await page.goto('/#/agent/report/daily');
  await expect(page.getByTestId('report-trend').locator('canvas')).toHaveCount(1);
  await expect(page.locator('.list-table-totals').first()).toBeVisible();
  await page.goto('/#/bill/report');
  await expect(page.getByTestId('bill-screen').locator('.ant-table-row').first()).toBeVisible();
  await page.goto('/#/background/export');
  await expect(page.getByTestId('export-list')).toBeVisible();
  await page.goto('/#/no-such-screen');
  await expect(page.getByRole('button', { name: /home/i })).toBeVisible();
  await page.goto('/#/401');
  await expect(page.getByRole('button', { name: /home/i })).toBeVisible();
  await page.goto('/#/dashboard');
  await pickFromMenu(page, page.getByTestId('language-select'), '简体中文', (timeout) => expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN', { timeout }));
  await page.getByTestId('settings-button').click();
  await page.getByTestId('settings-theme').getByText('浅色').click();
  await expect.poll(() => htmlHasDark(page)).toBe(false);
  await page.keyboard.press('Escape');

  // /docs: Swagger UI draws the document, and "Try it out" reaches the API (with the XSRF header).
  const docs = await page.goto('/docs/');
  expect(docs?.headers()['content-security-policy']).toBe(csp);
  const login = page.locator('.opblock').filter({ hasText: '/v1/operator/login' }).first();
  await login.locator('.opblock-summary').click();
  await login.getByRole('button', { name: 'Try it out' }).click();
  const answer = page.waitForResponse((res) => res.url().endsWith('/v1/operator/login'));
  await login.getByRole('button', { name: 'Execute' }).click();
  expect((await answer).status()).toBe(200);
  await expect(login.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');

  expect(trouble.violations).toEqual([]);
  expect(trouble.pageErrors).toEqual([]);
});
