import path from 'node:path';
import { expect, test } from './fixtures';
import { agentApiTransferIn, prepareScreenshots, SCREENSHOT_CASES, screenshotFolder } from './support';

/**
 * Screenshots of the report screens, the ledger and Export management for review by eye: light
 * and dark, Chinese and English, desktop (1440 px) and phone (390 px). Written to
 * $SHOTS_DIR (default /tmp/shots-report); SHOTS_ONLY narrows to the cases whose name contains it,
 * SHOTS_SCREENS (comma-separated, e.g. "bill,export") to those screens.
 */
const { dir } = screenshotFolder('/tmp/shots-report');

const SCREENS = [
  ['agent-daily', '/agent/report/daily'],
  ['agent-hourly', '/agent/report/hourly'],
  ['agent-settlement', '/agent/report/settlement'],
  ['player-summary', '/player/report/summary'],
  ['player-betting', '/player/report/betting'],
  ['game-daily', '/game/report/daily'],
  ['currency-monthly', '/currency/monthly'],
  ['platform-summary', '/platform/summary'],
  ['bill', '/bill/report'],
  ['export', '/background/export'],
] as const;

const only = process.env.SHOTS_ONLY ?? '';
const screensOnly = (process.env.SHOTS_SCREENS ?? '').split(',').filter(Boolean);
for (const c of SCREENSHOT_CASES.filter((x) => x.name.includes(only))) {
  test(`report screens: ${c.name}`, async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    // A movement of an agent's own system at the top of the ledger, beside the ingested ones.
    await agentApiTransferIn(baseURL, `SITE-${Date.now().toString(36)}`);
    await page.setViewportSize({ width: c.width, height: c.width < 500 ? 844 : 900 });
    await prepareScreenshots(page, c.theme, c.lang);
    // One finished export, so that Export management has a row to show.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    await page.request.post('/v1/operator/agent/report/agent/daily/summary/export', {
      data: { token, start_date: today, end_date: today, time_zone_id: 1, currency_id: -1, agent_id: 0, sort_field: 'bet_amount', sort_order: 'descend' },
      headers: xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {},
    });
    // And one of the ledger's, with its time range and type.
    await page.request.post('/v1/operator/bill/list/export', {
      data: { token, start_time: `${today} 00:00:00`, end_time: `${today} 23:59:59`, time_zone_id: 3, type: 'bet' },
      headers: xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {},
    });
    for (const [name, route] of SCREENS.filter(([n]) => !screensOnly.length || screensOnly.includes(n))) {
      await page.goto(`/#${route}`);
      await page.reload();
      await expect(page.locator('.ant-table-row').first().or(page.locator('.ant-table-placeholder .ant-table-cell'))).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('table-skeleton')).toHaveCount(0);
      // The chart draws after the rows.
      await page.waitForTimeout(900);
      await page.mouse.move(0, 0);
      await page.screenshot({ path: path.join(dir, `${name}-${c.name}.png`), fullPage: true });
      if (c.width < 500 && (name === 'agent-daily' || name === 'agent-settlement' || name === 'bill')) {
        // The filters fold into a drawer on a phone (the settlement's: months).
        await page.getByTestId(name === 'bill' ? 'bill-screen' : `report-${name}`).getByTestId('filters-open').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.waitForTimeout(500);
        await page.screenshot({ path: path.join(dir, `${name}-${c.name}-filters.png`) });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} scrolls sideways at ${c.width}px`).toBeLessThanOrEqual(0);
    }
  });
}
