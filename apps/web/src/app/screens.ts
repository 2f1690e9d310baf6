import type { ComponentType } from 'react';
import { report } from '@console/contract';

/** A screen module: its default export is the screen component. */
export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

/**
 * Every screen of the console, by the `component` key of its RouteDef in the contract's route
 * table. Each entry is a dynamic import, so every screen is its own chunk, fetched on first visit
 * (the router shows the navigation progress bar while it loads). A route whose key is missing
 * here is left out of the menu and the router until its screen ships.
 */
export const screens: Record<string, ScreenLoader> = {
  login: () => import('../features/auth/login-screen'),
  'background-account': () => import('../features/account/account-screen'),
  dashboard: () => import('../features/dashboard/dashboard-screen'),
  '401': () => import('../features/errors/unauthorized-screen'),
  '404': () => import('../features/errors/not-found-screen'),
  'agent-manage': () => import('../features/agent/agent-screen'),
  'background-currency': () => import('../features/currency/currency-screen'),
  'operation-domain': () => import('../features/operation/domain-screen'),
  'operation-key': () => import('../features/operation/key-screen'),
  log: () => import('../features/log/log-screen'),
  // Every report screen is the one report screen, bound to its definition: a report added to the
  // contract's REPORT_SCREENS has its screen here without another line.
  ...Object.fromEntries(
    Object.values(report.REPORT_SCREENS).map((d): [string, ScreenLoader] => [
      `report-${d.name}`,
      () => import('../features/report/report-screen').then((m) => ({ default: m.reportScreen(d.key) })),
    ]),
  ),
  'bill-report': () => import('../features/bill/bill-screen'),
  'background-export': () => import('../features/export/export-screen'),
  'player-manage-list': () => import('../features/player/player-list-screen'),
  'player-manage-wallet': () => import('../features/player/wallet-screen'),
  'player-manage-control': () => import('../features/player/control-screen'),
  'game-manage-dealer': () => import('../features/game/dealer-screen'),
  'game-manage-agent': () => import('../features/game/agent-config-screen'),
  'game-manage-protect': () => import('../features/game/protect-screen'),
  'game-manage-prize-pool': () => import('../features/game/prize-pool-screen'),
  'game-manage-catalogue': () => import('../features/catalogue/catalogue-screen'),
  'agent-manage-level': () => import('../features/agent-level/agent-level-screen'),
};

export const availableScreens = (): ReadonlySet<string> => new Set(Object.keys(screens));
