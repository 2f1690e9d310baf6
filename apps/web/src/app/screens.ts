import type { ComponentType } from 'react';

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
};

export const availableScreens = (): ReadonlySet<string> => new Set(Object.keys(screens));
