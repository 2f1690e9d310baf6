import { type APIRequestContext, expect, type Page, test } from './fixtures';
import { adminApi, type Api, openMenuItem, signInDirectly } from './support';

/**
 * Players end to end on the demo database: find a player and open the detail; credit one and see
 * the new balance and the ledger line; a debit beyond the balance shows the error; set a point
 * control, ingest bets through the API and watch its progress move.
 */

interface Fixture {
  agent: string;
  currency: string;
  account: string;
  ingestAuth: string;
}

/** A fresh player of a demo agent, funded through the ingest with `amount`. */
async function newPlayer(admin: Api, request: APIRequestContext, amount: string): Promise<Fixture> {
  const agents = await admin.call<{ list: Array<{ code: string; currency_id: number; level: number }> }>('agent/quick', {});
  const currencies = await admin.call<{ list: Array<{ id: number; code: string }> }>('currency/list', { page: 1, page_size: 100 });
  const agent = agents.list.find((a) => a.level === 1)!;
  const currency = currencies.list.find((c) => c.id === agent.currency_id)!.code;
  const key = await admin.call<{ app_id: string; secret: string }>('key/add', { agent_id: 0, type: 'ingest', remark: 'e2e players' });
  const ingestAuth = `Bearer ${key.app_id}:${key.secret}`;
  const account = `e2ep${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const res = await request.post('/v1/ingest/transfers', {
    data: { transfers: [{ order_id: `${account}-in`, agent_code: agent.code, player_account: account, currency_code: currency, direction: 'in', amount, time: new Date().toISOString() }] },
    headers: { authorization: ingestAuth },
  });
  expect((await res.json()).error_code).toBe('0');
  return { agent: agent.code, currency, account, ingestAuth };
}

async function open(page: Page, path: string) {
  await signInDirectly(page);
  await page.goto(`/#${path}`);
  await expect(page).toHaveURL(new RegExp(`#${path.replace(/\//g, '\\/')}`));
}

/**
 * The player list narrowed to one account, once the list shows that one: a row of the list it
 * replaces may vanish under the click. Its own field, by id: right after a visit, the wallet screen
 * may still be the one shown, with a field of the same placeholder.
 */
async function findPlayer(page: Page, account: string) {
  await page.locator('#player-filters_account').fill(account);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByText('共 1 条')).toBeVisible();
  return page.getByRole('row').filter({ hasText: account });
}

test.describe('players', () => {
  test('find a player and open the detail', async ({ page, request }) => {
    const admin = await adminApi(request);
    const f = await newPlayer(admin, request, '88.5');
    await open(page, '/player/manage/list');
    const row = await findPlayer(page, f.account);
    await expect(row).toContainText('88.50');
    await row.getByText(f.account, { exact: true }).click();
    const drawer = page.getByTestId('player-drawer');
    await expect(drawer.getByText(`玩家 ${f.account}`)).toBeVisible();
    await expect(drawer.getByTestId(`wallet-balance-${f.currency}`)).toHaveText(/88\.5/);
    await expect(drawer.getByText('转入')).toBeVisible();
  });

  test('credit a player: the balance before and after, a typed confirmation, the new balance and the ledger line', async ({ page, request }) => {
    const admin = await adminApi(request);
    const f = await newPlayer(admin, request, '100');
    await open(page, '/player/manage/wallet');
    await page.getByPlaceholder('账号开头…').fill(f.account);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row').filter({ hasText: f.account }).filter({ has: page.getByRole('button', { name: /加款/ }) });
    await expect(row).toContainText('100.00');
    await row.getByRole('button', { name: /加款/ }).click();
    const dialog = page.getByTestId('adjust-dialog');
    const requestId = await dialog.getByTestId('adjust-request-id').textContent();
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await dialog.getByLabel('金额').fill('12.34');
    await expect(dialog.getByTestId('adjust-after')).toHaveText('112.34');
    await dialog.getByLabel('备注').fill('E2E 补偿');
    await dialog.getByRole('button', { name: /核\s*对/ }).click();
    await expect(dialog.getByText(`余额从 100.00 ${f.currency} 变为 112.34 ${f.currency}`, { exact: false })).toBeVisible();
    // The button says what it does, with the amount in its currency.
    const apply = dialog.getByRole('button', { name: `确认加款 12.34 ${f.currency}` });
    // The amount typed again must match.
    await dialog.getByPlaceholder('再次输入金额').fill('12.3');
    await apply.click();
    await expect(dialog.getByText(/请准确输入 12\.34/)).toBeVisible();
    await dialog.getByPlaceholder('再次输入金额').fill('12.34');
    await apply.click();
    await expect(page.getByText(`操作成功，当前余额 112.34 ${f.currency}`)).toBeVisible();
    await expect(row).toContainText('112.34');
    const recent = page.getByRole('row').filter({ hasText: 'E2E 补偿' });
    await expect(recent).toContainText(f.account);
    await expect(recent).toContainText('admin');

    // The ledger line, in the player's detail.
    await page.goto('/#/player/manage/list');
    await (await findPlayer(page, f.account)).getByText(f.account, { exact: true }).click();
    await expect(page.getByTestId('player-drawer').getByText(`玩家 ${f.account}`)).toBeVisible();
    const line = page.getByTestId('player-drawer').getByRole('row').filter({ hasText: '人工加款' });
    await expect(line).toContainText('+12.34');
    await expect(line).toContainText('112.34');
    await expect(line).toContainText('E2E 补偿');
  });

  test('a debit beyond the balance shows the error and moves nothing', async ({ page, request }) => {
    const admin = await adminApi(request);
    const f = await newPlayer(admin, request, '5');
    await open(page, '/player/manage/wallet');
    await page.getByPlaceholder('账号开头…').fill(f.account);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row').filter({ hasText: f.account });
    await row.getByRole('button', { name: /扣款/ }).click();
    const dialog = page.getByTestId('adjust-dialog');
    await dialog.getByLabel('金额').fill('5.01');
    await expect(dialog.getByText('超过余额：扣款不能使余额低于零')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /核\s*对/ })).toBeDisabled();
    // The server refuses it too, whatever the screen lets through.
    const players = await admin.call<{ list: Array<{ player_id: number; currency_id: number }> }>('player/wallet/list', { account: f.account });
    const { json } = await admin.raw('player/wallet/adjust', { ...players.list[0], direction: 'debit', amount: '5.01', remark: 'e2e', request_id: `e2e-${f.account}` });
    expect(json.error_code).toBe('A0420');
    expect(json.error_msg).toContain('余额不足');
    await dialog.getByLabel('金额').fill('5');
    await expect(dialog.getByTestId('adjust-after')).toHaveText('0.00');
    await page.keyboard.press('Escape');
    await expect(row).toContainText('5.00');
  });

  test('set a point control, ingest bets and watch its progress move', async ({ page, request }) => {
    const admin = await adminApi(request);
    const f = await newPlayer(admin, request, '1000');
    await open(page, '/player/manage/control');
    await page.getByRole('button', { name: /设置点控/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('control-player').click();
    await page.keyboard.type(f.account);
    await page.locator('.ant-select-item-option', { hasText: f.account }).click();
    await dialog.getByText('输', { exact: true }).click();
    await dialog.getByLabel('目标金额').fill('50');
    await dialog.getByRole('button', { name: '设置点控' }).click();
    await expect(page.getByText('点控已设置')).toBeVisible();

    await page.getByPlaceholder('账号开头…').fill(f.account);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row').filter({ hasText: f.account });
    await expect(row).toContainText('进行中');
    await expect(row).toContainText('0.00 / 50.00');

    // Two losing bets of 15 settle after the control was set: a lose control gains 30 (60 %).
    const now = Date.now() + 2000;
    const games = await admin.call<{ list: Array<{ code: string }> }>('game/list', {});
    const bets = [1, 2].map((n) => ({
      bet_id: `${f.account}-b${n}`, round_id: `${f.account}-r${n}`, agent_code: f.agent, player_account: f.account, game_code: games.list[0]!.code, currency_code: f.currency,
      bet_amount: '15', valid_bet_amount: '15', payout_amount: '0', tax_amount: '0', bonus_amount: '0', jackpot_contribution: '0',
      bet_time: new Date(now + n * 1000).toISOString(), settle_time: new Date(now + n * 1000 + 500).toISOString(), device: 'web',
    }));
    const res = await request.post('/v1/ingest/bets', { data: { bets }, headers: { authorization: f.ingestAuth } });
    expect((await res.json()).error_code).toBe('0');
    await page.getByRole('button', { name: '刷新' }).click();
    await expect(row).toContainText('30.00 / 50.00');
    await expect(row.locator('.ant-progress')).toContainText('60%');

    // A third one reaches the target: the control completes.
    const third = { ...bets[0]!, bet_id: `${f.account}-b3`, round_id: `${f.account}-r3`, bet_amount: '25', valid_bet_amount: '25' };
    const answer = await request.post('/v1/ingest/bets', { data: { bets: [third] }, headers: { authorization: f.ingestAuth } });
    expect(await answer.json()).toMatchObject({ error_code: '0', data: { accepted: 1 } });
    await page.getByRole('button', { name: '刷新' }).click();
    await expect(row).toContainText('已完成');
    await expect(row).toContainText('55.00 / 50.00');
  });

  test('act on the player from the detail drawer: debit, then set and cancel a point control, the drawer following each', async ({ page, request }) => {
    const admin = await adminApi(request);
    const f = await newPlayer(admin, request, '60');
    await open(page, '/player/manage/list');
    await (await findPlayer(page, f.account)).getByText(f.account, { exact: true }).click();
    const drawer = page.getByTestId('player-drawer');
    const actions = drawer.getByTestId('player-actions');
    await expect(drawer.getByTestId(`wallet-balance-${f.currency}`)).toHaveText('60.00');

    await actions.getByRole('button', { name: /扣\s*款/ }).click();
    const dialog = page.getByTestId('adjust-dialog');
    await dialog.getByLabel('金额').fill('10');
    await dialog.getByLabel('备注').fill('E2E 扣回');
    await dialog.getByRole('button', { name: /核\s*对/ }).click();
    await dialog.getByPlaceholder('再次输入金额').fill('10');
    await dialog.getByRole('button', { name: `确认扣款 10.00 ${f.currency}` }).click();
    await expect(drawer.getByTestId(`wallet-balance-${f.currency}`)).toHaveText('50.00');
    await expect(drawer.getByRole('row').filter({ hasText: '人工扣款' })).toContainText('-10.00');

    // Intensity 300 is refused with a message, not moved to 200.
    await actions.getByRole('button', { name: '设置点控' }).click();
    const control = page.getByRole('dialog', { name: `为 ${f.account} 设置点控` });
    await control.getByLabel('强度（%）').fill('300');
    await control.getByLabel('目标金额').fill('20');
    await control.getByRole('button', { name: '设置点控' }).click();
    await expect(control.getByText('强度必须是 1 到 200 之间的整数')).toBeVisible();
    await expect(control.getByLabel('强度（%）')).toHaveValue('300');
    await control.getByLabel('强度（%）').fill('150');
    await control.getByRole('button', { name: '设置点控' }).click();
    await expect(page.getByText('点控已设置')).toBeVisible();
    await expect(drawer.getByText(`0.00 / 20.00 ${f.currency}`)).toBeVisible();

    // Cancelling asks with verbs on the buttons; keeping it changes nothing.
    await actions.getByRole('button', { name: '取消点控' }).click();
    const ask = page.locator('.ant-modal-confirm');
    await expect(ask).toContainText(`已达成 0.00 ${f.currency} / 目标 20.00 ${f.currency}`);
    await ask.getByRole('button', { name: '保留点控' }).click();
    await expect(drawer.getByText(`0.00 / 20.00 ${f.currency}`)).toBeVisible();
    await actions.getByRole('button', { name: '取消点控' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '取消点控' }).click();
    await expect(page.getByText('点控已取消')).toBeVisible();
    await expect(drawer.getByText('无', { exact: true })).toBeVisible();
    await expect(actions.getByRole('button', { name: '设置点控' })).toBeVisible();
  });

  test('on a 390-px phone the row actions and the control cancel are in reach, in both languages', async ({ page, request }) => {
    const admin = await adminApi(request);
    const f = await newPlayer(admin, request, '10');
    const found = await admin.call<{ list: Array<{ id: number }> }>('player/find', { account: f.account });
    await admin.call('player/control/add', { player_id: found.list[0]!.id, game_id: 0, direction: 'win', target_amount: '5', intensity: 100, remark: '' });
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/player/manage/list');
    for (const lang of ['zh-cn', 'en'] as const) {
      const en = lang === 'en';
      // The console's language, as the user menu would keep it.
      await page.evaluate((l) => {
        const stored = JSON.parse(localStorage.getItem('app') ?? '{"state":{},"version":1}');
        localStorage.setItem('app', JSON.stringify({ ...stored, state: { ...stored.state, language: l } }));
      }, lang);
      await page.goto(`/#/player/manage/list?account=${f.account}`);
      await page.reload();
      const more = page.getByRole('row').filter({ hasText: f.account }).getByRole('button', { name: en ? `Actions for ${f.account}` : `${f.account} 的操作` });
      await expect(more).toBeInViewport({ ratio: 1 });
      await more.click();
      await expect(openMenuItem(page, en ? 'Disable' : '停用')).toBeInViewport();
      await page.keyboard.press('Escape');
      await page.goto(`/#/player/manage/control?player_account=${f.account}`);
      await page.reload();
      const cancel = page.getByRole('row').filter({ hasText: f.account }).getByRole('button', { name: en ? 'Cancel control' : '取消点控' });
      await expect(cancel).toBeInViewport({ ratio: 1 });
      await cancel.click();
      await expect(page.locator('.ant-modal-confirm').getByRole('button', { name: en ? 'Keep control' : '保留点控' })).toBeInViewport();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: en ? 'Keep control' : '保留点控' }).click();
    }
  });
});
