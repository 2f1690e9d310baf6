import { expect, type Locator, type Page, test } from './fixtures';
import { accountRow, adminApi, openListScreen, signInDirectly, uniqueAccount } from './support';

/**
 * A list screen worked from the keyboard alone (WCAG 2.1.1, 2.1.2, 2.4.3): every action of the
 * account management screen is reached with Tab, Enter opens the add dialog with focus inside it,
 * Tab and Shift+Tab stay inside the dialog, and Escape closes it and gives focus back to the
 * button that opened it.
 */

/** Remembers every element that takes focus from here on. */
async function recordFocus(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { focusTrail: Element[] };
    w.focusTrail = [];
    document.addEventListener('focusin', (e) => w.focusTrail.push(e.target as Element), true);
  });
}

const wasFocused = (target: Locator) => target.evaluate((el) => (window as unknown as { focusTrail: Element[] }).focusTrail.includes(el));
const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab until `target` has focus, as a person would from the top of the page; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 150) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`${target} was not reached with ${limit} presses of Tab`);
}

test('account management: every action by keyboard, and the add dialog keeps and returns focus', async ({ page, request }) => {
  const admin = await adminApi(request);
  const account = uniqueAccount('kb');
  await admin.addUser(account, 'demo-pass-1', '1', { name: 'Keyboard' });

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInDirectly(page);
  await openListScreen(page, `/background/account?keyword=${account}`);
  const row = accountRow(page, account);
  await expect(row).toBeVisible();

  // One pass of Tab over the whole page reaches every control of the screen.
  await recordFocus(page);
  const add = page.getByRole('button', { name: '新增账号' });
  const card = page.locator('.list-table-card');
  const controls: [string, Locator][] = [
    ['keyword filter', page.getByLabel('账号 / 姓名')],
    ['search', page.getByRole('button', { name: /查\s*询/ })],
    ['add', add],
    ['refresh', card.getByRole('button', { name: '刷新' })],
    ['density', card.getByRole('button', { name: '密度' })],
    ['columns', card.getByRole('button', { name: '列设置' })],
    ['permissions of the row', row.getByRole('button', { name: '权限设置' })],
    ['disable the row', row.getByRole('button', { name: /停\s*用/ })],
    ['more of the row', row.getByRole('button', { name: /更多/ })],
  ];
  await tabTo(page, row.getByRole('button', { name: /更多/ }), 200);
  for (const [name, control] of controls) expect(await wasFocused(control.first()), `${name} is reached with Tab`).toBe(true);

  // A row's menu opens with Enter, Tab moves into it, the arrows walk it, Escape closes it and
  // gives focus back to its button.
  const more = row.getByRole('button', { name: /更多/ });
  await page.keyboard.press('Enter');
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(menu.getByRole('menuitem').first()).toBeVisible();
  await page.keyboard.press('Tab');
  await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('ArrowDown');
  await expect(menu.locator('.ant-dropdown-menu-item-active')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();

  // The add dialog: Enter opens it, focus moves in and stays in, Escape gives it back.
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const focusInside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  await expect.poll(focusInside, { message: 'focus moves into the dialog' }).toBe(true);
  const stops = await dialog.evaluate(
    (el) => el.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])').length,
  );
  for (let i = 0; i < stops + 3; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(), `Tab ${i + 1} stays inside the dialog`).toBe(true);
  }
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(), `Shift+Tab ${i + 1} stays inside the dialog`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
});
