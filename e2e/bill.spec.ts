import { expect, type Request, test } from './fixtures';
import { agentApiTransferIn, signInDirectly } from './support';

const isBill = (req: Request) => req.method() === 'POST' && new URL(req.url()).pathname === '/v1/operator/bill/list';
const rows = (page: import('@playwright/test').Page) => page.getByTestId('bill-screen').locator('.ant-table-tbody .ant-table-row');

test.describe('account-change ledger', () => {
  test.beforeEach(async ({ page }) => {
    await signInDirectly(page);
  });

  test('lists the ledger with localized types and signed amounts, filters reach the call, a player leads to their bets', async ({ page }) => {
    const first = page.waitForResponse((res) => isBill(res.request()));
    await page.goto('/#/bill/report');
    const data = ((await (await first).json()) as { data: { list: { player_account: string; amount: string; order_id: string; type: string }[]; total: number } }).data;
    expect(data.total).toBeGreaterThan(0);
    await expect(rows(page)).toHaveCount(data.list.length);
    const top = data.list[0]!;
    await expect(rows(page).first()).toContainText(top.player_account);
    // A long order id is shortened (its head and tail), whole in the copy button.
    const shown = top.order_id.length > 12 ? top.order_id.slice(0, 6) : top.order_id;
    await expect(rows(page).first()).toContainText(shown);
    // Types in the user's language, not the stored name.
    await expect(page.getByTestId('bill-screen').locator('.ant-tag').first()).not.toContainText('_');

    // A type: the call gets it and every row is of that type; an outgoing movement is red.
    await page.locator('#bill-filters_type').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '投注' }).first().click();
    const bets = page.waitForResponse((res) => isBill(res.request()) && (res.request().postDataJSON() as { type?: string }).type === 'bet');
    await page.getByTestId('bill-screen').getByRole('button', { name: /查\s*询/ }).click();
    const better = ((await (await bets).json()) as { data: { list: { player_account: string }[] } }).data.list[0]!.player_account;
    await expect(rows(page).first()).toContainText('投注');
    await expect(rows(page).first().locator('.num-negative').first()).toBeVisible();

    // A player and an order id reach the call.
    // A player reaches the call.
    await page.locator('#bill-filters_player_account').fill(better);
    const sent = page.waitForRequest((req) => isBill(req) && (req.postDataJSON() as { player_account?: string }).player_account === better);
    await page.locator('#bill-filters_player_account').press('Enter');
    await sent;
    await expect(rows(page).first()).toContainText(better);

    // The player drills to their betting records of that day.
    await rows(page).first().getByRole('link', { name: better }).click();
    await expect(page).toHaveURL(new RegExp(`#/player/report/betting\\?.*player_account=${better}`));
    await expect(page.getByTestId('report-player-betting').locator('#report-player-betting_player_account')).toHaveValue(better);
    await expect(page.getByTestId('report-player-betting').locator('.ant-table-tbody .ant-table-row').first()).toContainText(better);
  });

  test('an agent API transfer shows its source and is found by the agent\'s own order id', async ({ page, baseURL }) => {
    const { account, orderId } = await agentApiTransferIn(baseURL, `E2E-${Date.now().toString(36)}`, '88.5');
    await page.goto('/#/bill/report');
    await page.locator('#bill-filters_order_id').fill(orderId);
    await page.getByTestId('bill-screen').getByRole('button', { name: /查\s*询/ }).click();
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row).toContainText(account);
    await expect(row).toContainText('+88.50');
    await expect(row.locator('.ant-tag').filter({ hasText: '代理 API' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: '类型 / 来源' })).toBeVisible();
  });

  test('at 1440 px the operator and remark fit beside the ids, the player column is pinned left', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const first = page.waitForResponse((res) => isBill(res.request()));
    await page.goto('/#/bill/report');
    await first;
    const screen = page.getByTestId('bill-screen');
    for (const name of ['操作人', '备注']) await expect(screen.locator('.ant-table-thead th').filter({ hasText: name })).toBeInViewport({ ratio: 1 });
    await expect(screen.locator('.ant-table-thead th.ant-table-cell-fix-start').first()).toContainText('玩家账号');
  });
});

test.describe('account-change ledger: totals, timezone and export', () => {
  test.beforeEach(async ({ page }) => {
    await signInDirectly(page);
  });

  test('pins the per-currency totals, asks in the timezone chosen, and exports to Export management, which downloads it again', async ({ page }) => {
    const first = page.waitForResponse((res) => isBill(res.request()));
    await page.goto('/#/bill/report');
    const answer = ((await (await first).json()) as { data: { total: number; summary: { currency_code: string; entry_count: number }[] } }).data;
    expect(answer.summary.length).toBeGreaterThan(0);
    expect(answer.summary.reduce((n, s) => n + s.entry_count, 0)).toBe(answer.total);
    const screen = page.getByTestId('bill-screen');
    // The totals under the rows, one per currency.
    const totals = screen.locator('.list-table-totals');
    await expect(totals).toHaveCount(answer.summary.length);
    await expect(totals.first()).toContainText(`合计 ${answer.summary[0]!.currency_code}`);
    await expect(totals.first()).toContainText('收入');

    // GMT+9:00 and a search: the call carries the zone, the times shown move with it.
    const timeBefore = (await rows(page).first().locator('time').first().textContent()) ?? '';
    await screen.locator('#bill-filters_time_zone_id').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'GMT+9:00' }).click();
    const inNine = page.waitForRequest((req) => isBill(req) && (req.postDataJSON() as { time_zone_id?: number }).time_zone_id === 3);
    await screen.getByRole('button', { name: /查\s*询/ }).click();
    await inNine;
    await expect(rows(page).first().locator('time').first()).not.toHaveText(timeBefore);

    // The export: a file, and a row in Export management that downloads it again.
    const download = page.waitForEvent('download');
    await screen.getByTestId('bill-export').click();
    expect((await download).suggestedFilename()).toMatch(/^账变记录.*\.xlsx$/);
    await page.locator('.ant-notification').getByText('导出管理').click();
    await expect(page).toHaveURL(/#\/background\/export/);
    const row = page.getByTestId('export-list').locator('.ant-table-row').filter({ hasText: '账变记录' }).first();
    await expect(row).toContainText('GMT+9:00');
    await expect(row).toContainText('已完成');
    const again = page.waitForEvent('download');
    await row.getByRole('button', { name: /下载/ }).click();
    expect((await again).suggestedFilename()).toMatch(/\.xlsx$/);
  });
});
