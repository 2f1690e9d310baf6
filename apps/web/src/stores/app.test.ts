import { beforeEach, describe, expect, it } from 'vitest';
import { detectBrowserLanguage, sanitizeApp, useAppStore } from './app';

const stored = () => JSON.parse(localStorage.getItem('app') ?? '{}').state as Record<string, unknown> | undefined;

describe('app store', () => {
  beforeEach(() => {
    localStorage.clear();
    useAppStore.setState({ device: 'desktop', size: 'default', language: 'zh-cn', sidebarStatus: 'opened', activeTopMenuPath: '' });
  });

  it('takes the first visit language from the browser, zh-cn unless English is preferred', () => {
    expect(detectBrowserLanguage(['en-US', 'zh-CN'])).toBe('en');
    expect(detectBrowserLanguage(['zh-TW'])).toBe('zh-cn');
    expect(detectBrowserLanguage(['fr-FR', 'en-GB'])).toBe('en');
    expect(detectBrowserLanguage(['fr-FR'])).toBe('zh-cn');
    expect(detectBrowserLanguage([])).toBe('zh-cn');
    expect(detectBrowserLanguage(undefined)).toBe('zh-cn');
  });

  it('has the documented defaults', async () => {
    // A fresh store in a fresh module: what a first visit sees.
    const { vi } = await import('vitest');
    vi.resetModules();
    const fresh = (await import('./app')).useAppStore.getState();
    expect(fresh.size).toBe('default');
    expect(fresh.sidebarStatus).toBe('opened');
    expect(fresh.activeTopMenuPath).toBe('');
    expect(fresh.device).toBe('desktop');
    expect(['zh-cn', 'en']).toContain(fresh.language);
  });

  it('persists device, size, language, sidebar and active top menu', () => {
    const s = useAppStore.getState();
    s.setDevice('mobile');
    s.setSize('small');
    s.setLanguage('en');
    s.toggleSidebar();
    s.setActiveTopMenuPath('/agent/report');
    expect(stored()).toEqual({ device: 'mobile', size: 'small', language: 'en', sidebarStatus: 'closed', activeTopMenuPath: '/agent/report' });
    useAppStore.getState().toggleSidebar();
    expect(stored()?.sidebarStatus).toBe('opened');
  });

  it('reads them back after a reload and drops malformed values', async () => {
    localStorage.setItem('app', JSON.stringify({ state: { size: 'large', language: 'en', sidebarStatus: 'closed', activeTopMenuPath: '/game/report', device: 'tablet' }, version: 0 }));
    await useAppStore.persist.rehydrate();
    const s = useAppStore.getState();
    expect(s.size).toBe('large');
    expect(s.language).toBe('en');
    expect(s.sidebarStatus).toBe('closed');
    expect(s.activeTopMenuPath).toBe('/game/report');
    expect(s.device).toBe('desktop');
    expect(sanitizeApp({ size: 'huge', language: 'fr' })).toEqual({});
  });
});
