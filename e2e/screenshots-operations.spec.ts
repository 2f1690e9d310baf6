import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from './fixtures';
import { ADMIN, DEMO_AGENT_KEY, demoAgentClient, signIn } from './support';

/**
 * Screenshots of the agent, currency, domain, key and operation-log screens in both languages,
 * both themes, on a desktop and on a 390-px phone, for review by eye. Written to $SHOTS_DIR
 * (default /tmp/shots-ops); SHOTS_SCREENS (comma-separated, e.g. "log") narrows to those screens.
 */
const dir = process.env.SHOTS_DIR ?? '/tmp/shots-ops';
mkdirSync(dir, { recursive: true });

const screens = [
  { name: 'agent', route: '/#/agent/manage/index' },
  { name: 'currency', route: '/#/background/currency' },
  { name: 'domain', route: '/#/operation/domain' },
  { name: 'key', route: '/#/operation/key' },
  { name: 'log', route: '/#/log/index' },
] as const;
const screensOnly = (process.env.SHOTS_SCREENS ?? '').split(',').filter(Boolean);
const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Sets the persisted language and theme, then reloads. */
async function prefer(page: Page, language: 'zh-cn' | 'en', theme: 'light' | 'dark') {
  await page.evaluate(
    ([lang, th]) => {
      const edit = (key: string, patch: Record<string, unknown>) => {
        const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":0}') as { state: Record<string, unknown> };
        stored.state = { ...stored.state, ...patch };
        localStorage.setItem(key, JSON.stringify(stored));
      };
      edit('app', { language: lang });
      edit('settings', { theme: th });
    },
    [language, theme] as const,
  );
  await page.reload();
}

test.beforeAll(async ({ baseURL }) => {
  // The demo agent key used once through the agent API, so the key list shows a time and an address.
  await demoAgentClient(baseURL).playerCreate({ agent_code: DEMO_AGENT_KEY.agentCode, account: 'api_shots_player' });
});

for (const language of ['zh-cn', 'en'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    for (const vp of viewports) {
      test(`operations screens: ${language}, ${theme}, ${vp.name}`, async ({ page }) => {
        await page.setViewportSize({ width: vp.width, height: vp.height });
        await page.goto('/#/dashboard');
        await signIn(page, ADMIN.account, ADMIN.password);
        await prefer(page, language, theme);
        for (const s of screens.filter((x) => !screensOnly.length || screensOnly.includes(x.name))) {
          await page.goto(s.route);
          await expect(page.locator('.ant-table-row').first()).toBeVisible();
          await page.waitForTimeout(400);
          await page.screenshot({ path: path.join(dir, `${s.name}-${language}-${theme}-${vp.name}.png`) });
          if (s.name === 'agent') {
            await page.locator('.ant-table-row-expand-icon').first().click();
            await expect(page.locator('.ant-table-row-level-1').first()).toBeVisible();
            await page.waitForTimeout(300);
            await page.screenshot({ path: path.join(dir, `agent-expanded-${language}-${theme}-${vp.name}.png`) });
            const users = language === 'en' ? 'Users' : '账号';
            // In the row: the header's account button is named for the signed-in account too.
            if (vp.name === 'desktop') await page.locator('.ant-table-row').first().getByRole('button', { name: users }).click();
            else {
              await page.locator('.ant-table-row').first().getByRole('button').last().click();
              await page.getByRole('menuitem', { name: users }).click();
            }
            await expect(page.locator('.ant-drawer .ant-table-row').first()).toBeVisible();
            await page.waitForTimeout(400);
            await page.screenshot({ path: path.join(dir, `agent-users-${language}-${theme}-${vp.name}.png`) });
            await page.keyboard.press('Escape');
            await page.getByRole('button', { name: language === 'en' ? 'New top-level agent' : '新增总代理' }).click();
            await expect(page.getByRole('dialog').last()).toBeVisible();
            await page.waitForTimeout(400);
            await page.screenshot({ path: path.join(dir, `agent-add-${language}-${theme}-${vp.name}.png`) });
            await page.keyboard.press('Escape');
          }
          if (s.name === 'log') {
            await page.locator('.ant-table-row-expand-icon').first().click();
            await page.waitForTimeout(300);
            await page.screenshot({ path: path.join(dir, `log-expanded-${language}-${theme}-${vp.name}.png`) });
          }
        }
      });
    }
  }
}
