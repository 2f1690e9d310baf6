import { expect, type Page, test } from './fixtures';
import { signInDirectly } from './support';

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ has: page.getByText(text, { exact: true }) });
const tag = () => Date.now().toString(36).slice(-6);
const save = (dialog: ReturnType<Page['getByRole']>) => dialog.getByRole('button', { name: /保\s*存/ }).click();

test.describe('the catalogue and admin levels: what a production install sets up in the console', () => {
  test('adds a game provider and a game, then finds the game in its house default config and in a report filter', async ({ page }) => {
    const t = tag();
    const provider = { code: `e2e_${t}`, name: `端到端厂商${t}` };
    const game = { code: `e2e_game_${t}`, zh: `端到端游戏${t}`, en: `E2E Game ${t}` };

    await signInDirectly(page);
    await page.goto('/#/game/manage/catalogue');

    await page.getByRole('button', { name: '新增游戏厂商' }).click();
    const addProvider = page.getByRole('dialog', { name: '新增游戏厂商' });
    await addProvider.getByLabel('代码').fill('E2E!');
    await save(addProvider);
    await expect(addProvider.getByText('2–16 位小写字母、数字或 _', { exact: true })).toBeVisible();
    await addProvider.getByLabel('代码').fill(provider.code);
    await addProvider.getByLabel('名称').fill(provider.name);
    await save(addProvider);
    await expect(page.getByText('游戏厂商已新增')).toBeVisible();
    await expect(rowOf(page, provider.code)).toContainText(provider.name);
    await expect(page.getByRole('button', { name: `${provider.name}：查看它的 0 个游戏` })).toBeVisible();

    await page.getByRole('button', { name: '新增游戏', exact: true }).click();
    const addGame = page.getByRole('dialog', { name: '新增游戏' });
    await addGame.getByLabel('代码').fill(game.code);
    await addGame.getByLabel('游戏厂商').click();
    await page.locator('.ant-select-item-option').filter({ hasText: provider.name }).click();
    await addGame.getByLabel('中文名称').fill(game.zh);
    await addGame.getByLabel('英文名称').fill(game.en);
    await addGame.getByLabel('类型').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '捕鱼' }).click();
    await save(addGame);
    await expect(page.getByText('游戏已新增')).toBeVisible();
    const gameRow = rowOf(page, game.code);
    await expect(gameRow).toContainText(game.zh);
    await expect(gameRow).toContainText(game.en);
    await expect(gameRow).toContainText(provider.name);
    // The provider counts its game.
    await expect(page.getByRole('button', { name: `${provider.name}：查看它的 1 个游戏` })).toBeVisible();

    // On edit the code is shown and fixed.
    await gameRow.getByRole('button', { name: '编辑' }).click();
    const editGame = page.getByRole('dialog', { name: `编辑游戏 · ${game.code}` });
    await expect(editGame.getByLabel('代码')).toHaveValue(game.code);
    await expect(editGame.getByLabel('代码')).not.toBeEditable();
    await editGame.getByRole('button', { name: /取\s*消/ }).click();

    // The game's link opens its house default config, filtered to it, at the defaults a new game starts with.
    await page.getByTestId(`game-dealer-${game.code}`).click();
    await expect(page).toHaveURL(/#\/game\/manage\/dealer\?/);
    const dealerRow = page.getByRole('row').filter({ hasText: game.zh });
    await expect(dealerRow).toBeVisible();
    await expect(dealerRow).toContainText('96.5');

    // Every game picker has it without a reload: the game report's game filter.
    await page.goto('/#/game/report/daily');
    // Kept-alive screens stay in the page, hidden: the report's own filter form holds the picker.
    const gamePicker = page.locator('form[id^="report-"]').getByLabel('游戏', { exact: true });
    await gamePicker.click();
    await gamePicker.fill(game.zh);
    await expect(page.locator('.ant-select-item-option').filter({ hasText: game.zh })).toBeVisible();
  });

  test('adds an admin level with two report pages and offers it when adding an agent user', async ({ page }) => {
    const name = `端到端级别${tag()}`;
    await signInDirectly(page);
    await page.goto('/#/agent/manage/index');
    await page.getByRole('link', { name: '管理级别' }).click();
    await expect(page).toHaveURL(/#\/agent\/manage\/level/);

    await page.getByRole('button', { name: '新增管理级别' }).click();
    const dialog = page.getByRole('dialog', { name: '新增管理级别' });
    await dialog.getByLabel('名称').fill(name);
    await dialog.getByLabel('等级').fill('9');
    const tree = dialog.getByTestId('agent-permission-tree');
    // Operator-only screens are not offered.
    await expect(tree.getByTitle('币种管理')).toHaveCount(0);
    for (const page_ of ['代理汇总', '代理日汇总']) await tree.locator('.ant-tree-treenode').filter({ has: page.getByTitle(page_, { exact: true }) }).locator('.ant-tree-checkbox').click();
    await expect(dialog.getByText('已选 2 / 17 个页面')).toBeVisible();
    await save(dialog);
    await expect(page.getByText('管理级别已新增')).toBeVisible();
    const row = rowOf(page, name);
    await expect(row).toContainText('代理报表 2/5');

    await page.getByRole('link', { name: '返回代理管理' }).click();
    await rowOf(page, '国际总代').getByRole('button', { name: /账\s*号/ }).click();
    const drawer = page.getByRole('dialog', { name: /国际总代（GL01）的账号/ });
    await drawer.getByRole('button', { name: '新增账号' }).click();
    const add = page.getByRole('dialog', { name: '新增 GL01 的账号' });
    await add.getByLabel('管理级别').click();
    await expect(page.locator('.ant-select-item-option').filter({ hasText: name })).toBeVisible();
  });
});
