import { expect, test } from './fixtures';
import { adminApi, signIn, signInDirectly, uniqueAccount } from './support';

test('export management lists exports with readable filters; an operator without 1305 sees their own from the report', async ({ page, request }) => {
  const admin = await adminApi(request);
  // An export by the admin, through the API.
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const res = await request.post('/v1/operator/currency/report/currency/daily/summary/export', {
    data: { token: admin.token, start_date: today, end_date: today, time_zone_id: 1, currency_id: -1, sort_field: 'bet_amount', sort_order: 'descend' },
  });
  expect(res.headers()['content-type']).toContain('spreadsheet');

  await signInDirectly(page);
  await page.goto('/#/background/export');
  const row = page.getByTestId('export-list').locator('.ant-table-row').filter({ hasText: '币种日汇总' }).first();
  await expect(row).toContainText(`${today} ~ ${today}`);
  await expect(row).toContainText('GMT+8:00');
  await expect(row).toContainText('全部币种');
  await expect(row).toContainText('排序: 投注额 ↓');
  await expect(row).toContainText('已完成');
  await expect(row).not.toContainText('{');
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /下载/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // Without 1305: no Export management in the menu, but their own exports from the report screen.
  const account = uniqueAccount('exp');
  await admin.addUser(account, 'export-pass-1', '1,5,502');
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/#/login');
  await page.reload();
  await signIn(page, account, 'export-pass-1');
  await page.goto('/#/background/export');
  await expect(page).toHaveURL(/#\/401/);
  await page.goto('/#/currency/daily');
  const file = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  await file;
  await page.locator('.ant-notification').getByText('我的导出').click();
  const mine = page.locator('.ant-drawer').getByTestId('export-list');
  await expect(mine.locator('.ant-table-row')).toHaveCount(1);
  await expect(mine.locator('.ant-table-row').first()).toContainText('币种日汇总');
});
