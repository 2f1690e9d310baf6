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

/** Remember-me of the agent tab: the agent code and the account, never a password or token. */
const AGENT_KEY = 'login_agent';

export interface RememberedAgent {
  agentCode: string;
  account: string;
}

export function rememberedAgent(): RememberedAgent | null {
  try {
    const v = JSON.parse(localStorage.getItem(AGENT_KEY) ?? 'null') as Partial<RememberedAgent> | null;
    return v && typeof v.account === 'string' && v.account ? { agentCode: typeof v.agentCode === 'string' ? v.agentCode : '', account: v.account } : null;
  } catch {
    return null;
  }
}

export function rememberAgent(value: RememberedAgent | null): void {
  if (value) localStorage.setItem(AGENT_KEY, JSON.stringify(value));
  else localStorage.removeItem(AGENT_KEY);
}
