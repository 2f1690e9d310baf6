import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { ADMIN, adminApi, pickFromMenu, signIn } from './support';

/**
 * Screenshots of the login screen (both tabs) and the account screen, and of an agent user's daily
 * report, in both languages, both themes, on a desktop and on a 390-px phone, for review by eye.
 * Written to $SHOTS_DIR (default /tmp/shots).
 */
const dir = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(dir, { recursive: true });

const languages = [
  { lang: 'zh-cn', username: '用户名', password: '密码', code: '验证码', skip: '暂不绑定', agentTab: '代理登录', agentCode: '代理代码' },
  { lang: 'en', username: 'Username', password: 'Password', code: 'Verify Code', skip: 'Skip for now', agentTab: 'Agent', agentCode: 'Agent code' },
] as const;
/** An agent user of the demo platform (every demo agent has an enabled `<code>_admin`). */
const DEMO_AGENT = { code: 'CN01', account: 'cn01_admin', password: 'agent123' };
const themes = ['light', 'dark'] as const;
const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test.beforeAll(async ({ request }) => {
  // Some rows worth looking at.
  const admin = await adminApi(request);
  const existing = await admin.findUser('ops.li');
  if (!existing) {
    await admin.addUser('ops.li', 'demo-pass-1', '1,13,1301', { name: '李运营', phone: '13800138000' });
    await admin.addUser('finance.wang', 'demo-pass-1', '1,5,501,502,503', { name: '王财务' });
    const id = await admin.addUser('cs.zhao', 'demo-pass-1', '1', { name: '赵客服' });
    await admin.call('user/status/edit', { user_id: id, status: 2 });
  }
});

for (const l of languages) {
  for (const theme of themes) {
    for (const vp of viewports) {
      test(`login and accounts: ${l.lang}, ${theme}, ${vp.name}`, async ({ page }) => {
        await page.setViewportSize({ width: vp.width, height: vp.height });
        const shot = (name: string) => page.screenshot({ path: path.join(dir, `${name}-${l.lang}-${theme}-${vp.name}.png`) });

        await page.goto('/#/login');
        // Through the login page's own controls, which persist the choices.
        if (l.lang === 'en') {
          await pickFromMenu(page, page.getByTestId('language-switch'), 'English', (timeout) => expect(page.locator('html')).toHaveAttribute('lang', 'en', { timeout }));
        }
        if (theme === 'dark') await page.getByRole('button', { name: l.lang === 'en' ? 'Dark mode' : '深色模式' }).click();
        await expect(page.getByPlaceholder(l.username)).toBeVisible();
        await page.mouse.move(0, 0);
        await shot('login');

        await page.getByRole('button', { name: l.lang === 'en' ? 'Log in' : /^登\s*录$/ }).click();
        await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
        await shot('login-validation');

        // The agent users' tab, then back to the operators' one.
        await page.getByRole('tab', { name: l.agentTab }).click();
        await expect(page.locator('form#agent-login').getByPlaceholder(l.agentCode)).toBeVisible();
        await page.waitForTimeout(300);
        await shot('login-agent');
        await page.getByRole('tab').first().click();
        await expect(page.locator('form#account-login')).toBeVisible();

        await page.getByPlaceholder(l.username).fill(ADMIN.account);
        await page.getByPlaceholder(l.password, { exact: true }).fill(ADMIN.password);
        await page.getByPlaceholder(l.code).fill('000000');
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('bind-authenticator')).toBeVisible();
        await expect(page.getByTestId('totp-secret')).toBeVisible();
        await expect(page.getByTestId('bind-authenticator').getByRole('textbox')).toBeEnabled();
        // Let the buttons finish their colour transition from the disabled state.
        await page.waitForTimeout(400);
        await shot('login-bind');
        await page.getByRole('button', { name: l.skip }).click();
        await expect(page.getByTestId('user-menu')).toBeVisible();

        await page.goto('/#/background/account');
        await expect(page.getByText('ops.li', { exact: true })).toBeVisible();
        await page.waitForTimeout(400);
        await shot('accounts');

        // An agent user (a demo agent's administrator) on their agent tree's daily report.
        await page.evaluate(() => localStorage.removeItem('token'));
        await page.reload();
        await page.goto('/#/login');
        await page.getByRole('tab', { name: l.agentTab }).click();
        const agentForm = page.locator('form#agent-login');
        await agentForm.locator('#agent-login_agentCode').fill(DEMO_AGENT.code);
        await agentForm.locator('#agent-login_account').fill(DEMO_AGENT.account);
        await agentForm.locator('#agent-login_password').fill(DEMO_AGENT.password);
        await agentForm.locator('#agent-login_googleCode').fill('000000');
        await agentForm.locator('#agent-login_googleCode').press('Enter');
        const bind = page.getByTestId('bind-authenticator');
        await expect(bind.or(page.getByTestId('user-menu'))).toBeVisible();
        if (await bind.isVisible()) await page.getByRole('button', { name: l.skip }).click();
        await expect(page.getByTestId('header-agent')).toBeVisible();
        await page.goto('/#/agent/report/daily');
        await expect(page.locator('.ant-table-row').first()).toBeVisible();
        await expect(page.getByTestId('table-skeleton')).toHaveCount(0);
        // The trend chart drawn, and the login's toast gone.
        await expect(page.getByTestId('report-trend').locator('.ant-skeleton')).toHaveCount(0);
        await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 8_000 });
        // No header's tooltip under where the login's tab was clicked.
        await page.mouse.move(0, 0);
        await page.waitForTimeout(600);
        await shot('agent-daily');
      });
    }
  }
}

test('account dialogs: zh-cn, light, desktop', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/#/background/account');
  await signIn(page, ADMIN.account, ADMIN.password);
  await page.getByRole('button', { name: '新增账号' }).click();
  await expect(page.getByTestId('permission-tree')).toBeVisible();
  await page.screenshot({ path: path.join(dir, 'account-add-zh-cn-light-desktop.png') });
  await page.keyboard.press('Escape');
  const row = page.getByRole('row').filter({ has: page.getByText('ops.li', { exact: true }) });
  await row.getByRole('button', { name: '权限设置' }).click();
  await expect(page.getByRole('dialog').getByTestId('permission-tree')).toBeVisible();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(dir, 'account-permissions-zh-cn-light-desktop.png') });
});
