import AxeBuilder from '@axe-core/playwright';
import { bill, player, report } from '@console/contract';
import { expect, type Page, test } from './fixtures';
import { prepareScreenshots } from './support';

/**
 * Tables an operator can read on a 390-px phone (the list kit's phone form, ListColumn.phone): on
 * the player list, the bet records, the ledger, the agent settlement and two report screens, the
 * row's name stays pinned at the left edge with its amounts beside it, and still names the row
 * once the table is scrolled sideways to its last column; the page itself never scrolls sideways,
 * and axe-core finds no serious or critical violation. In Chinese on the light theme and in
 * English on the dark one.
 */

type Row = Record<string, unknown>;
type Text = { 'zh-cn': string; en: string };

interface Screen {
  name: string;
  route: string;
  /** The call whose rows the table shows. */
  path: string;
  /** What names a row, as its pinned cell shows it (the first row of the call's answer). */
  names: (row: Row) => string[];
  /** The header of the amount right beside the name. */
  amount: Text;
}

const R = report.REPORT_SCREENS;
const SCREENS: Screen[] = [
  { name: 'player list', route: '/player/manage/list', path: player.playerList.path, names: (r) => [String(r.account), String(r.agent_code)], amount: { 'zh-cn': '余额', en: 'Balance' } },
  { name: 'bet records', route: R.playerBetting.screen, path: R.playerBetting.path, names: (r) => [String(r.player_account), String(r.currency_code)], amount: { 'zh-cn': '投注额', en: 'Bet amount' } },
  { name: 'ledger', route: '/bill/report', path: bill.billList.path, names: (r) => [String(r.player_account), String(r.agent_code)], amount: { 'zh-cn': '变动金额', en: 'Amount' } },
  { name: 'agent settlement', route: R.agentSettlement.screen, path: R.agentSettlement.path, names: (r) => [String(r.month), String(r.agent_code), String(r.currency_code)], amount: { 'zh-cn': '平台输赢', en: 'Platform win/loss' } },
  { name: 'daily agent summary', route: R.agentDaily.screen, path: R.agentDaily.path, names: (r) => [String(r.date), String(r.agent_code), String(r.currency_code)], amount: { 'zh-cn': '投注额', en: 'Bet amount' } },
  { name: 'player summary', route: R.playerSummary.screen, path: R.playerSummary.path, names: (r) => [String(r.player_account), String(r.currency_code)], amount: { 'zh-cn': '投注额', en: 'Bet amount' } },
];

const LOOKS = [
  { name: 'light zh', theme: 'light', lang: 'zh-cn' },
  { name: 'dark en', theme: 'dark', lang: 'en' },
] as const;

/** Serious and critical WCAG 2.1 A/AA violations on the screen (as e2e/a11y.spec.ts checks every screen). */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).include('main.app-content').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.use({ viewport: { width: 390, height: 844 } });

for (const look of LOOKS) {
  for (const s of SCREENS) {
    test(`at 390 px the ${s.name} names each row beside its amounts, scrolled sideways too (${look.name})`, async ({ page }) => {
      await prepareScreenshots(page, look.theme, look.lang);
      // The rows the table shows: the last answer of its call once the screen has settled.
      const answers: Row[][] = [];
      page.on('response', async (res) => {
        if (!res.url().endsWith(`/v1/operator/${s.path}`)) return;
        const body = (await res.json().catch(() => null)) as { data?: { list?: Row[] } } | null;
        if (body?.data?.list) answers.push(body.data.list);
      });
      await page.goto(`/#${s.route}`);
      await page.reload();
      const card = page.locator('.list-table-card');
      const firstRow = card.locator('.ant-table-tbody tr.ant-table-row').first();
      await expect(firstRow).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('table-skeleton')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      const row = answers.at(-1)?.[0];
      expect(row, `${s.path} answered with rows`).toBeTruthy();

      // The name pinned at the left edge; the amount right beside it, in sight.
      const key = firstRow.locator('td').first();
      await expect(key).toHaveClass(/ant-table-cell-fix-start/);
      for (const name of s.names(row!)) await expect(key).toContainText(name);
      if (s.name === 'bet records') await expect(key.locator('.list-table-key-main')).toHaveAttribute('title', String(row!.bet_id));
      await expect(card.locator('thead th').nth(1)).toHaveText(s.amount[look.lang]);
      await expect(firstRow.locator('td').nth(1).locator('.num')).toBeInViewport({ ratio: 1 });
      await expect(key).toBeInViewport({ ratio: 1 });
      const pinnedAt = (await key.boundingBox())!.x;

      // Scrolled sideways to the last column: the name is where it was, beside other figures.
      const scroller = card.locator('.ant-table-content');
      await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
      await expect(key).toBeInViewport({ ratio: 1 });
      expect((await key.boundingBox())!.x).toBe(pinnedAt);
      for (const name of s.names(row!)) await expect(key).toContainText(name);
      // What the scroll brought into sight, at the row's other edge: the cell before the pinned
      // right column (actions, drill-downs) or the last one.
      const cells = firstRow.locator('td:not(.ant-table-cell-fix-end)');
      await expect(cells.last()).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

      expect(await violations(page)).toEqual([]);
    });
  }
}
