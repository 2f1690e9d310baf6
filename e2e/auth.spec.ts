import { expect, test } from './fixtures';
import { accountRow, ADMIN, adminApi, Api, dropSession, loginThroughForm, pickFromMenu, sideMenu, signIn, signOut, totpCode, uniqueAccount } from './support';

test.describe('login screen', () => {
  test('validates every field with the login screen’s messages, in both languages', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await expect(page.getByText('请输入用户名')).toBeVisible();
    await expect(page.getByText('请输入密码')).toBeVisible();
    await expect(page.getByText('请输入验证码')).toBeVisible();

    await page.getByPlaceholder('密码', { exact: true }).fill('12345');
    await expect(page.getByText('密码不能少于6位')).toBeVisible();

    await pickFromMenu(page, page.getByTestId('language-switch'), 'English', (timeout) => expect(page.locator('html')).toHaveAttribute('lang', 'en', { timeout }));
    await page.getByPlaceholder('Username').fill('');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Please enter Username')).toBeVisible();
    await expect(page.getByText('The password can not be less than 6 digits')).toBeVisible();
    await expect(page.getByText('Please enter Verify Code')).toBeVisible();
    await page.getByPlaceholder('Password', { exact: true }).fill('');
    await expect(page.getByText('Please enter Password')).toBeVisible();
    // The choice survives a reload.
    await page.reload();
    await expect(page.getByPlaceholder('Username')).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('app') ?? '{}').state?.language)).toBe('en');
  });

  test('warns about caps lock, explains a forgotten password and offers SMS login with a countdown', async ({ page, request }) => {
    const admin = await adminApi(request);
    const phone = `139${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    await admin.addUser(uniqueAccount('sms'), 'sms-pass-1', '1', { phone });

    await page.goto('/#/login');
    const password = page.getByPlaceholder('密码', { exact: true });
    await password.click();
    // Headless Chromium does not toggle the lock state on a key press, so the key events carry it.
    const typeWithCapsLock = (on: boolean) =>
      password.evaluate((el, capsLock) => {
        for (const type of ['keydown', 'keyup']) {
          el.dispatchEvent(new KeyboardEvent(type, { key: capsLock ? 'A' : 'a', bubbles: true, modifierCapsLock: capsLock } as KeyboardEventInit));
        }
      }, on);
    await typeWithCapsLock(true);
    await expect(page.getByText('大写锁定已开启')).toBeVisible();
    await typeWithCapsLock(false);
    await expect(page.getByText('大写锁定已开启')).toBeHidden();

    await page.getByRole('button', { name: '忘记密码？' }).click();
    const dialog = page.getByRole('dialog', { name: '忘记密码' });
    await expect(dialog).toContainText('系统管理员');
    await dialog.getByRole('button', { name: '使用短信登录' }).click();

    await expect(page.getByPlaceholder('手机号')).toBeVisible();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('请输入手机号')).toBeVisible();
    await page.getByPlaceholder('手机号').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /\d+ 秒后重发/ })).toBeDisabled();
    await page.getByPlaceholder('短信验证码').fill('000000');
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await expect(page.getByText('验证码错误')).toBeVisible();
    await expect(page).toHaveURL(/#\/login/);

    await page.getByRole('button', { name: '账号密码登录' }).click();
    await expect(page.getByPlaceholder('用户名')).toBeVisible();
  });

  test('remember me keeps the account name', async ({ page }) => {
    await page.goto('/#/login');
    await signIn(page, ADMIN.account, ADMIN.password);
    await signOut(page);
    await expect(page.getByPlaceholder('用户名')).toHaveValue('');

    await page.getByPlaceholder('用户名').fill(ADMIN.account);
    await page.getByPlaceholder('密码', { exact: true }).fill(ADMIN.password);
    await page.getByPlaceholder('验证码').fill('000000');
    await page.getByRole('checkbox', { name: '记住账号' }).check();
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await page.getByRole('button', { name: '暂不绑定' }).click();
    await signOut(page);
    await expect(page.getByPlaceholder('用户名')).toHaveValue(ADMIN.account);
  });
});

test.describe('session', () => {
  test('a visitor is sent to login and comes back to the page asked for', async ({ page }) => {
    await page.goto('/#/background/account');
    await expect(page).toHaveURL(/#\/login\?redirect=%2Fbackground%2Faccount$/);
    await signIn(page, ADMIN.account, ADMIN.password, '123456');
    await expect(page).toHaveURL(/#\/background\/account$/);
    // The screen asked for, loaded: its list of accounts. The admin, the oldest account, is
    // searched for: the other tests add more than a page of newer ones.
    await page.getByPlaceholder('搜索账号或姓名').fill(ADMIN.account);
    await page.getByPlaceholder('搜索账号或姓名').press('Enter');
    await expect(page.getByRole('cell', { name: ADMIN.account, exact: false }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/.{16,}/);

    // A logged-in user at /login goes home; an unknown path goes to /404.
    await page.goto('/#/login');
    await expect(page).not.toHaveURL(/#\/login/);
    await page.goto('/#/no/such/page');
    await expect(page).toHaveURL(/#\/404$/);
  });

  test('a wrong password is refused with the server message', async ({ page }) => {
    await page.goto('/#/login');
    await loginThroughForm(page, ADMIN.account, 'wrong-password', '000000');
    await expect(page.getByText('账号或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/#\/login/);
  });

  test('first login binds an authenticator, later logins need its code', async ({ page, request }) => {
    const admin = await adminApi(request);
    const account = uniqueAccount('totp');
    await admin.addUser(account, 'totp-pass-1', '13,1301');

    await page.goto('/#/login');
    // Nothing bound yet: the server ignores the code.
    await loginThroughForm(page, account, 'totp-pass-1', '000000');
    const bind = page.getByTestId('bind-authenticator');
    await expect(bind).toBeVisible();
    await expect(bind.locator('.ant-qrcode canvas, .ant-qrcode svg')).toBeVisible();
    await expect(bind.getByRole('button', { name: '暂不绑定' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await bind.getByPlaceholder('6 位动态码').fill('000000');
    await bind.getByRole('button', { name: '完成绑定' }).click();
    await expect(page.getByText('验证码错误')).toBeVisible();
    await bind.getByPlaceholder('6 位动态码').fill(totpCode(secret));
    await bind.getByRole('button', { name: '完成绑定' }).click();
    await expect(page.getByText('身份验证器绑定成功')).toBeVisible();
    await expect(page).toHaveURL(/#\/background\/account$/);

    await signOut(page);

    await loginThroughForm(page, account, 'totp-pass-1', '000000');
    // Shown under the field it belongs to, not as a toast.
    await expect(page.locator('#account-login_googleCode_help')).toHaveText('验证码错误');
    await expect(page.locator('.ant-message-notice', { hasText: '验证码错误' })).toHaveCount(0);
    // The code used for binding is spent; the authenticator's next code opens the login.
    await page.getByPlaceholder('验证码').fill(totpCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await expect(page).toHaveURL(/#\/background\/account$/);
    await expect(page.getByTestId('bind-authenticator')).toHaveCount(0);
  });

  test('a limited user sees only the menus their permissions allow', async ({ page, request }) => {
    const admin = await adminApi(request);
    const accountsOnly = uniqueAccount('lim');
    await admin.addUser(accountsOnly, 'limited-1', '13,1301');
    const reportsOnly = uniqueAccount('rep');
    await admin.addUser(reportsOnly, 'limited-2', '14,1401');

    await page.goto('/#/login');
    await signIn(page, accountsOnly, 'limited-1');
    await expect(page).toHaveURL(/#\/background\/account$/);
    const menu = sideMenu(page);
    await expect(menu).toContainText('后台账号管理');
    for (const forbidden of ['首页', '代理报表', '玩家报表', '游戏报表', '币种管理', '导出管理', '日志管理']) {
      await expect(menu).not.toContainText(forbidden);
    }
    // A page of the console the user may not open is unauthorized, not missing.
    await page.goto('/#/background/currency');
    await expect(page).toHaveURL(/#\/401$/);
    await page.goto('/#/background/account');
    await signOut(page);

    // Without 1301 the account screen is not the user's: unauthorized, and nowhere in their menu.
    await loginThroughForm(page, reportsOnly, 'limited-2', '000000');
    await page.getByRole('button', { name: '暂不绑定' }).click();
    await expect(page).not.toHaveURL(/#\/login/);
    await page.goto('/#/background/account');
    await expect(page).toHaveURL(/#\/401$/);
    await expect(page.getByText('后台账号管理')).toHaveCount(0);

    await dropSession(page);
    await signIn(page, ADMIN.account, ADMIN.password);
    await expect(sideMenu(page)).toContainText('后台设置');
  });

  test('logging out ends the session on the server too', async ({ page, request }) => {
    await page.goto('/#/login');
    await signIn(page, ADMIN.account, ADMIN.password);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    const api = new Api(request);
    api.token = token ?? '';
    const { status, json } = await api.raw('user/info');
    expect(status).toBe(401);
    expect((json as unknown as { code: string }).code).toBe('A0230');

    await page.goto('/#/background/account');
    await expect(page).toHaveURL(/#\/login\?redirect=/);
  });

  test('a session revoked on the server gets the expiry notice and lands on login', async ({ page, request }) => {
    const admin = await adminApi(request);
    const account = uniqueAccount('rev');
    const id = await admin.addUser(account, 'revoke-1', '13,1301');

    await page.goto('/#/login');
    await signIn(page, account, 'revoke-1');
    await expect(page).toHaveURL(/#\/background\/account$/);
    await expect(accountRow(page, account)).toBeVisible();

    await admin.call('user/status/edit', { user_id: id, status: 2 });

    await page.getByRole('button', { name: '刷新' }).click();
    const notice = page.locator('.ant-notification-notice');
    await expect(notice).toContainText('提示');
    await expect(notice).toContainText('您的会话已过期，请重新登录');
    await expect(page).toHaveURL(/#\/login/);
    await expect(page.getByPlaceholder('用户名')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
