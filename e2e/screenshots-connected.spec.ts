import { expect, test } from './fixtures';
import { adminApi, openListScreen, prepareScreenshots, SCREENSHOT_CASES, screenshotFolder } from './support';

/**
 * Screenshots of what connects the daily tasks, for review by eye: the login's word on the
 * verification code, the menu search finding a hidden screen, the key screen's whitelists, a wallet
 * adjustment's result and its ledger entry with the filters as chips, a report's carried agent as a
 * chip, an export's lasting result. Light and dark, Chinese and English, desktop and phone; written
 * to $SHOTS_DIR (default /tmp/shots-connected); SHOTS_ONLY narrows to the cases whose name holds it.
 */
const { shot } = screenshotFolder('/tmp/shots-connected');
const only = process.env.SHOTS_ONLY ?? '';

for (const c of SCREENSHOT_CASES.filter((x) => x.name.includes(only))) {
  test(`connected screens: ${c.name}`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const en = c.lang === 'en';
    const phone = c.width < 500;
    await page.setViewportSize({ width: c.width, height: phone ? 844 : 900 });
    const api = await adminApi(request);
    const cn01 = (await api.call<{ list: { id: number; code: string }[] }>('agent/quick')).list.find((a) => a.code === 'CN01')!;

    await prepareScreenshots(page, c.theme, c.lang);

    await page.goto('/#/dashboard');
    await page.reload();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page.getByTestId('menu-search').click();
    await page.getByTestId('menu-search-input').fill(en ? 'pool' : '奖池');
    await expect(page.getByRole('option').first()).toBeVisible();
    await shot(page, `menu-search-${c.name}`, false);
    await page.keyboard.press('Escape');

    await openListScreen(page, '/operation/key');
    await expect(page.getByTestId('key-whitelist').first()).toBeVisible();
    await shot(page, `key-${c.name}`);

    await openListScreen(page, '/agent/manage/index?keyword=CN01');
    await shot(page, `agent-chip-${c.name}`, false);

    await openListScreen(page, '/player/manage/wallet');
    const row = page.locator('.ant-table-row').first();
    await row.getByRole('button').first().click();
    const dialog = page.getByTestId('adjust-dialog');
    await dialog.locator('input').first().fill('25.5');
    await dialog.locator('textarea').fill(en ? 'Compensation' : '补偿');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await dialog.locator('input[inputmode="decimal"]').last().fill('25.5');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(page.getByTestId('adjust-result')).toBeVisible();
    await shot(page, `wallet-result-${c.name}`, false);

    await page.getByTestId('adjust-ledger-link').click();
    await expect(page.getByTestId('bill-screen').locator('.ant-table-row')).toHaveCount(1);
    await shot(page, `bill-chips-${c.name}`, false);

    await page.getByTestId('bill-export').click();
    await expect(page.locator('.ant-notification-notice')).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(5_000);
    await shot(page, `export-notice-${c.name}`, false);
    await page.locator('.ant-notification-notice-close').click();

    // The player drawer's result, from the player list.
    await openListScreen(page, '/player/manage/list');
    await page.locator('.ant-table-row').first().locator('a').first().click();
    const drawer = page.getByTestId('player-drawer');
    await expect(drawer.locator('.ant-descriptions')).toBeVisible();
    if (phone) {
      await drawer.getByTestId('player-actions').click();
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [data-menu-id$="-credit"]').click();
    } else {
      await drawer.getByTestId('player-actions').getByRole('button').first().click();
    }
    const second = page.getByTestId('adjust-dialog');
    await second.locator('input').first().fill('3');
    await second.locator('textarea').fill(en ? 'Correction' : '更正');
    await second.locator('.ant-modal-footer .ant-btn-primary').click();
    await second.locator('input[inputmode="decimal"]').last().fill('3');
    await second.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(drawer.getByTestId('adjust-result')).toBeVisible();
    await shot(page, `drawer-result-${c.name}`, false);
    await page.keyboard.press('Escape');

    await openListScreen(page, `/agent/report/daily?agent_id=${cn01.id}`);
    await expect(page.getByTestId('filter-chip-agent_id')).toBeVisible();
    await shot(page, `report-chip-${c.name}`, false);

    // The login screen, signed out, in the case's look.
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto('/#/login');
    await page.reload();
    await expect(page.getByTestId('verify-code-hint')).toBeVisible();
    await shot(page, `login-${c.name}`, false);
  });
}
