import { expect, type Page, test } from './fixtures';
import { accountRow, ADMIN, adminApi, Api, pickFromMenu, signIn, signOut, uniqueAccount } from './support';

/** Ends the session a page holds, on the server, behind the page's back. */
async function revokeSessionOf(page: Page, api: Api) {
  api.token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  expect(api.token).not.toBe('');
  await api.call('logout');
}

test.describe('the session across tabs and operators', () => {
  test('the user menu’s home leads a user without the dashboard to their own first screen', async ({ page, request }) => {
    const admin = await adminApi(request);
    const account = uniqueAccount('home');
    await admin.addUser(account, 'home-pass-1', '13,1301');

    await page.goto('/#/login');
    await signIn(page, account, 'home-pass-1');
    // A query the home redirect drops, so the URL shows that the click went through "/".
    await page.goto('/#/background/account?from=test');
    await expect(page.getByText(account, { exact: true })).toBeVisible();
    await pickFromMenu(page, page.getByTestId('user-menu'), '首页', (timeout) => expect(page).toHaveURL(/#\/background\/account$/, { timeout }));
    await expect(page.getByText('后台账号管理').first()).toBeVisible();
  });

  test('after an expiry here and a new login in another tab, the next expiry here is told too', async ({ page, context, request }) => {
    const admin = await adminApi(request);
    const account = uniqueAccount('tabs');
    await admin.addUser(account, 'tabs-pass-1', '13,1301');
    const notices = page.locator('.ant-notification-notice', { hasText: '您的会话已过期，请重新登录' });

    await page.goto('/#/login');
    await signIn(page, account, 'tabs-pass-1');
    await expect(page).toHaveURL(/#\/background\/account$/);
    // Loaded before the session goes, so the expiry comes from the refresh below.
    await expect(accountRow(page, account)).toBeVisible();
    await revokeSessionOf(page, new Api(request));
    await page.getByRole('button', { name: '刷新' }).click();
    await expect(notices).toHaveCount(1);
    await expect(page).toHaveURL(/#\/login/);
    // The first notice goes away on its own before the second expiry (not while the pointer rests on it).
    await page.mouse.move(0, 400);
    await expect(notices).toHaveCount(0, { timeout: 15_000 });

    // The user logs in again in a second tab; the first follows the new token without a reload.
    const other = await context.newPage();
    await other.goto('/#/login');
    await signIn(other, account, 'tabs-pass-1');
    // That tab's work ends with its first screen loaded: closed then, no call of its own can meet
    // the expiry below before this tab's refresh does (that tab would then be the one to tell it,
    // and this one would follow it to the login screen before its refresh).
    await expect(accountRow(other, account)).toBeVisible();
    await other.close();
    await page.evaluate(() => {
      window.location.hash = '#/background/account';
    });
    await expect(accountRow(page, account)).toBeVisible();

    await revokeSessionOf(page, new Api(request));
    await page.getByRole('button', { name: '刷新' }).click();
    await expect(notices).toHaveCount(1);
    await expect(page).toHaveURL(/#\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('the next operator in the same tab gets fresh lists, not the last one’s cache', async ({ page, request }) => {
    const admin = await adminApi(request);
    const next = uniqueAccount('next');
    await admin.addUser(next, 'next-pass-1', '13,1301');

    await page.goto('/#/background/account');
    await signIn(page, ADMIN.account, ADMIN.password);
    await expect(accountRow(page, next)).toBeVisible();
    await signOut(page);

    // Created after the admin's list was loaded: only a list loaded for the next operator has it.
    const later = uniqueAccount('later');
    await admin.addUser(later, 'later-pass-1', '1');
    const loaded = page.waitForRequest((r) => r.url().endsWith('/v1/operator/user/list'));
    await signIn(page, next, 'next-pass-1');
    await expect(page).toHaveURL(/#\/background\/account$/);
    await loaded;
    await expect(accountRow(page, later)).toBeVisible();
  });
});
