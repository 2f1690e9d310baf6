/** Remember-me keeps only the account name, never a password or token. */
const KEY = 'login_account';

export function rememberedAccount(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberAccount(account: string | null): void {
  if (account) localStorage.setItem(KEY, account);
  else localStorage.removeItem(KEY);
}
