import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { prepareScreenshots, SCREENSHOT_CASES } from './support';

/**
 * Screenshots of the player screens for review by eye: the player list and its detail drawer,
 * wallet management and its adjustment dialog, the point controls; light and dark, Chinese and
 * English, desktop (1440 px) and phone (390 px). Written to $SHOTS_DIR (default /tmp/shots-player);
 * SHOTS_ONLY narrows to the cases whose name contains it. No page may scroll sideways.
 */
const dir = process.env.SHOTS_DIR ?? '/tmp/shots-player';
mkdirSync(dir, { recursive: true });

async function shot(page: Page, name: string, full = true) {
  await page.waitForTimeout(600);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: full });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

async function openScreen(page: Page, route: string) {
  await page.goto(`/#${route}`);
  await page.reload();
  await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('table-skeleton')).toHaveCount(0);
}

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
