import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createAgentClient } from '@console/agent-client';

/** The password travels as upper(md5(upper(md5(plain)))) (docs/product.md, "Passwords"). */
export function hashPassword(plain: string): string {
  const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();
  return md5(md5(plain));
}

/** The current code of an authenticator holding `secret` (base32). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({ timestamp });
}

export const ADMIN = { account: 'admin', password: 'admin123' } as const;

/**
 * The demo's agent key of CN01 (apps/server/src/modules/demo/dimensions.ts, DEMO_AGENT_KEY): its
 * secret is known and CN01's whitelist holds the local addresses, so a test can be the agent's
 * own system calling the agent API.
 */
export const DEMO_AGENT_KEY = { agentCode: 'CN01', appId: 'agt_demo_cn01', secret: 'demo-cn01-secret-0123456789abcdef' } as const;

/** The reference client of the agent API on the test's server, with the demo key (or another secret: a refused call). */
export function demoAgentClient(baseURL: string | undefined, secret: string = DEMO_AGENT_KEY.secret) {
  return createAgentClient({ baseUrl: baseURL ?? 'http://127.0.0.1', appId: DEMO_AGENT_KEY.appId, secret });
}

/** Money moved into a new player of CN01 through the agent API: a ledger entry of source `api` under `orderId`. */
export async function agentApiTransferIn(baseURL: string | undefined, orderId: string, amount = '100'): Promise<{ account: string; orderId: string }> {
  const client = demoAgentClient(baseURL);
  const account = `api_${orderId}`.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 32);
  await client.playerCreate({ agent_code: DEMO_AGENT_KEY.agentCode, account });
  await client.transfer({ agent_code: DEMO_AGENT_KEY.agentCode, account, order_id: orderId, direction: 'in', amount });
  return { account, orderId };
}

/** A name no other test run uses, within the contract's 3–32 characters. */
export function uniqueAccount(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(0, 32);
}

interface Envelope<T> {
  error_code: string;
  error_msg: string;
  data: T;
}

/**
 * The API as a second operator sees it, outside the browser page: for arranging accounts and for
 * revoking a session behind the page's back. Sends the XSRF header whenever the cookie exists.
 */
export class Api {
  token = '';
  constructor(private readonly request: APIRequestContext) {}

  async raw<T>(path: string, body: object = {}): Promise<{ status: number; json: Envelope<T> }> {
    const cookies = (await this.request.storageState()).cookies;
    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    const res = await this.request.post(`/v1/operator/${path}`, {
      data: { ...body, ...(this.token ? { token: this.token } : {}) },
      headers: { 'Accept-Language': 'zh-cn', ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}) },
    });
    return { status: res.status(), json: (await res.json()) as Envelope<T> };
  }

  async call<T>(path: string, body: object = {}): Promise<T> {
    const { status, json } = await this.raw<T>(path, body);
    expect(status, `${path} HTTP status`).toBe(200);
    expect(json.error_code, `${path}: ${json.error_msg}`).toBe('0');
    return json.data;
  }

  async login(account: string, password: string, googleCode = ''): Promise<{ id: number; google_bound: boolean }> {
    const data = await this.call<{ token: string; user_info: { id: number; google_bound: boolean } }>('login', {
      type: 1,
      account,
      password: hashPassword(password),
      google_code: googleCode,
      phone: '',
      message_code: '',
    });
    this.token = data.token;
    return data.user_info;
  }

  async addUser(account: string, password: string, permissions: string, extra: { name?: string; phone?: string } = {}): Promise<number> {
    const { id } = await this.call<{ id: number }>('user/add', {
      account,
      name: extra.name ?? `E2E ${account}`,
      password: hashPassword(password),
      phone: extra.phone ?? '',
      permissions,
    });
    return id;
  }

  async findUser(account: string) {
    const data = await this.call<{ list: { id: number; account: string; status: number; permissions: string; google_bound: boolean }[] }>('user/list', {
      page: 1,
      page_size: 20,
      keyword: account,
    });
    return data.list.find((u) => u.account === account);
  }
}

export async function adminApi(request: APIRequestContext): Promise<Api> {
  const api = new Api(request);
  await api.login(ADMIN.account, ADMIN.password);
  return api;
}

/**
 * Signs the page in as `account` without the login screen, for a test whose subject is not signing
 * in (auth.spec.ts, profile.spec.ts and session-switch.spec.ts drive the form): the token of a
 * login call, kept where the console keeps it, on a page of the server that is not the console.
 * The test's next `page.goto` opens the console already signed in, on the screen it names; this
 * spares each test the login screen and the screen a login lands on.
 */
export async function signInDirectly(page: Page, account: string = ADMIN.account, password: string = ADMIN.password) {
  const api = new Api(page.request);
  await api.login(account, password);
  await page.goto('/healthz');
  await page.evaluate((token) => localStorage.setItem('token', token), api.token);
}

/** Fills and submits the account-login form (zh-cn placeholders). */
export async function loginThroughForm(page: Page, account: string, password: string, code: string) {
  await page.getByPlaceholder('用户名').fill(account);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  await page.getByPlaceholder('验证码').fill(code);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
}

/** The sidebar menu of the console. */
export const sideMenu = (page: Page) => page.getByRole('menu').first();

/**
 * Logs in through the form; a user without an authenticator is then offered to bind one, which
 * these steps skip (the TOTP test covers binding).
 */
export async function signIn(page: Page, account: string, password: string, code = '000000') {
  await loginThroughForm(page, account, password, code);
  const skip = page.getByRole('button', { name: '暂不绑定' });
  // A login hashes the password (scrypt, by design slow) and then loads the console's shell and
  // first screen: the heaviest step of a test, given more time than a click's answer.
  await expect(skip.or(page.getByTestId('user-menu'))).toBeVisible({ timeout: LOGIN_TIMEOUT });
  if (await skip.isVisible()) await skip.click();
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: LOGIN_TIMEOUT });
}

const LOGIN_TIMEOUT = 20_000;

/**
 * An item of the dropdown menu open now: antd keeps closed menus in the page, hidden, and a closing
 * one stays visible (but no longer clickable) during its leave animation.
 */
export const openMenuItem = (page: Page, name: string) =>
  page.locator('.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-leave"])').getByRole('menuitem', { name });

/**
 * Opens a dropdown with `opener` (a trigger to click, or a function that opens it), picks `item`
 * and waits until `settled` holds. When the pick did not take (a re-render right after sign-in can
 * close the menu between opening and clicking, as it would for a person, who then simply opens it
 * again), it tries again.
 */
export async function pickFromMenu(page: Page, opener: Locator | (() => Promise<void>), item: string, settled: (timeout: number) => Promise<void>) {
  const open = typeof opener === 'function' ? opener : () => opener.click({ timeout: 5_000 });
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0 && (await settled(1_000).then(() => true, () => false))) return;
    // The pointer starts from the corner, as a person's would come from elsewhere: left where a
    // reload put a header button under it, it keeps that button's tooltip open over the menu.
    await page.mouse.move(0, 0);
    const entry = openMenuItem(page, item);
    if (!(await entry.isVisible())) await open();
    await clickWhereItIs(page, entry);
    await settled(5_000);
  }).toPass({ timeout: 30_000 });
}

/**
 * Clicks an open menu's item at the place it is shown, once its opening motion has ended, as a
 * person does. Playwright's own click first scrolls the element "into view", and for a menu in
 * the sticky header or tags bar that scrolls the page although the item is already in sight; a
 * scroll closes a context menu (antd aligns it to the pointer and drops it when the page moves),
 * so the click then found the menu closing.
 */
async function clickWhereItIs(page: Page, entry: Locator) {
  await expect(entry).toBeVisible({ timeout: 5_000 });
  await expect(page.locator('.ant-dropdown[class*="-enter"]')).toHaveCount(0, { timeout: 5_000 });
  const box = await entry.boundingBox();
  if (!box) throw new Error('the menu item is not on screen');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

export async function signOut(page: Page) {
  await pickFromMenu(page, page.getByTestId('user-menu'), '退出登录', (timeout) => expect(page).toHaveURL(/#\/login/, { timeout }));
}

/** The table row of one account. */
export const accountRow = (page: Page, account: string) => page.getByRole('row').filter({ has: page.getByText(account, { exact: true }) });

/** Leaves the session from anywhere (also from pages without the user menu) and reloads. */
export async function dropSession(page: Page) {
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.reload();
  await page.goto('/#/login');
  await expect(page.getByPlaceholder('用户名')).toBeVisible();
}

/** The looks every screenshot spec (`npm run screenshots`) takes: light and dark, Chinese and English, desktop (1440 px) and phone (390 px). */
export const SCREENSHOT_CASES = [
  { name: 'desktop-light-zh', width: 1440, theme: 'light', lang: 'zh-cn' },
  { name: 'desktop-dark-en', width: 1440, theme: 'dark', lang: 'en' },
  { name: 'desktop-light-en', width: 1440, theme: 'light', lang: 'en' },
  { name: 'desktop-dark-zh', width: 1440, theme: 'dark', lang: 'zh-cn' },
  { name: 'phone-light-zh', width: 390, theme: 'light', lang: 'zh-cn' },
  { name: 'phone-dark-en', width: 390, theme: 'dark', lang: 'en' },
  { name: 'phone-light-en', width: 390, theme: 'light', lang: 'en' },
  { name: 'phone-dark-zh', width: 390, theme: 'dark', lang: 'zh-cn' },
] as const;

/** Signs in as the administrator, then makes every later load use `theme` and `lang`, whatever the console writes back meanwhile. */
export async function prepareScreenshots(page: Page, theme: string, lang: string) {
  await page.goto('/#/login');
  await signIn(page, ADMIN.account, ADMIN.password);
  await page.addInitScript(
    ([t, l]) => {
      const merge = (key: string, values: Record<string, unknown>) => {
        // Merged into what the console keeps, its version left as it is (or unset: a version the
        // store does not expect would make it drop the entry, the language with it).
        const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{}}');
        localStorage.setItem(key, JSON.stringify({ ...stored, state: { ...stored.state, ...values } }));
      };
      merge('settings', { theme: t });
      merge('app', { language: l });
    },
    [theme, lang] as const,
  );
}

/**
 * Screenshots for review by eye, written to $SHOTS_DIR (default `fallbackDir`): `shot` takes one
 * once the page has settled and fails when the page scrolls sideways.
 */
export function screenshotFolder(fallbackDir: string) {
  const dir = process.env.SHOTS_DIR ?? fallbackDir;
  mkdirSync(dir, { recursive: true });
  return {
    dir,
    async shot(page: Page, name: string, full = true) {
      await page.waitForTimeout(600);
      await page.mouse.move(0, 0);
      await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: full });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
    },
  };
}

/** Opens a list screen afresh and waits for its first rows (not the first-load skeleton). */
export async function openListScreen(page: Page, route: string) {
  await page.goto(`/#${route}`);
  await page.reload();
  await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('table-skeleton')).toHaveCount(0);
}
