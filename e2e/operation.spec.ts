import { expect, type Page, test } from './fixtures';
import { adminApi, DEMO_AGENT_KEY, demoAgentClient, signInDirectly } from './support';

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ has: page.getByText(text, { exact: true }) });
const tag = () => Date.now().toString(36).toUpperCase().slice(-6);

test.describe('operations: keys, currencies, domains and the operation log', () => {
  test('issues a key, shows its secret once, and lists it', async ({ page }) => {
    await signInDirectly(page);
    await page.goto('/#/operation/key');
    await page.getByRole('button', { name: '签发密钥' }).click();
    const dialog = page.getByRole('dialog', { name: '签发 API 密钥' });
    await dialog.getByText('接入密钥').click();
    await dialog.getByLabel('备注').fill('e2e game server');
    await dialog.getByRole('button', { name: /签\s*发/ }).click();

    const shown = page.getByRole('dialog', { name: '密钥已签发' });
    await expect(shown.getByText('关闭后将不再显示')).toBeVisible();
    const secret = (await shown.getByTestId('key-secret').innerText()).trim();
    expect(secret.length).toBeGreaterThanOrEqual(40);
    const appId = (await shown.locator('code').first().innerText()).trim();
    await shown.getByRole('button', { name: '我已复制' }).click();
    await expect(shown).toBeHidden();

    const row = rowOf(page, appId);
    await expect(row).toContainText('e2e game server');
    await expect(row).toContainText('接入密钥');
    await expect(page.getByText(secret)).toHaveCount(0);
  });

  test('an agent key shows when and from where the agent API last used it; the log finds the agent API\'s refusals by action', async ({ page, baseURL }) => {
    await demoAgentClient(baseURL).playerBalance({ agent_code: DEMO_AGENT_KEY.agentCode, account: 'no_such_player_e2e' }).catch(() => undefined);
    // A wrong secret: refused (A0233) and logged as api/player/balance under the key's app id.
    await expect(demoAgentClient(baseURL, 'not-the-secret').playerBalance({ agent_code: DEMO_AGENT_KEY.agentCode, account: 'x' })).rejects.toMatchObject({ code: 'A0233' });

    await signInDirectly(page);
    await page.goto('/#/operation/key');
    const used = rowOf(page, DEMO_AGENT_KEY.appId);
    await expect(used).toContainText('127.0.0.1');
    await expect(used).not.toContainText('从未使用');
    // The demo's ingest key has had no call in this run.
    await expect(page.getByRole('row').filter({ hasText: '演示游戏服务器' })).toContainText('从未使用');

    await page.goto('/#/log/index');
    await page.locator('#log-filters_action').click();
    await page.keyboard.type('代理 API');
    await page.locator('.ant-select-item-option', { hasText: '代理 API · 查询余额 · api/player/balance' }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const refused = page.getByRole('row').filter({ hasText: 'api/player/balance' }).filter({ hasText: DEMO_AGENT_KEY.appId }).first();
    await expect(refused).toContainText('A0233');
    await expect(page.getByRole('row').filter({ hasText: 'key/add' })).toHaveCount(0);
  });

  test('adds a currency and a domain, then finds these actions in the operation log with their changes', async ({ page, request }) => {
    const code = `E${tag()}`;
    await signInDirectly(page);
    await page.goto('/#/background/currency');
    await page.getByRole('button', { name: '新增币种' }).click();
    const cur = page.getByRole('dialog', { name: '新增币种' });
    await cur.getByLabel('代码').fill(code);
    await cur.getByLabel('名称').fill('端到端币');
    await cur.getByLabel('对基准汇率').fill('0');
    await expect(cur.getByText('大于 0 的数字，最多 8 位小数')).toBeVisible();
    await cur.getByLabel('对基准汇率').fill('6.12345678');
    await cur.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('币种已新增')).toBeVisible();
    await expect(rowOf(page, code)).toContainText('6.12345678');
    await rowOf(page, code).getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: `编辑币种 · ${code}` });
    await edit.getByLabel('对基准汇率').fill('6.5');
    await edit.getByRole('button', { name: /保\s*存/ }).click();
    await expect(rowOf(page, code)).toContainText('6.5');

    const host = `e2e-${tag().toLowerCase()}.例子.example`;
    await page.goto('/#/operation/domain');
    await page.getByRole('button', { name: '新增域名' }).click();
    const dom = page.getByRole('dialog', { name: '新增域名' });
    await dom.getByLabel('域名').fill(`https://${host}/`);
    await expect(dom.getByText('只能填写主机名，不含 http://、路径或端口')).toBeVisible();
    await dom.getByLabel('域名').fill(host);
    await dom.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('域名已新增')).toBeVisible();
    const domRow = rowOf(page, host);
    await expect(domRow).toContainText('.xn--fsqu00a.example');

    const api = await adminApi(request);
    const dup = await api.raw('domain/add', { domain: host.toUpperCase(), type: 'game', agent_id: 0 });
    expect(dup.json.error_code).toBe('A0409');

    await page.goto('/#/log/index');
    const currencyEdit = page.getByRole('row').filter({ hasText: `currency:` }).filter({ hasText: code }).filter({ hasText: '编辑币种' });
    await expect(currencyEdit).toBeVisible();
    await currencyEdit.locator('.ant-table-row-expand-icon').click();
    const diff = page.locator('.ant-table-expanded-row').first();
    await expect(diff).toContainText('汇率');
    await expect(diff.locator('del')).toHaveText('6.12345678');
    await expect(diff).toContainText('6.5');

    await expect(page.getByRole('row').filter({ hasText: '新增币种' }).filter({ hasText: code })).toBeVisible();
    const domainAdd = page.getByRole('row').filter({ hasText: '新增域名' }).filter({ hasText: 'xn--fsqu00a.example' }).first();
    await domainAdd.locator('.ant-table-row-expand-icon').click();
    await expect(page.locator('.ant-table-expanded-row').filter({ hasText: host })).toBeVisible();

    // The action filter is a localized select of call names.
    await page.locator('#log-filters_action').click();
    await page.keyboard.type('签发');
    await page.locator('.ant-select-item-option', { hasText: '签发密钥 · key/add' }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.getByRole('row').filter({ hasText: 'key/add' }).first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'currency/add' })).toHaveCount(0);
  });
});
