import { expect, type Page, test } from './fixtures';
import { adminApi, signInDirectly } from './support';

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ has: page.getByText(text, { exact: true }) });
const code = (prefix: string) => `${prefix}${Date.now().toString(36)}`.slice(0, 16);

test.describe('agent management', () => {
  test.beforeEach(async ({ page }) => {
    await signInDirectly(page);
    await page.goto('/#/agent/manage/index');
    await expect(rowOf(page, '华东总代')).toBeVisible();
  });

  test('adds a sub-agent under a top agent, capped at its share rate, and shows it in the tree', async ({ page }) => {
    // In the demo's own style: upper case and a hyphen (docs/product.md, "Agents").
    const sub = code('CN01-E');
    const top = rowOf(page, '华东总代');
    await top.getByRole('button', { name: 'CN01 的操作' }).click();
    await page.getByRole('menuitem', { name: '新增下级' }).click();
    const dialog = page.getByRole('dialog', { name: '新增代理' });
    await expect(dialog.getByText('华东总代 (CN01)')).toBeVisible();
    await expect(dialog.getByText('最多为上级的 60.00%')).toBeVisible();
    // The parent's currency is preset and fixed.
    await expect(dialog.locator('.ant-select-disabled')).toContainText('CNY');

    // The rule is under the field before anything is typed.
    await expect(dialog.getByText('4–16 位字母、数字或“-”，以字母或数字开头和结尾；按输入保存，大小写不同也视为同一代码，不能与已有代码重复；创建后不可修改')).toBeVisible();
    await dialog.getByLabel('代码').fill('Bad_Code');
    await expect(dialog.getByText('4–16 位字母、数字或“-”，以字母或数字开头和结尾', { exact: true })).toBeVisible();
    await dialog.getByLabel('代码').fill(sub);
    await dialog.getByLabel('名称').fill('端到端下级');
    await dialog.getByLabel('占成').fill('70');
    await dialog.getByRole('button', { name: '添加地址' }).click();
    await dialog.getByLabel('白名单第 1 条').fill('10.0.0.300');
    // The error shows under the entry at fault, above the add button.
    const entry = dialog.locator('.ip-whitelist-entry').filter({ has: page.getByLabel('白名单第 1 条') });
    await expect(entry.getByText('不是有效的 IPv4/IPv6 地址或 CIDR 网段')).toBeVisible();
    await dialog.getByLabel('白名单第 1 条').fill('10.0.0.0/8');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('不能超过上级的 60.00%')).toBeVisible();
    await dialog.getByLabel('占成').fill('35');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('代理已创建')).toBeVisible();

    // The collapsed parent opens by itself, and the new row is brought into view and marked.
    const added = rowOf(page, sub);
    await expect(added).toBeVisible();
    await expect(added).toHaveClass(/agent-row-fresh/);
    await expect(added).toBeInViewport();
    await expect(added).toContainText('端到端下级');
    await expect(added).toContainText('35.00%');
    await expect(added).toContainText('2 级');

    // A search lists it with the codes above it.
    await page.getByPlaceholder('搜索代码或名称').fill(sub);
    await page.getByPlaceholder('搜索代码或名称').press('Enter');
    await expect(page.getByText(`CN01/${sub}`)).toBeVisible();

    // The same code in another letter case is the same code: refused, the dialog stays open.
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await rowOf(page, '华东总代').getByRole('button', { name: 'CN01 的操作' }).click();
    await page.getByRole('menuitem', { name: '新增下级' }).click();
    const again = page.getByRole('dialog', { name: '新增代理' });
    await again.getByLabel('代码').fill(sub.toLowerCase());
    await again.getByLabel('名称').fill('大小写不同');
    await again.getByLabel('占成').fill('10');
    await again.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText(`代理代码 ${sub.toLowerCase()} 已存在`)).toBeVisible();
    await expect(again).toBeVisible();
  });

  test('adds an agent user in the drawer and disables them', async ({ page, request }) => {
    const account = code('e2eu');
    await rowOf(page, '国际总代').getByRole('button', { name: /账\s*号/ }).click();
    const drawer = page.getByRole('dialog', { name: /国际总代（GL01）的账号/ });
    await expect(drawer.getByText('gl01_admin')).toBeVisible();
    await drawer.getByRole('button', { name: '新增账号' }).click();
    const dialog = page.getByRole('dialog', { name: '新增 GL01 的账号' });
    await dialog.getByLabel('账号').fill(account);
    await dialog.getByLabel('姓名').fill('端到端账号');
    await dialog.getByLabel('管理级别').click();
    await page.locator('.ant-select-item-option').first().click();
    await dialog.getByLabel('密码', { exact: true }).fill('agent-pass-1');
    await dialog.getByLabel('确认密码').fill('agent-pass-1');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('账号已创建')).toBeVisible();

    const userRow = drawer.getByRole('row').filter({ has: page.getByText(account, { exact: true }) });
    await expect(userRow).toContainText('启用');
    await userRow.getByRole('button', { name: `${account} 的操作` }).click();
    await page.getByRole('menuitem', { name: '停用' }).click();
    await expect(page.getByText(`确定停用账号 ${account} 吗？停用后立即不能登录。`)).toBeVisible();
    await page.getByRole('button', { name: /确\s*认/ }).click();
    await expect(page.getByText('账号已停用')).toBeVisible();
    await expect(userRow).toContainText('停用');

    const api = await adminApi(request);
    const users = await api.call<{ list: { account: string; status: number }[] }>('agent/user/list', { account });
    expect(users.list).toEqual([expect.objectContaining({ account, status: 2 })]);
  });
});
