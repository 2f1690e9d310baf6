import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from './fixtures';
import { ASYNC_ROUTES, CONSTANT_ROUTES, joinPath, type RouteDef } from '@console/contract';
import { ADMIN, adminApi, SCREENSHOT_CASES } from './support';

/**
 * Accessibility of the whole console (WCAG 2.1 A and AA as axe-core checks them): every screen of
 * the route table, the login screen with its steps and its agent tab, the error pages, the key
 * dialogs, drawers and menus, and an agent user's first report with their header, in each look (theme × language × width). Every serious or critical violation fails
 * its look, listed with rule, impact and the elements concerned; at phone width no screen may
 * scroll sideways either.
 *
 * By default two looks run, which between them check every screen in both languages, both themes
 * and both widths (light Chinese desktop, dark English phone); A11Y_ALL=1 runs all eight. A11Y_SHOTS=<dir> also saves a picture of
 * every state checked; A11Y_DEBUG=1 tells how long each state took to settle and to check.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);
/**
 * WCAG rules of those levels that axe still calls experimental and so leaves out of a run by tags;
 * they check real criteria: label in name (2.5.3), info and relationships (1.3.1), orientation (1.3.4).
 */
const EXPERIMENTAL_WCAG_RULES = ['label-content-name-mismatch', 'p-as-heading', 'table-fake-caption', 'td-has-header', 'css-orientation-lock'];
/**
 * axe-core's source, given to a document only once: a look is one document (screens change by
 * hash), and handing over half a megabyte of script for each check (twice, as the builder does)
 * costs a tenth of the run.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_LOADED = '/* axe-core is in this document already */';

const DEFAULT_LOOKS = ['desktop-light-zh', 'phone-dark-en'];
/** An agent user of the demo platform (every demo agent has an enabled `<code>_admin`). */
const DEMO_AGENT = { code: 'CN01', account: 'cn01_admin', password: 'agent123' };
const LOOKS = process.env.A11Y_ALL ? SCREENSHOT_CASES : SCREENSHOT_CASES.filter((c) => DEFAULT_LOOKS.includes(c.name));
type Look = (typeof SCREENSHOT_CASES)[number];

/** Every screen path of a route table: the leaves with a screen; redirects and the redirect helper show nothing of their own. */
function screenPaths(routes: readonly RouteDef[], parent = ''): string[] {
  const out: string[] = [];
  for (const r of routes) {
    const full = parent ? joinPath(parent, r.path) : r.path;
    if (r.children) out.push(...screenPaths(r.children, full));
    else if (r.component && !full.includes(':')) out.push(full);
  }
  return out;
}

/** The error pages (401, 404): outside the frame, without a tab. */
const ERROR_PATHS = screenPaths(CONSTANT_ROUTES).filter((p) => p !== '/login');
const SIGNED_IN_PATHS = [...screenPaths(ASYNC_ROUTES), ...ERROR_PATHS];

interface Ids {
  agent: (code: string) => number;
  game: (code: string) => number;
}

/** Screens that show little until a choice is made, opened as a person comes to them: on a demo agent and game with data. */
const QUERIES: Record<string, (ids: Ids) => string> = {
  '/game/manage/agent': (ids) => `agent_id=${ids.agent('CN01-SH')}`,
  '/game/manage/agent/protect': (ids) => `agent_id=${ids.agent('CN01-SH')}&game_id=${ids.game('pg_mahjong_ways')}`,
  '/game/manage/agent/prize-pool': (ids) => `agent_id=${ids.agent('CN01')}`,
};

const SCREEN = 'main.app-content';
const OVERLAYS = '.ant-modal-wrap, .ant-drawer-content-wrapper, .ant-dropdown:not(.ant-dropdown-hidden), .ant-popover:not(.ant-popover-hidden)';
const openOverlay = (page: Page) =>
  page
    .locator('.ant-modal-wrap:visible, .ant-drawer-open .ant-drawer-content-wrapper:visible, .ant-dropdown:not(.ant-dropdown-hidden):visible, .ant-popover:not(.ant-popover-hidden):visible')
    .last();
const addButton = (page: Page) => page.locator('.list-table-card .ant-card-extra .ant-btn-primary').first();
const firstRow = (page: Page) => page.locator('.ant-table-row').first();

/**
 * The states opened on a screen after it has been checked as it opens: its dialogs, drawers,
 * menus and expanded rows. `open` leaves the state on screen; an overlay is closed with Escape.
 */
interface Extra {
  name: string;
  open: (page: Page, look: Look) => Promise<void>;
  overlay?: boolean;
  when?: (look: Look) => boolean;
}

const phone = (look: Look) => look.width < 500;
const clickMenuItem = async (page: Page, key: string) => {
  const item = page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) [data-menu-id$="-${key}"]`);
  await item.click();
};

const SHELL_EXTRAS: Extra[] = [
  { name: 'account menu', overlay: true, open: (page) => page.getByTestId('user-menu').click() },
  {
    name: 'profile dialog',
    overlay: true,
    open: async (page) => {
      await page.getByTestId('user-menu').click();
      await clickMenuItem(page, 'profile');
    },
  },
  { name: 'settings drawer', overlay: true, open: (page) => page.getByTestId('settings-button').click() },
  { name: 'menu search', overlay: true, open: (page) => page.getByTestId('menu-search').click() },
  { name: 'tab menu', overlay: true, open: (page) => page.getByTestId('tags-more').click() },
  { name: 'menu drawer', overlay: true, when: phone, open: (page) => page.getByTestId('mobile-menu-button').click() },
];

const SCREEN_EXTRAS: Record<string, Extra[]> = {
  '/background/account': [{ name: 'add dialog', overlay: true, open: (page) => addButton(page).click() }],
  '/background/currency': [{ name: 'add dialog', overlay: true, open: (page) => addButton(page).click() }],
  '/operation/domain': [{ name: 'add dialog', overlay: true, open: (page) => addButton(page).click() }],
  '/operation/key': [{ name: 'add dialog', overlay: true, open: (page) => addButton(page).click() }],
  '/agent/manage/index': [
    { name: 'add dialog', overlay: true, open: (page) => addButton(page).click() },
    {
      name: 'users drawer',
      overlay: true,
      open: async (page, look) => {
        if (!phone(look)) return firstRow(page).locator('button:has(.anticon-team)').click();
        await firstRow(page).locator('button:has(.anticon-ellipsis)').click();
        await clickMenuItem(page, 'users');
      },
    },
    {
      name: 'sub-agents expanded',
      open: async (page) => {
        await firstRow(page).locator('.ant-table-row-expand-icon').click();
        await expect(page.locator('.ant-table-row-level-1').first()).toBeVisible();
      },
    },
  ],
  '/player/manage/list': [
    { name: 'player drawer', overlay: true, open: (page) => firstRow(page).locator('a').first().click() },
    { name: 'filters drawer', overlay: true, when: phone, open: (page) => page.getByTestId('filters-open').click() },
  ],
  '/player/manage/wallet': [{ name: 'adjust dialog', overlay: true, open: (page) => firstRow(page).getByRole('button').first().click() }],
  '/player/manage/control': [{ name: 'add dialog', overlay: true, open: (page) => addButton(page).click() }],
  '/game/manage/dealer': [{ name: 'edit dialog', overlay: true, open: (page) => page.locator('[data-testid^="dealer-edit-"]').first().click() }],
  '/game/manage/agent': [{ name: 'edit dialog', overlay: true, open: (page) => page.getByTestId('agent-edit-pg_mahjong_ways').click() }],
  '/game/manage/agent/prize-pool': [
    { name: 'add dialog', overlay: true, open: (page) => addButton(page).click() },
    { name: 'clean dialog', overlay: true, open: (page) => page.locator('[data-testid^="pool-clean-"]').first().click() },
  ],
  '/log/index': [
    { name: 'entry expanded', open: (page) => firstRow(page).locator('.ant-table-row-expand-icon').click() },
    { name: 'filters drawer', overlay: true, when: phone, open: (page) => page.getByTestId('filters-open').click() },
  ],
  '/bill/report': [{ name: 'filters drawer', overlay: true, when: phone, open: (page) => page.getByTestId('filters-open').click() }],
  '/agent/report/summary': [
    { name: 'column settings', overlay: true, open: (page) => page.locator('.list-table-card .ant-card-extra button:has(.anticon-setting)').click() },
    { name: 'filters drawer', overlay: true, when: phone, open: (page) => page.getByTestId('filters-open').click() },
  ],
};

/** Counts the console's calls in flight, so a check waits for a screen's data rather than for a guessed time. */
function trackCalls(page: Page) {
  let inFlight = 0;
  const isCall = (url: string) => new URL(url).pathname.startsWith('/v1/');
  page.on('request', (r) => {
    if (isCall(r.url())) inFlight++;
  });
  const done = (r: { url: () => string }) => {
    if (isCall(r.url())) inFlight = Math.max(0, inFlight - 1);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => inFlight;
}

/** What shows that a screen is still on its way: skeletons, spinners, the screen left behind still shown. */
const BUSY = ['.ant-skeleton', '.ant-spin-spinning', '.ant-btn-loading', '[data-testid="table-skeleton"]', '.app-main-loading'].join(',');

/**
 * Waits until the screen has its data and stands still: no call in flight, nothing busy, one screen
 * shown, and no animation under way (a dialog fading in would be measured half transparent).
 */
async function settle(page: Page, inFlight: () => number) {
  let quietSince = 0;
  let busy = '';
  await expect
    .poll(
      async () => {
        busy = await page.evaluate((selector) => {
          const shown = [...document.querySelectorAll(selector)].filter((el) => el.checkVisibility()).map((el) => el.className || el.id);
          const screens = [...document.querySelectorAll('.app-main-cache > *')].filter((el) => el.checkVisibility()).length;
          const moving = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length;
          return [...shown, ...(screens > 1 ? [`${screens} screens`] : []), ...(moving ? [`${moving} animations`] : [])].join(', ');
        }, BUSY);
        if (process.env.A11Y_DEBUG && (busy || inFlight())) console.log(`  busy: ${busy} ${inFlight()} calls`);
        if (busy || inFlight() > 0) quietSince = 0;
        else quietSince ||= Date.now();
        return quietSince > 0 && Date.now() - quietSince >= 60;
      },
      { timeout: 20_000, intervals: [30], message: `the screen never settled (${busy || `${inFlight()} calls in flight`})` },
    )
    .toBe(true);
}

/** The serious and critical violations on the page now (or inside `include`), one entry each. */
async function violations(page: Page, where: string, include?: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself; the default mode finishes every run in a new blank
  // page, which costs more than the check. The console has no frames, all that legacy mode skips.
  const loaded = await page.evaluate(() => 'axe' in window);
  let builder = new AxeBuilder({ page, axeSource: loaded ? AXE_LOADED : AXE_SOURCE })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'], rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])) })
    .setLegacyMode();
  if (include) builder = builder.include(include);
  const { violations: found } = await builder.analyze();
  return found
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        const why = (n.any[0] ?? n.all[0] ?? n.none[0])?.message ?? '';
        return `    ${n.target.join(' ')}\n      ${n.html.replace(/\s+/g, ' ').slice(0, 140)}${v.id === 'color-contrast' ? `\n      ${why}` : ''}`;
      });
      return `${where}: ${v.id} (${v.impact}) ${v.help}\n${nodes.join('\n')}`;
    });
}

/** Makes every load of the page use the look's width, theme and language. */
async function applyLook(page: Page, look: Look) {
  await page.setViewportSize({ width: look.width, height: phone(look) ? 844 : 900 });
  await page.addInitScript(
    ([theme, language]) => {
      // Merged into what the console keeps, whose version is left as it is (or unset: a version the
      // store does not expect would make it drop the entry).
      const merge = (key: string, values: Record<string, unknown>) => {
        const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{}}');
        localStorage.setItem(key, JSON.stringify({ ...stored, state: { ...stored.state, ...values } }));
      };
      merge('settings', { theme });
      merge('app', { language });
    },
    [look.theme, look.lang] as const,
  );
}

async function closeOverlay(page: Page, overlay: Locator) {
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
}

// The pages are checked as a person who asks the system for less motion sees them: the same
// screens, without the transitions a check would have to wait out.
test.use({ reducedMotion: 'reduce', trace: 'off', actionTimeout: 15_000 });
// Each look is a test of its own, in a page of its own, that changes nothing: they share out over the workers.
test.describe.configure({ mode: 'parallel' });

for (const look of LOOKS) {
  test(`a11y: ${look.name}`, async ({ page, request }) => {
    test.setTimeout(process.env.A11Y_DEBUG ? 900_000 : 240_000);
    const admin = await adminApi(request);
    const agents = (await admin.call<{ list: { id: number; code: string }[] }>('agent/quick', {})).list;
    const games = (await admin.call<{ list: { id: number; code: string }[] }>('game/list', {})).list;
    const ids: Ids = {
      agent: (code) => agents.find((a) => a.code === code)!.id,
      game: (code) => games.find((g) => g.code === code)!.id,
    };
    const inFlight = trackCalls(page);
    if (process.env.A11Y_DEBUG) page.on('pageerror', (e) => console.log(`page error: ${e.stack ?? e}`));
    const shots = process.env.A11Y_SHOTS;
    if (shots) mkdirSync(shots, { recursive: true });
    const check = async (where: string, include?: string) => {
      const started = Date.now();
      await settle(page, inFlight);
      const settled = Date.now();
      // Soft: one run lists every state's violations, also when a later step fails.
      const found = await violations(page, `${look.name} ${where}`, include);
      expect.soft(found, found.join('\n')).toEqual([]);
      if (phone(look)) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect.soft(overflow, `${look.name} ${where}: the page scrolls sideways`).toBeLessThanOrEqual(0);
      }
      if (shots) await page.screenshot({ path: path.join(shots, `${look.name}${where.replace(/[^a-z0-9]+/gi, '-')}.png`) });
      if (process.env.A11Y_DEBUG) console.log(`${where}: settled in ${settled - started} ms, checked in ${Date.now() - settled} ms`);
    };
    const runExtras = async (route: string, extras: readonly Extra[]) => {
      for (const extra of extras) {
        if (extra.when && !extra.when(look)) continue;
        await extra.open(page, look);
        if (extra.overlay) {
          const overlay = openOverlay(page);
          await expect(overlay).toBeVisible();
          // What lies under an overlay was checked a moment ago.
          await check(`${route} (${extra.name})`, OVERLAYS);
          await closeOverlay(page, overlay);
        } else await check(`${route} (${extra.name})`, SCREEN);
      }
    };

    // Signed out: the login screen, its messages, the forgot-password dialog, the SMS form.
    await applyLook(page, look);
    await page.goto('/#/login');
    const form = page.locator('form#account-login');
    await expect(form).toBeVisible();
    await check('/login');
    await form.locator('button[type="submit"]').click();
    await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await check('/login (messages)');
    await form.locator('button.ant-btn-link').click();
    await check('/login (forgot password)', OVERLAYS);
    await closeOverlay(page, openOverlay(page));
    await page.locator('button.ant-btn-block:has(.anticon-mobile)').click();
    await expect(page.locator('form#sms-login')).toBeVisible();
    await check('/login (SMS)');
    await page.locator('button.ant-btn-block:has(.anticon-user)').click();
    // The agent users' tab, with its messages.
    await page.locator('.ant-tabs-tab').nth(1).click();
    const agentForm = page.locator('form#agent-login');
    await expect(agentForm).toBeVisible();
    await check('/login (agent tab)');
    await agentForm.locator('#agent-login_agentCode').fill('cn 01');
    await agentForm.locator('button[type="submit"]').click();
    await expect(agentForm.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await check('/login (agent tab messages)');
    await page.locator('.ant-tabs-tab').nth(0).click();

    // Signing in; the administrator has no authenticator yet, so the binding step shows.
    await form.locator('#account-login_account').fill(ADMIN.account);
    await form.locator('#account-login_password').fill(ADMIN.password);
    await form.locator('#account-login_googleCode').fill('000000');
    await form.locator('#account-login_googleCode').press('Enter');
    const bind = page.getByTestId('bind-authenticator');
    await expect(bind.or(page.getByTestId('user-menu'))).toBeVisible();
    if (await bind.isVisible()) {
      await expect(page.getByTestId('totp-secret')).toBeVisible();
      await check('/login (authenticator)');
      await bind.locator('button.ant-btn-text').click();
    }
    await expect(page.getByTestId('user-menu')).toBeVisible();

    let previous = '';
    let shellChecked = false;
    for (const route of SIGNED_IN_PATHS) {
      const query = QUERIES[route]?.(ids);
      await page.evaluate((hash) => (location.hash = hash), `#${route}${query ? `?${query}` : ''}`);
      // On the screen asked for (not sent on to a 404 page), and with its tab the active one: the
      // screen left behind is then closed, as its tab would be, so that the page holds one screen
      // at a time. (Closing while the old tab is still the active one would leave for a neighbour.)
      // The error pages have no tab, and stand outside the frame.
      const tabbed = !ERROR_PATHS.includes(route);
      await page.waitForFunction(
        ([path, withTab]) =>
          location.hash.slice(1).split('?')[0] === path &&
          (path === '/404' || !document.querySelector('[data-testid="error-404"]')) &&
          (!withTab || document.querySelector<HTMLElement>('.tags-view-item[data-active="true"]')?.dataset.path === path),
        [route, tabbed] as const,
      );
      if (previous && tabbed) {
        await page.evaluate((path) => document.querySelector(`.tags-view-item[data-path="${path}"] .tags-view-close`)?.dispatchEvent(new MouseEvent('click', { bubbles: true })), previous);
      }
      // The frame around the screens (menu, header, tabs) is the same on every screen: it is
      // checked whole on the first, and after that only the screen is.
      await check(route, shellChecked && tabbed ? SCREEN : undefined);
      await expect(page, 'still on the screen checked').toHaveURL(new RegExp(`#${route.replace(/\//g, '\\/')}(\\?|$)`));
      await runExtras(route, [...(shellChecked ? [] : SHELL_EXTRAS), ...(SCREEN_EXTRAS[route] ?? [])]);
      shellChecked = true;
      previous = route;
    }

    // An agent user (a demo agent's administrator): the header names their agent, on their first report.
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.reload();
    await page.goto('/#/login');
    await page.locator('.ant-tabs-tab').nth(1).click();
    await agentForm.locator('#agent-login_agentCode').fill(DEMO_AGENT.code);
    await agentForm.locator('#agent-login_account').fill(DEMO_AGENT.account);
    await agentForm.locator('#agent-login_password').fill(DEMO_AGENT.password);
    await agentForm.locator('#agent-login_googleCode').fill('000000');
    await agentForm.locator('#agent-login_googleCode').press('Enter');
    await expect(bind.or(page.getByTestId('user-menu'))).toBeVisible();
    if (await bind.isVisible()) await bind.locator('button.ant-btn-text').click();
    await expect(page.getByTestId('header-agent')).toBeVisible();
    await expect(page).toHaveURL(/#\/agent\/report\/summary/);
    await check('/agent/report/summary (agent user)');
    await runExtras('/agent/report/summary (agent user)', SHELL_EXTRAS.filter((e) => e.name === 'profile dialog'));
  });
}
