import { expect, test } from './fixtures';
import { adminApi, pickFromMenu, signIn, signOut, uniqueAccount } from './support';

test('an operator changes their own password from the profile and logs in with the new one', async ({ page, request }) => {
  const admin = await adminApi(request);
  const account = uniqueAccount('self');
  await admin.addUser(account, 'first-pass-1', '1');

  await page.goto('/#/dashboard');
  await signIn(page, account, 'first-pass-1');
  const dialog = page.getByRole('dialog');
  await pickFromMenu(page, page.getByTestId('user-menu'), '个人中心', (timeout) => expect(dialog).toBeVisible({ timeout }));
  await dialog.getByRole('tab', { name: '修改密码' }).click();

  // Client-side rules first: too short, then a mismatch.
  await dialog.getByLabel('当前密码').fill('first-pass-1');
  await dialog.getByLabel('新密码', { exact: true }).fill('abc');
  await dialog.getByLabel('确认密码').fill('abd');
  await dialog.getByRole('button', { name: '修改密码' }).click();
  await expect(dialog.getByText('密码不能少于6位')).toBeVisible();

  // A wrong current password is refused by the server and nothing changes.
  await dialog.getByLabel('当前密码').fill('not-my-password');
  await dialog.getByLabel('新密码', { exact: true }).fill('second-pass-2');
  await dialog.getByLabel('确认密码').fill('second-pass-2');
  await dialog.getByRole('button', { name: '修改密码' }).click();
  // The error toast, not the sign-in one that may still be showing.
  await expect(page.getByRole('alert').filter({ hasText: '原密码错误' })).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('当前密码').fill('first-pass-1');
  await dialog.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('密码已修改，该账号的其他登录会话已退出')).toBeVisible();
  await expect(dialog).toBeHidden();

  await signOut(page);
  await signIn(page, account, 'second-pass-2');
  await expect(page).toHaveURL(/#\/dashboard$/);
});
