import { expect, type Page, test } from './fixtures';
import { adminApi, type Api, signInDirectly } from './support';

/**
 * A dialog acts on the record it names, and on nothing else: the agent dialog opened on a second
 * agent shows (and saves) that agent's values, never the last one's; "new sub-agent" starts empty;
 * the agent game config's row actions wait for the chosen agent's rows, and the write goes to the
 * agent the dialog and its confirmation name.
 */

interface AgentRow {
  id: number;
  code: string;
  name: string;
  share_rate: number;
  ip_whitelist: string[];
  remark?: string;
}

async function agentByCode(admin: Api, code: string): Promise<AgentRow> {
  const r = await admin.call<{ list: AgentRow[] }>('agent/list', { keyword: code, page: 1, page_size: 50 });
  return r.list.find((a) => a.code === code)!;
}

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ has: page.getByText(text, { exact: true }) });

test.describe('dialogs act on the record they name', () => {
  test('the agent dialog opened on a second agent shows and saves that agent, and a new sub-agent starts empty', async ({ page, request }) => {
    const admin = await adminApi(request);
    const sh = await agentByCode(admin, 'CN01-SH');
    const hz = await agentByCode(admin, 'CN01-HZ');

    await signInDirectly(page);
    await page.goto('/#/agent/manage/index');
    const search = page.getByPlaceholder('搜索代码或名称');
    await search.fill('代理');
    await search.press('Enter');
    await expect(rowOf(page, sh.name)).toBeVisible();

    const editOf = async (a: AgentRow) => {
      await rowOf(page, a.name).getByRole('button', { name: `${a.code} 的操作` }).click();
      await page.getByRole('menuitem', { name: '编辑' }).click();
      const dialog = page.getByRole('dialog', { name: `编辑代理 · ${a.code}` });
      await expect(dialog).toBeVisible();
      return dialog;
    };

    // The first agent, changed and then cancelled.
    let dialog = await editOf(sh);
    await expect(dialog.getByLabel('名称')).toHaveValue(sh.name);
    await dialog.getByLabel('名称').fill('typed then cancelled');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await expect(dialog).toBeHidden();

    // The second agent: its own code, name and share rate, at once and after a moment.
    dialog = await editOf(hz);
    await expect(dialog.getByLabel('代码')).toHaveValue(hz.code);
    await expect(dialog.getByLabel('名称')).toHaveValue(hz.name);
    await expect(dialog.getByLabel('占成')).toHaveValue((hz.share_rate / 100).toFixed(2));
    await page.waitForTimeout(400);
    await expect(dialog.getByLabel('名称')).toHaveValue(hz.name);
    await expect(dialog.getByLabel('占成')).toHaveValue((hz.share_rate / 100).toFixed(2));

    // One address added and saved: only that changes, on this agent alone.
    await dialog.getByRole('button', { name: '添加地址' }).click();
    const entries = hz.ip_whitelist.length + 1;
    await dialog.getByLabel(`白名单第 ${entries} 条`).fill('10.9.8.7');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('代理已保存')).toBeVisible();
    const hzAfter = await agentByCode(admin, hz.code);
    expect(hzAfter.name).toBe(hz.name);
    expect(hzAfter.share_rate).toBe(hz.share_rate);
    expect(hzAfter.ip_whitelist).toEqual([...hz.ip_whitelist, '10.9.8.7']);
    expect(await agentByCode(admin, sh.code)).toEqual(sh);

    // "New sub-agent" after those edits: nothing of either agent but the parent's preset share.
    await rowOf(page, hz.name).getByRole('button', { name: `${hz.code} 的操作` }).click();
    await page.getByRole('menuitem', { name: '新增下级' }).click();
    dialog = page.getByRole('dialog', { name: '新增代理' });
    await expect(dialog.getByLabel('代码')).toHaveValue('');
    await expect(dialog.getByLabel('名称')).toHaveValue('');
    await expect(dialog.getByLabel('占成')).toHaveValue((hzAfter.share_rate / 100).toFixed(2));
    await expect(dialog.getByLabel('白名单第 1 条')).toHaveCount(0);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();

    // Put the address back as it was.
    await admin.call('agent/edit', { id: hz.id, name: hz.name, share_rate: hz.share_rate, ip_whitelist: hz.ip_whitelist, remark: hzAfter.remark ?? '' });
  });

  test('agent game config: row actions wait for the chosen agent’s rows, and the write goes to the agent named', async ({ page, request }) => {
    const admin = await adminApi(request);
    const sh = await agentByCode(admin, 'CN01-SH');
    const hz = await agentByCode(admin, 'CN01-HZ');
    const listOf = (agentId: number) => (r: { url(): string; request(): { postData(): string | null } }) =>
      r.url().endsWith('/game/agent/list') && (JSON.parse(r.request().postData() ?? '{}') as { agent_id?: number }).agent_id === agentId;

    await signInDirectly(page);
    await page.goto(`/#/game/manage/agent?agent_id=${sh.id}`);
    const firstEdit = page.locator('[data-testid^="agent-edit-"]').first();
    await expect(firstEdit).toBeVisible({ timeout: 20_000 });
    const game = (await firstEdit.getAttribute('data-testid'))!.replace('agent-edit-', '');

    // The other agent's rows are held back: the first agent's stay in sight, and none of their actions can be reached.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/game/agent/list', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { agent_id?: number };
      if (body.agent_id === hz.id) await held;
      await route.continue();
    });
    const hzRead = page.waitForResponse(listOf(hz.id));
    await page.getByRole('tree').getByTestId('agent-node-CN01-HZ').click();
    await expect(page.locator('.list-table-card .ant-card-head-title').first()).toHaveText(`${hz.name}（${hz.code}）的游戏`);
    const staleEdit = page.getByTestId(`agent-edit-${game}`);
    await expect(staleEdit).toBeVisible();
    // By keyboard as well as by pointer: focus it and press Enter.
    await staleEdit.evaluate((el) => (el as HTMLElement).focus());
    await page.keyboard.press('Enter');
    await staleEdit.evaluate((el) => (el as HTMLElement).click());
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    release();
    await hzRead;
    await page.unroute('**/game/agent/list');

    // Now the row is the named agent's: the dialog, its confirmation and the write all name it.
    const writes: Array<{ agent_id: number; game_id: number; enabled: number | null | undefined }> = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/game/agent/edit')) writes.push(JSON.parse(r.postData() ?? '{}'));
    });
    await page.getByTestId(`agent-edit-${game}`).click();
    const dialog = page.getByRole('dialog').filter({ has: page.locator('form#agent-config-edit') });
    await expect(dialog).toContainText(hz.code);
    await expect(dialog).not.toContainText(sh.code);
    const enabled = dialog.getByRole('switch');
    test.skip(!(await enabled.isChecked()) || (await enabled.isDisabled()), 'the game is off for this agent already');
    await enabled.click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByTestId('confirm-off-text')).toContainText(hz.code);
    await page.getByRole('dialog').getByRole('button', { name: /^停\s*用$/ }).click();
    await expect(dialog).toBeHidden();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.agent_id).toBe(hz.id);

    // Switched back on again, for the tests that follow.
    await page.getByTestId(`agent-edit-${game}`).click();
    await dialog.getByRole('switch').click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    expect(writes.map((w) => w.agent_id)).toEqual([hz.id, hz.id]);
  });
});
