import { expect, type Page, test } from './fixtures';
import { accountRow as row, ADMIN, adminApi, Api, dropSession, signIn, signInDirectly, totpCode, uniqueAccount } from './support';

/**
 * Searches the list for `account` and waits until the rows are that search's: the account may also
 * be among the rows shown before (the newest accounts lead the unfiltered list), and the search
 * reaches the list a moment after Enter.
 */
async function searchFor(page: Page, account: string) {
  const field = page.getByPlaceholder('搜索账号或姓名');
  await field.fill(account);
  await expect(field).toHaveValue(account);
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]keyword=${account}(&|$)`));
  await expect(page.locator('.list-table-card .ant-spin-spinning')).toHaveCount(0);
  // Every row matches the keyword (in its account or its name), and the account is one of them.
  await expect(page.locator('.ant-table-row').filter({ hasNotText: account })).toHaveCount(0);
  await expect(row(page, account)).toHaveCount(1);
  await expect(field).toHaveValue(account);
}

test.describe('backend account management', () => {
  test.beforeEach(async ({ page }) => {
    await signInDirectly(page);
    await page.goto('/#/background/account');
    await expect(page).toHaveURL(/#\/background\/account$/);
  });

  test('lists accounts with paging, sorting, filters and the caller marked', async ({ page, request }) => {
    const admin = await adminApi(request);
    const prefix = uniqueAccount('ls').slice(0, 20);
    for (const n of [1, 2, 3]) await admin.addUser(`${prefix}x${n}`, 'list-pass-1', '1', { name: `列表${n}` });
    const disabledId = await admin.addUser(`${prefix}x4`, 'list-pass-1', '1');
    await admin.call('user/status/edit', { user_id: disabledId, status: 2 });

    await expect(row(page, ADMIN.account)).toContainText('当前账号');
    await expect(page.getByText(/共 \d+ 条/)).toBeVisible();

    await page.getByPlaceholder('搜索账号或姓名').fill(prefix);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.getByText('共 4 条')).toBeVisible();

    // Sorting by account, descending on the second click.
    const header = page.getByRole('columnheader', { name: '账号' });
    await header.click();
    // The second click once the header shows the first order (it follows the URL a moment later, and
    // a click before that asks again for the order it still offers) and its rows have loaded.
    await expect(page).toHaveURL(/sort_order=ascend/);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.locator('.list-table-card .ant-spin-spinning')).toHaveCount(0);
    await header.click();
    await expect(page.locator('.ant-table-row').first()).toContainText(`${prefix}x4`);

    await page.getByRole('combobox', { name: /状态/ }).click();
    await page.locator('.ant-select-item-option', { hasText: '停用' }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.getByText('共 1 条')).toBeVisible();
    await expect(row(page, `${prefix}x4`)).toContainText('停用');

    await page.getByPlaceholder('搜索账号或姓名').fill(`${prefix}nobody`);
    await page.getByPlaceholder('搜索账号或姓名').press('Enter');
    await expect(page.getByText('没有符合条件的账号')).toBeVisible();

    await page.getByRole('button', { name: /重\s*置/ }).click();
    await expect(row(page, ADMIN.account)).toBeVisible();
  });

  test('sorts the whole list on the server, not only the page on screen', async ({ page, request }) => {
    const admin = await adminApi(request);
    const prefix = uniqueAccount('srt').slice(0, 20);
    // One page and one row more, created in name order: newest first, 21 leads and 01 is on page 2.
    const names = Array.from({ length: 21 }, (_, i) => `${prefix}n${String(i + 1).padStart(2, '0')}`);
    for (const name of names) await admin.addUser(name, 'sort-pass-1', '1');

    await page.getByPlaceholder('搜索账号或姓名').fill(prefix);
    await page.getByPlaceholder('搜索账号或姓名').press('Enter');
    await expect(page.getByText('共 21 条')).toBeVisible();
    await expect(page.locator('.ant-table-row').first()).toContainText(names[20]!);

    await page.locator('.ant-pagination-item-2').click();
    await expect(page.locator('.ant-table-row')).toHaveCount(1);

    // Ascending by account starts again on page 1, with the first account of all 21 on top.
    const asked = page.waitForRequest((r) => r.url().endsWith('/user/list') && r.postDataJSON().sort_field === 'account');
    await page.getByRole('columnheader', { name: '账号' }).click();
    expect((await asked).postDataJSON()).toMatchObject({ page: 1, sort_field: 'account', sort_order: 'ascend', keyword: prefix });
    await expect(page.locator('.ant-table-row').first()).toContainText(names[0]!);
    await expect(page.locator('.ant-table-row')).toHaveCount(20);
    await expect(page.locator('.ant-pagination-item-1')).toHaveClass(/ant-pagination-item-active/);

    await page.locator('.ant-pagination-item-2').click();
    await expect(page.locator('.ant-table-row')).toHaveCount(1);
    await expect(page.locator('.ant-table-row').first()).toContainText(names[20]!);
  });

  test('keeps filters, order and page size in the URL across a reload and a visit from the menu', async ({ page, request }) => {
    const admin = await adminApi(request);
    const prefix = uniqueAccount('url').slice(0, 20);
    for (const n of [1, 2, 3]) await admin.addUser(`${prefix}x${n}`, 'url-pass-1', '1');

    await page.getByPlaceholder('搜索账号或姓名').fill(prefix);
    await page.getByPlaceholder('搜索账号或姓名').press('Enter');
    await expect(page.getByText('共 3 条')).toBeVisible();
    const header = page.getByRole('columnheader', { name: '账号' });
    await header.click();
    // The second click once the header shows the first order (it follows the URL a moment later, and
    // a click before that asks again for the order it still offers) and its rows have loaded.
    await expect(page).toHaveURL(/sort_order=ascend/);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.locator('.list-table-card .ant-spin-spinning')).toHaveCount(0);
    await header.click();
    await page.locator('.ant-pagination-options .ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: '50' }).click();
    await expect(page).toHaveURL(new RegExp(`keyword=${prefix}`));
    await expect(page).toHaveURL(/sort_field=account&sort_order=descend/);
    await expect(page).toHaveURL(/page_size=50/);

    const kept = async () => {
      await expect(page.getByPlaceholder('搜索账号或姓名')).toHaveValue(prefix);
      await expect(page.getByText('共 3 条')).toBeVisible();
      await expect(page.locator('.ant-table-row').first()).toContainText(`${prefix}x3`);
      await expect(header).toHaveAttribute('aria-sort', 'descending');
      await expect(page.locator('.ant-pagination-options')).toContainText('50');
    };
    await page.reload();
    await kept();

    // Opened again without a query (from the menu, a bookmark): as the user left it.
    await page.goto('/#/dashboard');
    await page.goto('/#/background/account');
    await expect(page).toHaveURL(new RegExp(`keyword=${prefix}`));
    await kept();

    // Reset clears the filters (page size and order stay), for good.
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await expect(page).not.toHaveURL(/keyword=/);
    await expect(page).toHaveURL(/page_size=50/);
    await page.reload();
    await expect(page.getByPlaceholder('搜索账号或姓名')).toHaveValue('');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
  });

  test('hides a column from the column settings, and keeps it hidden after a reload', async ({ page }) => {
    await searchFor(page, ADMIN.account);
    await expect(page.getByRole('columnheader', { name: '姓名' })).toBeVisible();
    await page.getByRole('button', { name: '列设置' }).click();
    const settings = page.getByTestId('column-settings');
    await settings.getByRole('checkbox', { name: '姓名' }).uncheck();
    await expect(page.getByRole('columnheader', { name: '姓名' })).toHaveCount(0);

    await page.reload();
    await expect(row(page, ADMIN.account)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: '账号' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: '姓名' })).toHaveCount(0);

    await page.getByRole('button', { name: '列设置' }).click();
    await settings.getByRole('checkbox', { name: '姓名' }).check();
    await expect(page.getByRole('columnheader', { name: '姓名' })).toBeVisible();
  });

  test('pressing Enter again while an account is being created sends nothing more', async ({ page, request }) => {
    const account = uniqueAccount('dbl');
    let sent = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/operator/user/add', async (route) => {
      sent++;
      await held;
      await route.continue();
    });

    await page.getByRole('button', { name: '新增账号' }).click();
    const dialog = page.getByRole('dialog', { name: '新增后台账号' });
    await dialog.getByLabel('账号', { exact: true }).fill(account);
    await dialog.getByLabel('姓名', { exact: true }).fill('回车');
    await dialog.getByLabel('密码', { exact: true }).fill('enter-pass-1');
    await dialog.getByLabel('确认密码').fill('enter-pass-1');
    const field = dialog.getByLabel('确认密码');
    await field.press('Enter');
    await expect.poll(() => sent).toBe(1);
    await field.press('Enter');
    await field.press('Enter');
    await dialog.getByRole('button', { name: /保\s*存/ }).click({ force: true });
    // Time for a second request to show up, were one sent.
    await page.waitForTimeout(1_000);
    expect(sent).toBe(1);

    release();
    await expect(page.getByText('账号已创建')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/已存在/)).toHaveCount(0);
    const admin = await adminApi(request);
    expect((await admin.call<{ total: number }>('user/list', { keyword: account })).total).toBe(1);
  });

  test('adds an account with permissions, edits them, resets the password, disables and enables it', async ({ page, request }) => {
    const account = uniqueAccount('new');
    await page.getByRole('button', { name: '新增账号' }).click();
    const dialog = page.getByRole('dialog', { name: '新增后台账号' });

    // Validation in the user's language; Enter submits.
    await dialog.getByLabel('账号', { exact: true }).press('Enter');
    await expect(dialog.getByText('请输入账号')).toBeVisible();
    await expect(dialog.getByText('请输入姓名')).toBeVisible();
    await expect(dialog.getByText('请输入密码')).toBeVisible();

    await dialog.getByLabel('账号', { exact: true }).fill(account);
    await dialog.getByLabel('姓名', { exact: true }).fill('测试员');
    await dialog.getByLabel('密码', { exact: true }).fill('new-pass-1');
    await dialog.getByLabel('确认密码').fill('new-pass-2');
    await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible();
    await dialog.getByLabel('确认密码').fill('new-pass-1');
    await dialog.getByLabel('手机号', { exact: true }).fill('12');
    await expect(dialog.getByText('请输入正确的手机号')).toBeVisible();
    await dialog.getByLabel('手机号', { exact: true }).fill('');

    const tree = dialog.getByTestId('permission-tree');
    await tree.getByText('后台账号管理').click();
    await tree.getByText('代理日汇总').click();
    await dialog.getByLabel('确认密码').press('Enter');
    await expect(page.getByText('账号已创建')).toBeVisible();
    await expect(dialog).toBeHidden();

    const admin = await adminApi(request);
    const created = await admin.findUser(account);
    expect(created?.permissions.split(',').sort()).toEqual(['13', '1301', '14', '1402'].sort());

    await searchFor(page, account);
    const r = row(page, account);
    await expect(r).toContainText('测试员');
    await expect(r).toContainText('启用');
    await expect(r).toContainText('未绑定');

    // Permissions: take the agent report away, grant the whole backend-settings module.
    await r.getByRole('button', { name: '权限设置' }).click();
    const perms = page.getByRole('dialog', { name: `权限设置 · ${account}` });
    const permTree = perms.getByTestId('permission-tree');
    await permTree.getByText('代理日汇总').click();
    await permTree.getByText('后台设置').click();
    await perms.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('权限已保存')).toBeVisible();
    expect((await admin.findUser(account))?.permissions.split(',').sort()).toEqual(['13', '1301', '1303', '1305'].sort());

    // Reset password: the new one works, the old one does not.
    await r.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '重置密码' }).click();
    const reset = page.getByRole('dialog', { name: `重置密码 · ${account}` });
    await reset.getByLabel('密码', { exact: true }).fill('reset-pass-9');
    await reset.getByLabel('确认密码').fill('reset-pass-9');
    await reset.getByLabel('确认密码').press('Enter');
    await expect(page.getByText('密码已重置')).toBeVisible();
    const asUser = new Api(request);
    const refused = await asUser.raw('login', { type: 1, account, password: '00000000000000000000000000000000', google_code: '' });
    expect(refused.json.error_code).not.toBe('0');
    await asUser.login(account, 'reset-pass-9');

    // Disable (ends the user's session at once), then enable again.
    await r.getByRole('button', { name: '停用' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: /确\s*认/ }).click();
    await expect(page.getByText('账号已停用')).toBeVisible();
    await expect(r).toContainText('停用');
    expect((await asUser.raw('user/info')).status).toBe(401);

    await r.getByRole('button', { name: '启用' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: /确\s*认/ }).click();
    await expect(page.getByText('账号已启用')).toBeVisible();
    await asUser.login(account, 'reset-pass-9');
  });

  test('unbinds an authenticator', async ({ page, request }) => {
    const admin = await adminApi(request);
    const account = uniqueAccount('tfa');
    await admin.addUser(account, 'tfa-pass-1', '1');
    const user = new Api(request);
    await user.login(account, 'tfa-pass-1');
    const { secret } = await user.call<{ secret: string }>('user/google/bind/init');
    await user.call('user/google/bind/confirm', { code: totpCode(secret) });

    await searchFor(page, account);
    const r = row(page, account);
    await expect(r).toContainText('已绑定');
    await r.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '解绑验证器' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: account });
    await expect(confirm).toContainText('解绑后该账号下次登录需要重新绑定');
    await confirm.getByRole('button', { name: /确\s*认/ }).click();
    await expect(page.getByText('身份验证器已解绑')).toBeVisible();
    await expect(r).toContainText('未绑定');
    await r.getByRole('button', { name: /更多/ }).click();
    await expect(page.getByRole('menuitem', { name: '解绑验证器' })).toHaveAttribute('aria-disabled', 'true');
    expect((await admin.findUser(account))?.google_bound).toBe(false);
  });

  test('offers no actions on the caller’s own account and shows greyed-out codes the caller cannot grant', async ({ page, request }) => {
    const admin = await adminApi(request);
    const manager = uniqueAccount('mgr');
    await admin.addUser(manager, 'manager-1', '13,1301,1,14,1401');

    await dropSession(page);
    await signIn(page, manager, 'manager-1');
    await page.goto('/#/background/account');

    await searchFor(page, manager);
    await expect(row(page, manager).getByRole('button', { name: '权限设置' })).toBeDisabled();
    await expect(row(page, manager).getByRole('button', { name: /更多/ })).toBeDisabled();

    await searchFor(page, ADMIN.account);
    // The admin holds codes the manager lacks, so the manager cannot touch that account.
    await expect(row(page, ADMIN.account).getByRole('button', { name: '权限设置' })).toBeDisabled();

    await page.getByRole('button', { name: '新增账号' }).click();
    const tree = page.getByRole('dialog', { name: '新增后台账号' }).getByTestId('permission-tree');
    await expect(tree.locator('.ant-tree-treenode-disabled, .ant-tree-checkbox-disabled').first()).toBeVisible();
    const currencyNode = tree.locator('.ant-tree-treenode', { hasText: '币种管理' });
    await expect(currencyNode.locator('.ant-tree-checkbox-disabled')).toHaveCount(1);
    const accountNode = tree.locator('.ant-tree-treenode', { hasText: '后台账号管理' });
    await expect(accountNode.locator('.ant-tree-checkbox-disabled')).toHaveCount(0);
  });
});
