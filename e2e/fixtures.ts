import { test as base } from '@playwright/test';

/**
 * Each Playwright worker drives a server and a database of its own (playwright.config.ts starts
 * one per worker), so two workers never see each other's accounts, settings or ingested bets.
 * Specs import `test` from here instead of '@playwright/test'.
 */
const urls = (process.env.E2E_URLS ?? '').split(',').filter(Boolean);

export const test = base.extend({
  baseURL: async ({ baseURL }, use, testInfo) => {
    await use(urls[testInfo.parallelIndex % Math.max(urls.length, 1)] ?? baseURL);
  },
});

export { expect } from '@playwright/test';
export type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
