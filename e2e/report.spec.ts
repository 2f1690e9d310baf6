import { readFileSync } from 'node:fs';
import { expect, type Page, type Request, test } from './fixtures';
import { adminApi, pickFromMenu, sideMenu, signInDirectly, uniqueAccount } from './support';

/** Every report screen (docs/product.md, "Report families"), with its call path (packages/contract report-defs.ts). */
const REPORTS = [
  ['/agent/report/summary', 'agent/report/agent/summary'],
  ['/agent/report/hourly', 'agent/report/agent/hourly/summary'],
  ['/agent/report/daily', 'agent/report/agent/daily/summary'],
  ['/agent/report/monthly', 'agent/report/agent/monthly/summary'],
  ['/agent/report/settlement', 'agent/report/agent/settlement'],
  ['/player/report/summary', 'player/report/player/summary'],
  ['/player/report/daily', 'player/report/player/daily/summary'],
  ['/player/report/betting', 'player/report/player/betting'],
  ['/player/report/odds', 'player/report/player/odds'],
  ['/game/report/summary', 'game/report/game/summary'],
  ['/game/report/daily', 'game/report/game/daily/summary'],
  ['/game/report/monthly', 'game/report/game/monthly/summary'],
  ['/game/report/player', 'game/report/game/player/summary'],
  ['/platform/summary', 'platform/report/platform/summary'],
  ['/platform/daily', 'platform/report/platform/daily/summary'],
  ['/platform/monthly', 'platform/report/platform/monthly/summary'],
  ['/platform/player', 'platform/report/platform/player/summary'],
  ['/currency/summary', 'currency/report/currency/summary'],
  ['/currency/daily', 'currency/report/currency/daily/summary'],
  ['/currency/monthly', 'currency/report/currency/monthly/summary'],
] as const;

interface ReportAnswer {
  list: Record<string, unknown>[];
  total: number;
  summary: { currency_code: string }[];
}

const isCall = (path: string) => (req: Request) => req.method() === 'POST' && new URL(req.url()).pathname === `/v1/operator/${path}`;
const bodyOf = (req: Request) => req.postDataJSON() as Record<string, unknown>;
const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');
const totals = (page: Page) => page.locator('.list-table-totals');

/** Opens a screen and hands back the answer of its report call. */
async function open(page: Page, route: string, path: string): Promise<ReportAnswer> {
  const answer = page.waitForResponse((res) => isCall(path)(res.request()));
  await page.goto(`/#${route}`);
  const json = (await (await answer).json()) as { error_code: string; data: ReportAnswer };
  expect(json.error_code).toBe('0');
  return json.data;
}

// Each test signs in on its own and any account it needs is its own: they share out over both
// workers, so this long file, near the end of the run, does not leave one worker idle while the
// other works through it. (An export a test makes is the newest on its worker's server, whose
// tests run one at a time.)
test.describe.configure({ mode: 'parallel' });

test.describe('report screens', () => {
  test.beforeEach(async ({ page }) => {
    await signInDirectly(page);
  });

  test('every report route shows the rows and the totals its call answered', async ({ page }) => {
    test.setTimeout(180_000);
    for (const [route, path] of REPORTS) {
      const data = await open(page, route, path);
      expect(data.total, `${route} has rows on the demo database`).toBeGreaterThan(0);
      await expect(rows(page), route).toHaveCount(data.list.length);
      const first = data.list[0]!;
      // The first row shows the call's first row: its period or entity, and its bet amount as formatted.
      // A bet id is long: shortened to its head and tail (<ShortId>), whole in its tooltip and copy.
      if (typeof first.bet_id === 'string') {
        await expect(rows(page).first(), route).toContainText(first.bet_id.slice(0, 6));
        await expect(rows(page).first(), route).toContainText(first.bet_id.slice(-6));
      } else {
        const label = String(first.date ?? first.hour ?? first.month ?? first.player_account ?? first.game_name ?? first.agent_code ?? first.platform_code ?? first.currency_code);
        await expect(rows(page).first(), route).toContainText(label);
      }
      await expect(totals(page), route).toHaveCount(data.summary.length);
      for (const s of data.summary) await expect(totals(page).filter({ hasText: new RegExp(`合计 ${s.currency_code}(?![A-Z])`) }), route).toHaveCount(1);
      await expect(page.getByText(`共 ${data.total} 条`)).toBeVisible();
    }
  });

  test('sorting, paging and a filter change reach the call', async ({ page }) => {
    const path = 'agent/report/agent/daily/summary';
    const data = await open(page, '/agent/report/daily', path);
    expect(data.total).toBeGreaterThan(20);

    // Each click waits until the screen has taken the one before: its call answered, the header or
    // the pager showing the new state, no loading mask. The call can be answered before the screen
    // has rendered the new order; until then the header shows the old one, and a click on it asks
    // for what follows that one (ascending again).
    const header = page.getByRole('columnheader', { name: '投注额' });
    const loading = page.locator('.list-table-card .ant-spin-spinning');
    const answered = () => page.waitForResponse((res) => isCall(path)(res.request())).then((res) => bodyOf(res.request()));
    let sent = answered();
    await header.click();
    expect(await sent).toMatchObject({ sort_field: 'bet_amount', sort_order: 'ascend', page: 1 });
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(loading).toHaveCount(0);
    sent = answered();
    await header.click();
    expect(await sent).toMatchObject({ sort_field: 'bet_amount', sort_order: 'descend' });
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(loading).toHaveCount(0);

    sent = answered();
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    expect(await sent).toMatchObject({ page: 2, sort_field: 'bet_amount' });
    await expect(page.locator('.ant-pagination-item-active')).toHaveAttribute('title', '2');
    await expect(loading).toHaveCount(0);

    // A currency and the dates: the call gets them, from the first page.
    await page.locator('#report-agent-daily_currency_id').click();
    await page.locator('.ant-select-item-option').filter({ hasText: /^CNY/ }).click();
    await page.locator('#report-agent-daily_dates').click();
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-presets').getByText('最近 30 天').click();
    const filtered = page.waitForRequest((req) => isCall(path)(req) && Number(bodyOf(req).currency_id) > 0);
    await page.getByTestId('report-agent-daily').getByRole('button', { name: /查\s*询/ }).click();
    const body = bodyOf(await filtered);
    expect(body).toMatchObject({ currency_id: expect.any(Number), page: 1 });
    expect(body.currency_id).toBeGreaterThan(0);
    const days = (Date.parse(String(body.end_date)) - Date.parse(String(body.start_date))) / 86_400_000 + 1;
    expect(days).toBe(30);
    await expect(totals(page)).toHaveCount(1);
    await expect(totals(page)).toContainText('合计 CNY');

    // Past the hourly report's longest range: said so, and nothing asked.
    await page.goto('/#/agent/report/hourly');
    const hourly = page.getByTestId('report-agent-hourly');
    await hourly.locator('#report-agent-hourly_dates').click();
    await hourly.locator('.ant-picker-input input').first().fill('2024-01-01');
    await hourly.locator('.ant-picker-input input').last().fill('2026-01-01');
    await page.keyboard.press('Enter');
    await hourly.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.getByText('此报表最长可查询 366 天')).toBeVisible();
  });

  test('the agent settlement is asked for by months: a month preset reaches the call, share rates show as percentages', async ({ page }) => {
    const path = 'agent/report/agent/settlement';
    const data = await open(page, '/agent/report/settlement', path);
    expect(data.total).toBeGreaterThan(0);
    const first = data.list[0] as { share_rate: number; own_take: string };
    await expect(rows(page).first()).toContainText(`${(first.share_rate / 100).toFixed(2)}%`);
    for (const header of ['占成', '本级占成', '上级占成']) await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    await page.locator('#report-agent-settlement_months').click();
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-presets').getByText('上月').click();
    const sent = page.waitForRequest((req) => isCall(path)(req) && bodyOf(req).start_month === bodyOf(req).end_month);
    await page.getByTestId('report-agent-settlement').getByRole('button', { name: /查\s*询/ }).click();
    const body = bodyOf(await sent);
    // The month before the current one in GMT+8, and no dates.
    const now = new Date(Date.now() + 8 * 3_600_000);
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    expect(body).toMatchObject({ start_month: last, end_month: last, page: 1 });
    expect(body.start_date).toBeUndefined();
    await expect(page.getByTestId('report-agent-settlement').locator('.report-subtitle')).toHaveText(`${last} ~ ${last}`);
  });

  test('an agent row leads to that agent’s daily report, filtered to it', async ({ page }) => {
    const data = await open(page, '/agent/report/summary', 'agent/report/agent/summary');
    const agent = data.list[0]! as { agent_id: number; agent_code: string };
    const sent = page.waitForRequest(isCall('agent/report/agent/daily/summary'));
    await rows(page).first().getByRole('link', { name: '代理日报' }).click();
    await expect(page).toHaveURL(new RegExp(`#/agent/report/daily\\?.*agent_id=${agent.agent_id}`));
    expect(bodyOf(await sent)).toMatchObject({ agent_id: agent.agent_id });
    await expect(rows(page).first()).toBeVisible();
    // The filter bar shows the agent, and every row is of its sub-tree.
    await expect(page.getByTestId('report-agent-daily').locator('form')).toContainText(agent.agent_code);
    await expect(rows(page).first()).toContainText(agent.agent_code.split('-')[0]!);

    // No dead end: the drilled-down screen leads back to the summary, and so does the browser.
    const back = page.getByTestId('report-back');
    await expect(back).toContainText('返回代理汇总');
    await page.goBack();
    await expect(page).toHaveURL(/#\/agent\/report\/summary(\?|$)/);
    await expect(page.getByTestId('report-agent-summary')).toBeVisible();
    await page.goForward();
    await expect(page).toHaveURL(/#\/agent\/report\/daily\?/);
    await back.getByRole('link').click();
    await expect(page).toHaveURL(/#\/agent\/report\/summary(\?|$)/);
  });

  test('an export downloads a valid .xlsx and shows in Export management', async ({ page }) => {
    await open(page, '/game/report/summary', 'game/report/game/summary');
    const download = page.waitForEvent('download');
    await page.getByTestId('report-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = readFileSync((await file.path())!);
    // An .xlsx is a zip: "PK\x03\x04".
    expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
    await expect(page.locator('.ant-notification').getByText('导出完成')).toBeVisible();
    await page.locator('.ant-notification').getByText('导出管理').click();
    await expect(page).toHaveURL(/#\/background\/export/);
    const row = rows(page).first();
    await expect(row).toContainText('游戏汇总');
    await expect(row).toContainText('已完成');
    await expect(row.getByRole('button', { name: /下载/ })).toBeVisible();
  });

  test('English screens show English headers', async ({ page }) => {
    await open(page, '/currency/daily', 'currency/report/currency/daily/summary');
    await pickFromMenu(page, page.getByTestId('language-select'), 'English', (timeout) => expect(page.locator('html')).toHaveAttribute('lang', 'en', { timeout }));
    for (const header of ['Date', 'Currency', 'Bets', 'Bet amount', 'Platform win/loss', 'RTP']) await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    await expect(totals(page).first()).toContainText('Total');
    await pickFromMenu(page, page.getByTestId('language-select'), '简体中文', (timeout) => expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN', { timeout }));
  });
});

test('a user holding only 1401 and 201 sees only those two reports', async ({ page, request }) => {
  const admin = await adminApi(request);
  const account = uniqueAccount('rpt');
  await admin.addUser(account, 'report-pass-1', '1,14,1401,2,201');
  await signInDirectly(page, account, 'report-pass-1');
  await page.goto('/#/');
  const menu = sideMenu(page);
  await menu.getByText('代理报表').click();
  await menu.getByText('玩家报表').click();
  await expect(menu.getByText('代理汇总')).toBeVisible();
  await expect(menu.getByText('玩家汇总')).toBeVisible();
  for (const hidden of ['代理日汇总', '代理小时汇总', '代理占成', '玩家投注记录', '游戏报表', '厂商报表', '币种报表', '账变记录']) await expect(menu.getByText(hidden, { exact: true })).toHaveCount(0);
  await page.goto('/#/agent/report/summary');
  await expect(rows(page).first()).toBeVisible();
  await page.goto('/#/agent/report/daily');
  await expect(page).toHaveURL(/#\/401/);
  await page.goto('/#/currency/daily');
  await expect(page).toHaveURL(/#\/401/);
});

test('a user holding 1405 finds the agent settlement under agent reports, and nothing else of them', async ({ page, request }) => {
  const admin = await adminApi(request);
  const account = uniqueAccount('stl');
  await admin.addUser(account, 'settle-pass-1', '1,14,1405');
  await signInDirectly(page, account, 'settle-pass-1');
  await page.goto('/#/');
  const menu = sideMenu(page);
  await menu.getByText('代理报表').click();
  await menu.getByText('代理占成', { exact: true }).click();
  await expect(page).toHaveURL(/#\/agent\/report\/settlement/);
  await expect(rows(page).first()).toBeVisible();
  for (const hidden of ['代理汇总', '代理日汇总', '代理月汇总']) await expect(menu.getByText(hidden, { exact: true })).toHaveCount(0);
  await page.goto('/#/agent/report/monthly');
  await expect(page).toHaveURL(/#\/401/);
});
