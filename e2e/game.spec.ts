import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import { adminApi, Api, sideMenu, signIn, signInDirectly, uniqueAccount } from './support';

/**
 * Game configs end to end on the demo database: override a value for an agent and see it marked;
 * disable a game for a parent and see it off, with its reason, for the child; create a pool, ingest
 * bets with contributions through the API and watch the amount grow; clean it and see the history.
 * The agent config and protection open on an agent with the agent tree beside them; an operator
 * with the dealer config only (901) is offered none of the agent-config pages and is told so.
 */

interface Dicts {
  agent: (code: string) => { id: number; code: string; currency_id: number };
  game: (code: string) => { id: number; code: string };
  currency: (id: number) => string;
}

async function dicts(admin: Api): Promise<Dicts> {
  const agents = await admin.call<{ list: Array<{ id: number; code: string; currency_id: number }> }>('agent/quick', {});
  const games = await admin.call<{ list: Array<{ id: number; code: string }> }>('game/list', {});
  const currencies = await admin.call<{ list: Array<{ id: number; code: string }> }>('currency/list', { page: 1, page_size: 100 });
  return {
    agent: (code) => agents.list.find((a) => a.code === code)!,
    game: (code) => games.list.find((g) => g.code === code)!,
    currency: (id) => currencies.list.find((c) => c.id === id)!.code,
  };
}

async function open(page: Page, path: string, rows = true) {
  await signInDirectly(page);
  await page.goto(`/#${path}`);
  if (rows) await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
}

const save = (page: Page) => page.getByRole('dialog').getByRole('button', { name: /保\s*存/ }).click();

test.describe('game configs', () => {
  test('override a value for an agent and see it marked; inherit it again', async ({ page, request }) => {
    const d = await dicts(await adminApi(request));
    const agent = d.agent('GL01-EU');
    await open(page, `/game/manage/agent?agent_id=${agent.id}&keyword=pg_lucky_neko`);
    const cell = page.getByTestId('cell-rtp-pg_lucky_neko');
    await expect(cell).toHaveAttribute('data-source', 'dealer');
    await expect(cell).toContainText('总台默认');

    await page.getByTestId('agent-edit-pg_lucky_neko').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: '覆盖' }).first().check();
    await dialog.locator('#agent-config-edit_rtp').fill('97.25');
    await save(page);
    await expect(dialog).toBeHidden();
    await expect(cell).toHaveAttribute('data-source', 'self');
    await expect(cell).toContainText('97.25%');
    await expect(cell).toContainText('本级覆盖');
    await page.getByTestId('agent-edit-pg_lucky_neko').click();
    await dialog.getByRole('checkbox', { name: '覆盖' }).first().uncheck();
    await save(page);
    await expect(cell).toHaveAttribute('data-source', 'dealer');
  });

  test('disable a game for a parent, confirmed with the sub-agents it reaches: the child shows it off and locked, with the parent named', async ({ page, request }) => {
    const d = await dicts(await adminApi(request));
    const parent = d.agent('GL01-CR');
    const child = d.agent('GL01-CR-01');
    await open(page, `/game/manage/agent?agent_id=${parent.id}&keyword=pg_aztec`);
    await page.getByTestId('agent-edit-pg_aztec').click();
    const dialog = page.getByRole('dialog').filter({ has: page.locator('form#agent-config-edit') });
    await dialog.getByRole('switch').click();
    await save(page);
    // Asked first, with the number of sub-agents it reaches; "Keep on" changes nothing.
    const confirmText = page.getByTestId('confirm-off-text');
    await expect(confirmText).toContainText(/GL01-CR 及其全部 \d+ 个下级代理将立即停用该游戏/);
    await page.getByRole('button', { name: '保持启用' }).click();
    await expect(confirmText).toBeHidden();
    await expect(dialog).toBeVisible();
    await save(page);
    await page.getByRole('dialog').getByRole('button', { name: /^停\s*用$/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('cell-enabled-pg_aztec')).toContainText('停用：本代理已禁用');

    await page.goto(`/#/game/manage/agent?agent_id=${child.id}&keyword=pg_aztec`);
    const childCell = page.getByTestId('cell-enabled-pg_aztec');
    await expect(childCell).toContainText('停用');
    await expect(childCell).toContainText('上级代理 GL01-CR 已禁用');
    // In the child the switch shows the game off and is locked, with the reason.
    await page.getByTestId('agent-edit-pg_aztec').click();
    await expect(dialog.getByText('停用：上级代理 GL01-CR 已禁用').first()).toBeVisible();
    await expect(dialog.getByRole('switch')).not.toBeChecked();
    await expect(dialog.getByRole('switch')).toBeDisabled();
    await expect(dialog.getByTestId('enabled-locked')).toContainText('上级代理 GL01-CR 已禁用');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('create a pool, ingest bets with contributions and see it grow; clean it and see the history', async ({ page, request }) => {
    const admin = await adminApi(request);
    const d = await dicts(admin);
    const agent = d.agent('GL01-EU');
    const game = d.game('pg_fortune_ox');
    await open(page, `/game/manage/agent/prize-pool?agent_id=${agent.id}&game_id=${game.id}`, false);
    await expect(page.getByText('暂无奖池')).toBeVisible();
    await page.getByRole('button', { name: '新建奖池' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#pool-edit_seed_amount').fill('100');
    await dialog.getByRole('button', { name: '创建奖池' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: 'GL01-EU' }).first();
    await expect(row).toContainText('100.00 ');

    // "New pool" again for the same agent and game: it says the pool is there and never replaces it.
    await page.getByRole('button', { name: '新建奖池' }).click();
    await expect(dialog.getByTestId('pool-exists')).toBeVisible();
    await dialog.locator('#pool-edit_seed_amount').fill('5');
    await dialog.getByRole('button', { name: '创建奖池' }).click();
    await expect(dialog.getByTestId('pool-exists')).toBeVisible();
    await dialog.getByTestId('pool-edit-existing').click();
    await expect(dialog.getByTestId('pool-change-seed_amount')).toContainText('→');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('100.00 ');

    const key = await admin.call<{ app_id: string; secret: string }>('key/add', { agent_id: 0, type: 'ingest', remark: 'e2e pools' });
    const auth = { authorization: `Bearer ${key.app_id}:${key.secret}` };
    const account = `e2eg${Date.now().toString(36)}`;
    const currency = d.currency(agent.currency_id);
    const now = Date.now();
    await ingest(request, auth, 'transfers', [{ order_id: `${account}-in`, agent_code: agent.code, player_account: account, currency_code: currency, direction: 'in', amount: '1000', time: new Date(now - 60_000).toISOString() }]);
    await ingest(
      request,
      auth,
      'bets',
      [0, 1].map((i) => ({
        bet_id: `${account}-b${i}`, round_id: `${account}-r${i}`, agent_code: agent.code, player_account: account, game_code: game.code, currency_code: currency,
        bet_amount: '10', valid_bet_amount: '10', payout_amount: '0', tax_amount: '0', bonus_amount: '0', jackpot_contribution: '2.5',
        bet_time: new Date(now - 30_000).toISOString(), settle_time: new Date(now - 29_000).toISOString(), device: 'h5',
      })),
    );
    await page.getByRole('button', { name: '刷新' }).first().click();
    await expect(row).toContainText('105.00 ');

    await row.getByRole('button', { name: /清\s*理/ }).click();
    await expect(dialog.getByTestId('clean-before')).toContainText('105.00 ');
    await expect(dialog.getByTestId('clean-after')).toContainText('100.00 ');
    await dialog.locator('#pool-clean_remark').fill('e2e payout');
    await dialog.getByTestId('clean-typed').fill('99');
    await dialog.getByRole('button', { name: /清\s*理/ }).click();
    await expect(dialog.getByText('请准确输入 100.00')).toBeVisible();
    await dialog.getByTestId('clean-typed').fill('100');
    await dialog.getByRole('button', { name: /清\s*理/ }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('100.00 ');
    const history = page.getByRole('row').filter({ hasText: 'e2e payout' });
    await expect(history).toContainText('105.00');
    await expect(history).toContainText('100.00');
    await expect(history).toContainText('admin');
  });
});

/** Form fields without a label on the page as it is now (axe's `label` rule). */
async function unlabelled(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withRules(['label']).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => n.html));
}

/** The agent the tree panel has picked. */
const pickedNode = (page: Page) => page.getByRole('tree').locator('.ant-tree-treenode-selected');

/** Waits for the agent config (or protection) to be read for `agentId`. */
const configOf = (page: Page, agentId: number) =>
  page.waitForResponse((r) => r.url().endsWith('/game/agent/list') && (JSON.parse(r.request().postData() ?? '{}') as { agent_id?: number }).agent_id === agentId);

test.describe('agent tree and who may open the agent-config pages', () => {
  test('agent config opens on an agent with the tree beside it; a pick shows that agent, is remembered, and protection opens on it', async ({ page, request }) => {
    // Four screens, a dialog, a phone view and five accessibility scans.
    test.setTimeout(150_000);
    const d = await dicts(await adminApi(request));
    // Nothing chosen in this browser yet: the first top agent, never an empty card.
    await open(page, '/game/manage/agent');
    await expect(page.getByRole('tree')).toBeVisible();
    await expect(pickedNode(page)).toContainText('CN01');
    const title = page.locator('.list-table-card .ant-card-head-title').first();
    await expect(title).toHaveText('华东总代（CN01）的游戏');
    expect(await unlabelled(page)).toEqual([]);

    const eu = d.agent('GL01-EU');
    const read = configOf(page, eu.id);
    await page.getByRole('tree').getByTestId('agent-node-GL01-EU').click();
    await read;
    await expect(page).toHaveURL(new RegExp(`agent_id=${eu.id}`));
    await expect(title).toHaveText('欧洲代理（GL01-EU）的游戏');
    await expect(pickedNode(page)).toContainText('GL01-EU');
    await expect(page.getByTestId('agent-config-showing')).toContainText('GL01-EU');
    // The tree's search narrows it to what matches, with the parents leading there.
    await page.getByRole('textbox', { name: '搜索代理名称或编码' }).fill('加密');
    await expect(page.getByRole('tree').getByTestId('agent-node-GL01-CR')).toBeVisible();
    await expect(page.getByRole('tree').getByTestId('agent-node-GL01')).toBeVisible();
    await expect(page.getByRole('tree').getByTestId('agent-node-CN01')).toHaveCount(0);
    await page.getByRole('textbox', { name: '搜索代理名称或编码' }).fill('');

    await page.locator('[data-testid^="agent-edit-"]').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await unlabelled(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // Another tab, opening the screens without a link, starts where this one left off.
    const other = await page.context().newPage();
    await other.goto('/#/game/manage/agent');
    await expect(pickedNode(other)).toContainText('GL01-EU');
    await expect(other.locator('.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
    await other.goto('/#/game/manage/agent/protect');
    await expect(other.locator('form#protect')).toBeVisible({ timeout: 20_000 });
    await expect(pickedNode(other)).toContainText('GL01-EU');
    await expect(other.getByText(/^GL01-EU · /)).toBeVisible();
    expect(await unlabelled(other)).toEqual([]);
    const sh = d.agent('CN01-SH');
    const readSh = configOf(other, sh.id);
    await other.getByRole('tree').getByTestId('agent-node-CN01-SH').click();
    await readSh;
    await expect(other.getByText(/^CN01-SH · /)).toBeVisible();

    // On a phone the tree gives way to a labelled tree select above the rows.
    await other.setViewportSize({ width: 390, height: 844 });
    await other.goto('/#/game/manage/agent');
    await expect(other.getByRole('combobox', { name: '代理' })).toBeVisible();
    await expect(other.getByRole('tree')).toHaveCount(0);
    await expect(other.locator('.list-table-card .ant-card-head-title').first()).toHaveText('上海代理（CN01-SH）的游戏');
    expect(await unlabelled(other)).toEqual([]);
  });

  test('an operator with the dealer config only (901) is offered no agent config, protection or prize pools, and their links show the 401 page', async ({ page, request }) => {
    const admin = await adminApi(request);
    const account = uniqueAccount('dealer');
    await admin.addUser(account, 'dealer-pass-1', '9,901');
    await page.goto('/#/login');
    await signIn(page, account, 'dealer-pass-1');
    await expect(page).toHaveURL(/#\/game\/manage\/dealer$/);
    const menu = sideMenu(page);
    await expect(menu).toContainText('总台游戏配置');
    for (const hidden of ['代理游戏配置', '保底保护', '游戏奖池']) await expect(menu).not.toContainText(hidden);

    for (const path of ['/game/manage/agent/protect?agent_id=1&game_id=1', '/game/manage/agent/prize-pool', '/game/manage/agent']) {
      await page.goto(`/#${path}`);
      await expect(page).toHaveURL(/#\/401$/);
      await expect(page.getByTestId('error-401')).toContainText('无权访问');
    }
    // A path that is no page of the console is still not found.
    await page.goto('/#/game/manage/nothing');
    await expect(page).toHaveURL(/#\/404$/);

    // And the server refuses what those pages would call.
    const api = new Api(request);
    await api.login(account, 'dealer-pass-1');
    for (const path of ['game/agent/list', 'game/prizepool/list']) expect((await api.raw(path, { agent_id: 1 })).json.error_code, path).toBe('A0301');
  });
});

async function ingest(request: APIRequestContext, headers: Record<string, string>, kind: 'bets' | 'transfers', records: object[]) {
  const res = await request.post(`/v1/ingest/${kind}`, { data: { [kind]: records }, headers });
  expect((await res.json()).error_code).toBe('0');
}
