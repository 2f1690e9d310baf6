import { expect, test } from './fixtures';
import { adminApi, openListScreen, prepareScreenshots, SCREENSHOT_CASES, screenshotFolder } from './support';

/**
 * Screenshots of the game screens for review by eye: the dealer config and its edit dialog, an
 * agent's config (CN01-SH: overrides and games switched off) and its child's (the parent named),
 * the override dialog, protection and the prize pools with the clean confirmation; light and dark,
 * Chinese and English, desktop (1440 px) and phone (390 px). Written to $SHOTS_DIR (default
 * /tmp/shots-game); SHOTS_ONLY narrows to the cases whose name contains it. No page may scroll sideways.
 */
const { shot } = screenshotFolder('/tmp/shots-game');
const openScreen = openListScreen;

const only = process.env.SHOTS_ONLY ?? '';
for (const c of SCREENSHOT_CASES.filter((x) => x.name.includes(only))) {
  test(`game screens: ${c.name}`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const admin = await adminApi(request);
    const agents = (await admin.call<{ list: Array<{ id: number; code: string }> }>('agent/quick', {})).list;
    const games = (await admin.call<{ list: Array<{ id: number; code: string }> }>('game/list', {})).list;
    const agent = (code: string) => agents.find((a) => a.code === code)!.id;
    const game = (code: string) => games.find((g) => g.code === code)!.id;

    await page.setViewportSize({ width: c.width, height: c.width < 500 ? 844 : 900 });
    await prepareScreenshots(page, c.theme, c.lang);

    await openScreen(page, '/game/manage/dealer');
    await shot(page, `dealer-${c.name}`);
    await page.locator('.ant-table-row').first().getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, `dealer-dialog-${c.name}`, false);
    await page.keyboard.press('Escape');

    await openScreen(page, `/game/manage/agent?agent_id=${agent('CN01-SH')}`);
    await shot(page, `agent-${c.name}`);
    await page.getByTestId('agent-edit-pg_mahjong_ways').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, `agent-dialog-${c.name}`, false);
    await page.keyboard.press('Escape');
    await openScreen(page, `/game/manage/agent?agent_id=${agent('CN01-SH-01')}&keyword=ky_texas`);
    await shot(page, `agent-child-${c.name}`);

    await page.goto(`/#/game/manage/agent/protect?agent_id=${agent('CN01-SH')}&game_id=${game('pg_mahjong_ways')}`);
    await page.reload();
    await expect(page.locator('form#protect')).toBeVisible({ timeout: 20_000 });
    await shot(page, `protect-${c.name}`);

    await openScreen(page, `/game/manage/agent/prize-pool?agent_id=${agent('CN01')}`);
    await shot(page, `pool-${c.name}`);
    await page.locator('.ant-table-row').first().getByRole('button').nth(1).click();
    await expect(page.getByTestId('clean-before')).toBeVisible();
    await shot(page, `pool-clean-${c.name}`, false);
    await page.keyboard.press('Escape');
  });
}
