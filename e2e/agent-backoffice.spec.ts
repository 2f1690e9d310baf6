import { type APIRequestContext, expect, type Page, test } from './fixtures';
import { adminApi, type Api, hashPassword, sideMenu, signInDirectly, uniqueAccount } from './support';

/**
 * The agent back office in the browser (docs/product.md, "The agent back office"): an agent user
 * logs in on the login screen's agent tab, sees the menus of the agent tree only, reads their own
 * sub-tree in a report (never a sibling agent's), gets the forbidden page for an operator's
 * screen, and is sent back to the agent tab when an operator disables their agent. Operators see
 * agent users' logins in the operation log.
 */

interface World {
  top: { id: number; code: string; name: string };
  sub: { id: number; code: string };
  sibling: { id: number; code: string };
  account: string;
  password: string;
}

/** A code of 4–16 lower-case letters or digits that no other run uses. */
const agentCode = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(0, 16);

const justNow = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();

async function ingest(request: APIRequestContext, auth: string, kind: 'transfers' | 'bets', records: object[]) {
  const res = await request.post(`/v1/ingest/${kind}`, { data: { [kind]: records }, headers: { authorization: auth } });
  const json = (await res.json()) as { error_code: string; error_msg: string };
  expect(json.error_code, `${kind}: ${json.error_msg}`).toBe('0');
}

/**
 * Through the operator API: a top agent with a sub-agent and a sibling top agent, a bet of a
 * player of the sub-agent and one of the sibling's, an admin level of the whole agent tree and an
 * agent user of the top agent.
 */
async function makeWorld(admin: Api, request: APIRequestContext): Promise<World> {
  const currencies = await admin.call<{ list: { id: number; code: string }[] }>('currency/list', {});
  const cny = currencies.list.find((c) => c.code === 'CNY')!;
  const games = await admin.call<{ list: { code: string }[] }>('game/list', {});
  const game = games.list[0]!.code;
  const base = { currency_id: cny.id, wallet_mode: 'transfer', share_rate: 5000 };
  const top = { code: agentCode('e2etop'), name: `E2E 总代 ${Date.now().toString(36)}` };
  const { id: topId } = await admin.call<{ id: number }>('agent/add', { ...base, ...top, parent_id: 0 });
  const sub = { code: agentCode('e2esub') };
  const { id: subId } = await admin.call<{ id: number }>('agent/add', { ...base, code: sub.code, name: 'E2E 下级', parent_id: topId, share_rate: 3000 });
  const sibling = { code: agentCode('e2esib') };
  const { id: siblingId } = await admin.call<{ id: number }>('agent/add', { ...base, code: sibling.code, name: 'E2E 同级', parent_id: 0 });

  const { id: levelId } = await admin.call<{ id: number }>('agent/adminlevel/add', {
    name: uniqueAccount('E2E级'),
    level: 1,
    permissions: '1401,1402,1403,1404,201,202,203,204,301,302,303,304,6,7,801,1305',
  });
  const account = uniqueAccount('e2eagent');
  const password = 'agent-pass-1';
  await admin.call('agent/user/add', { agent_id: topId, account, name: 'E2E 代理账号', password: hashPassword(password), admin_level_id: levelId });

  const key = await admin.call<{ app_id: string; secret: string }>('key/add', { agent_id: 0, type: 'ingest', remark: 'e2e agent back office' });
  const auth = `Bearer ${key.app_id}:${key.secret}`;
  const players = [sub.code, sibling.code].map((code) => ({ agent_code: code, player_account: `${code}p`, currency_code: 'CNY' }));
  await ingest(request, auth, 'transfers', players.map((p, i) => ({ ...p, order_id: `${p.player_account}-in`, direction: 'in', amount: '1000', time: justNow(300 - i) })));
  await ingest(
    request,
    auth,
    'bets',
    players.map((p) => ({
      ...p, bet_id: `${p.player_account}-b1`, round_id: `${p.player_account}-r1`, game_code: game, bet_amount: '100', valid_bet_amount: '100', payout_amount: '40',
      tax_amount: '0', bonus_amount: '0', jackpot_contribution: '0', bet_time: justNow(200), settle_time: justNow(190), device: 'web',
    })),
  );
  return { top: { id: topId, ...top }, sub: { id: subId, ...sub }, sibling: { id: siblingId, ...sibling }, account, password };
}

/** Logs the agent user in on the agent tab; a user without an authenticator skips binding one. */
async function agentSignIn(page: Page, w: World) {
  await page.goto('/#/login');
  await page.getByRole('tab', { name: '代理登录' }).click();
  await page.getByPlaceholder('代理代码').fill(w.top.code);
  await page.getByPlaceholder('用户名').fill(w.account);
  await page.getByPlaceholder('密码', { exact: true }).fill(w.password);
  await page.getByPlaceholder('验证码').fill('000000');
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  const skip = page.getByRole('button', { name: '暂不绑定' });
  await expect(skip.or(page.getByTestId('user-menu'))).toBeVisible({ timeout: 20_000 });
  if (await skip.isVisible()) await skip.click();
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 });
}

const dailyRows = (page: Page) => page.getByTestId('report-agent-daily').locator('.ant-table-row');

test.describe('agent back office', () => {
  test('an agent user logs in on the agent tab, sees the agent menus and their own sub-tree, and no operator screen', async ({ page, request }) => {
    const w = await makeWorld(await adminApi(request), request);
    await agentSignIn(page, w);

    // Home is their first report; the header names their agent.
    await expect(page).toHaveURL(/#\/agent\/report\/summary/);
    await expect(page.getByTestId('header-agent')).toContainText(w.top.code);
    await expect(page.getByTestId('header-agent')).toContainText(w.top.name);

    const menu = sideMenu(page);
    for (const item of ['代理报表', '玩家报表', '游戏报表', '账变记录', '代理管理', '玩家管理']) await expect(menu.getByText(item, { exact: true })).toBeVisible();
    for (const item of ['仪表盘', '厂商报表', '币种报表', '游戏管理', '日志管理', '运维管理']) await expect(menu.getByText(item, { exact: true })).toHaveCount(0);
    // Of the background settings only their exports.
    await menu.getByText('后台设置', { exact: true }).click();
    await expect(menu.getByText('导出管理', { exact: true })).toBeVisible();
    await expect(menu.getByText('币种管理', { exact: true })).toHaveCount(0);
    await expect(menu.getByText('后台账号管理', { exact: true })).toHaveCount(0);

    // The daily report holds their sub-agent's bets, never the sibling's; every call went to /v1/agent/.
    const operatorCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/v1/operator/')) operatorCalls.push(r.url());
    });
    await page.goto('/#/agent/report/daily');
    await expect(dailyRows(page).filter({ hasText: w.sub.code })).toContainText('100.00');
    await expect(dailyRows(page).filter({ hasText: w.sibling.code })).toHaveCount(0);

    // An operator's screen, asked for by its address, is the forbidden page.
    for (const path of ['/background/currency', '/log/index', '/operation/key']) {
      await page.goto(`/#${path}`);
      await expect(page.getByTestId('error-401')).toBeVisible();
    }
    expect(operatorCalls).toEqual([]);
  });

  test('disabling their agent sends the agent user back to the login screen, on the agent tab', async ({ page, request }) => {
    const admin = await adminApi(request);
    const w = await makeWorld(admin, request);
    await agentSignIn(page, w);
    await page.goto('/#/agent/report/daily');
    await expect(dailyRows(page).filter({ hasText: w.sub.code })).toBeVisible();
    // The trend chart has read its rows: a silent call refused now would end the session as well,
    // before the refresh below.
    await expect(page.getByTestId('report-trend').locator('.ant-skeleton')).toHaveCount(0);

    // The next call answers 401 A0230: the table's refresh below, or any call the screen makes
    // first (a list it refreshes in the background), which ends the session before the click.
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/v1/agent/') && r.status() === 401);
    const told = page.locator('.ant-notification-notice', { hasText: '您的会话已过期，请重新登录' }).waitFor({ state: 'attached' });
    await admin.call('agent/edit', { id: w.top.id, status: 2 });
    await page
      .getByTestId('report-agent-daily')
      .getByRole('button', { name: '刷新' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await refused;
    // Told why, once (the notice may already be leaving by the time the login screen shows).
    await told;
    await expect(page).toHaveURL(/#\/login/);
    await expect(page.getByRole('tab', { name: '代理登录' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByPlaceholder('代理代码')).toBeVisible();
    // Nor can they log in again.
    await page.getByPlaceholder('代理代码').fill(w.top.code);
    await page.getByPlaceholder('用户名').fill(w.account);
    await page.getByPlaceholder('密码', { exact: true }).fill(w.password);
    await page.getByPlaceholder('验证码').fill('000000');
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await expect(page.getByText('账号已停用')).toBeVisible();
    await expect(page).toHaveURL(/#\/login/);
  });

  test("operators find agent users' logins in the operation log, under their agent's code", async ({ page, request }) => {
    const admin = await adminApi(request);
    const w = await makeWorld(admin, request);
    const res = await request.post('/v1/agent/login', {
      data: { agent_code: w.top.code, account: w.account, password: hashPassword(w.password), google_code: '' },
    });
    expect(((await res.json()) as { error_code: string }).error_code).toBe('0');

    await signInDirectly(page);
    await page.goto(`/#/log/index?actor=agent&agent_code=${w.top.code}`);
    const row = page.locator('.ant-table-row').filter({ hasText: `${w.top.code} / ${w.account}` });
    await expect(row.first()).toContainText('登录');
    await expect(row.first()).toContainText('代理账号');
    // The filters show what the list holds.
    await expect(page.getByLabel('代理代码')).toHaveValue(w.top.code);
  });
});
