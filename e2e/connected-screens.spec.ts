import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request, test } from './fixtures';
import { adminApi, signInDirectly } from './support';

/**
 * Nothing silently wrong in the daily tasks: the hidden screens found by the menu search, an agent
 * key's whitelist on the key screen, a wallet adjustment's way to its ledger entry, an export's
 * result that stays, the filters in effect as chips on a phone, and the login's word on the
 * verification code. Each screen changed here is checked with axe (WCAG 2.1 A/AA, serious and
 * critical).
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
async function expectAxeClean(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** Every later load in English (the console's remembered language). */
async function inEnglish(page: Page) {
  await page.addInitScript(() => {
    const stored = JSON.parse(localStorage.getItem('app') ?? '{"state":{}}');
    localStorage.setItem('app', JSON.stringify({ ...stored, state: { ...stored.state, language: 'en' } }));
  });
}

const isCall = (path: string) => (req: Request) => req.method() === 'POST' && new URL(req.url()).pathname === `/v1/operator/${path}`;

test.describe('connected screens', () => {
  test('the menu search finds the hidden prize pools and protection, in Chinese and English, and opens them', async ({ page }) => {
    await signInDirectly(page);
    await page.goto('/#/dashboard');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page.keyboard.press('Control+k');
    const input = page.getByTestId('menu-search-input');
    await input.fill('奖池');
    const option = page.getByRole('option');
    await expect(option).toHaveCount(1);
    await expect(option).toContainText('游戏奖池');
    await expect(option).toContainText('游戏管理 / 代理游戏配置');
    await expectAxeClean(page, '.ant-modal');
    await input.press('Enter');
    await expect(page).toHaveURL(/#\/game\/manage\/agent\/prize-pool$/);
    // It opens on an agent (the one shown last, else the first top agent), never empty.
    await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 20_000 });

    await inEnglish(page);
    await page.reload();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page.getByTestId('menu-search').click();
    await page.getByTestId('menu-search-input').fill('protection');
    await expect(page.getByRole('option')).toHaveCount(1);
    await expect(page.getByRole('option')).toContainText('Game management / Agent game config');
    await page.getByTestId('menu-search-input').press('Enter');
    await expect(page).toHaveURL(/#\/game\/manage\/agent\/protect$/);
  });

  test('an agent key shows its agent’s whitelist, or that an empty one admits no address, and leads to the agent', async ({ page }) => {
    await signInDirectly(page);
    await page.goto('/#/operation/key');
    const demo = page.locator('.ant-table-row').filter({ hasText: 'agt_demo_cn01' });
    await expect(demo.getByTestId('key-whitelist')).toContainText('203.0.113.0/24, 198.51.100.7');
    // A top agent of the demo with an empty whitelist: its key can answer no address.
    const empty = page.getByTestId('key-whitelist').filter({ hasText: '白名单为空：任何地址都不能调用' }).first();
    await expect(empty).toBeVisible();
    await expectAxeClean(page, 'main.app-content');
    // From the keyboard: the link is reached with Tab and followed with Enter.
    const link = demo.getByRole('link', { name: '编辑白名单' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/agent\/manage\/index\?keyword=CN01$/);
    await expect(page.locator('.ant-table-row').filter({ hasText: 'CN01' }).first()).toBeVisible();
    await expect(page.getByTestId('filter-chip-keyword')).toContainText('CN01');
  });

  test('a wallet adjustment links to its ledger entry, which the ledger shows with its filters as chips', async ({ page }) => {
    await signInDirectly(page);
    await page.goto('/#/player/manage/wallet');
    const row = page.locator('.ant-table-row').first();
    await expect(row).toBeVisible({ timeout: 20_000 });
    const account = (await row.locator('strong').first().textContent())!.trim();
    await row.getByRole('button', { name: /加\s*款/ }).click();
    const dialog = page.getByTestId('adjust-dialog');
    await dialog.getByLabel('金额').fill('1');
    await dialog.getByLabel('备注').fill('e2e 补偿');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await dialog.getByPlaceholder('再次输入金额').fill('1');
    const requestId = (await dialog.getByTestId('adjust-request-id').textContent())!.trim();
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    const result = page.getByTestId('adjust-result');
    await expect(result).toContainText(`已给 ${account} 加款`);
    await expect(result).toContainText(requestId);
    // It stays: a toast would be gone by now.
    await page.waitForTimeout(4_000);
    await expect(result).toBeVisible();
    await expectAxeClean(page, 'main.app-content');

    const listed = page.waitForRequest((req) => isCall('bill/list')(req) && (req.postDataJSON() as { order_id?: string }).order_id === requestId);
    await result.getByRole('link', { name: '在账变记录中查看此条' }).click();
    expect((await listed).postDataJSON()).toMatchObject({ order_id: requestId, type: 'manual_credit', player_account: account });
    const entries = page.getByTestId('bill-screen').locator('.ant-table-tbody .ant-table-row');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(account);
    await expect(entries.first()).toContainText('+1.00');
    await expect(page.getByTestId('filter-chip-order_id')).toContainText(requestId);
    await expect(page.getByTestId('filter-chip-type')).toContainText('人工加款');
  });

  test('an export’s result stays until closed, with its link reached from the keyboard', async ({ page }) => {
    await signInDirectly(page);
    await page.goto('/#/bill/report');
    const button = page.getByTestId('bill-export');
    await expect(button).toBeEnabled({ timeout: 20_000 });
    await button.focus();
    await page.keyboard.press('Enter');
    const notice = page.locator('.ant-notification-notice').filter({ hasText: '导出完成' });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    const link = notice.getByRole('button', { name: '导出管理' });
    // The button was disabled while the export ran, which dropped the focus: it is on the link now.
    await expect(link).toBeFocused();
    await page.waitForTimeout(6_000);
    await expect(notice).toBeVisible();
    await expectAxeClean(page, '.ant-notification');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/background\/export$/);
    await expect(notice).toHaveCount(0);
  });

  test('on a phone, an agent carried into a report shows as a chip above the table; cleared, the export is of every agent', async ({ page, request }) => {
    const api = await adminApi(request);
    const agents = await api.call<{ list: { id: number; code: string }[] }>('agent/quick');
    const cn01 = agents.list.find((a) => a.code === 'CN01')!;
    await page.setViewportSize({ width: 390, height: 844 });
    await signInDirectly(page);
    await page.goto(`/#/agent/report/daily?agent_id=${cn01.id}`);
    const chip = page.getByTestId('filter-chip-agent_id');
    await expect(chip).toContainText('代理：');
    await expect(chip).toContainText('(CN01)');
    await expect(chip).toBeInViewport();
    await expectAxeClean(page, 'main.app-content');
    await chip.getByRole('button', { name: /^移除筛选条件 代理/ }).click();
    await expect(page.getByTestId('filter-chip-agent_id')).toHaveCount(0);
    const exported = page.waitForRequest((req) => req.method() === 'POST' && new URL(req.url()).pathname.endsWith('/export'));
    await page.getByTestId('report-export').click();
    expect((await exported).postDataJSON()).toMatchObject({ agent_id: 0 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the login says under the verification code what an account without an authenticator types', async ({ page }) => {
    await page.goto('/#/login');
    const hint = page.getByTestId('verify-code-hint');
    await expect(hint).toHaveText('身份验证器中的 6 位动态码。尚未绑定验证器？输入任意 6 位数字即可，登录后将引导绑定。');
    const described = await page.getByPlaceholder('验证码').getAttribute('aria-describedby');
    expect(described?.split(' ')).toContain(await hint.locator('xpath=ancestor::*[@id][1]').getAttribute('id'));
    await expectAxeClean(page);
  });
});
