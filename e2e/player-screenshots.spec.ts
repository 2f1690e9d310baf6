import { expect, test } from './fixtures';
import { openListScreen, prepareScreenshots, SCREENSHOT_CASES, screenshotFolder } from './support';

/**
 * Screenshots of the player screens for review by eye: the player list and its detail drawer,
 * wallet management and its adjustment dialog, the point controls; light and dark, Chinese and
 * English, desktop (1440 px) and phone (390 px). Written to $SHOTS_DIR (default /tmp/shots-player);
 * SHOTS_ONLY narrows to the cases whose name contains it. No page may scroll sideways.
 */
const { shot } = screenshotFolder('/tmp/shots-player');
const openScreen = openListScreen;

const only = process.env.SHOTS_ONLY ?? '';
for (const c of SCREENSHOT_CASES.filter((x) => x.name.includes(only))) {
  test(`player screens: ${c.name}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: c.width, height: c.width < 500 ? 844 : 900 });
    await prepareScreenshots(page, c.theme, c.lang);

    await openScreen(page, '/player/manage/list?sort_field=last_bet_at&sort_order=descend');
    await shot(page, `list-${c.name}`);
    await page.locator('.ant-table-row').first().locator('a').first().click();
    await expect(page.getByTestId('player-drawer').locator('.ant-descriptions')).toBeVisible();
    await shot(page, `list-drawer-${c.name}`, false);
    await page.keyboard.press('Escape');

    await openScreen(page, '/player/manage/wallet');
    await shot(page, `wallet-${c.name}`);
    await page.locator('.ant-table-row').first().getByRole('button').first().click();
    const dialog = page.getByTestId('adjust-dialog');
    await dialog.locator('input').first().fill('25.5');
    await dialog.locator('textarea').fill(c.lang === 'en' ? 'Compensation' : '补偿');
    await shot(page, `wallet-dialog-${c.name}`, false);
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await shot(page, `wallet-confirm-${c.name}`, false);
    await page.keyboard.press('Escape');

    await openScreen(page, '/player/manage/control');
    await shot(page, `control-${c.name}`);
  });
}
