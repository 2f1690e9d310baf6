import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, sanitizeSettings, useSettingsStore } from './settings';

const stored = () => JSON.parse(localStorage.getItem('settings') ?? '{}').state as Record<string, unknown> | undefined;

describe('settings store', () => {
  beforeEach(() => {
    localStorage.clear();
    useSettingsStore.setState({ ...DEFAULT_SETTINGS, showSettings: false });
  });

  it('starts from the documented defaults', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      layout: 'left',
      theme: 'light',
      themeColor: '#4080FF',
      tagsView: true,
      fixedHeader: true,
      sidebarLogo: false,
      watermarkEnabled: false,
    });
    expect(useSettingsStore.getState().showSettings).toBe(false);
  });

  it('persists every setting in local storage, but never the open panel', () => {
    const { setSetting, setShowSettings } = useSettingsStore.getState();
    setSetting('layout', 'mix');
    setSetting('theme', 'dark');
    setSetting('themeColor', '#13c2c2');
    setSetting('tagsView', false);
    setSetting('fixedHeader', false);
    setSetting('sidebarLogo', true);
    setSetting('watermarkEnabled', true);
    setShowSettings(true);
    expect(stored()).toEqual({
      layout: 'mix',
      theme: 'dark',
      themeColor: '#13C2C2',
      tagsView: false,
      fixedHeader: false,
      sidebarLogo: true,
      watermarkEnabled: true,
    });
  });

  it('reads the stored settings back (a reload)', async () => {
    localStorage.setItem('settings', JSON.stringify({ state: { layout: 'top', theme: 'auto', themeColor: '#722ED1', sidebarLogo: true }, version: 1 }));
    await useSettingsStore.persist.rehydrate();
    const s = useSettingsStore.getState();
    expect(s.layout).toBe('top');
    expect(s.theme).toBe('auto');
    expect(s.themeColor).toBe('#722ED1');
    expect(s.sidebarLogo).toBe(true);
    // What was not stored keeps its default.
    expect(s.tagsView).toBe(true);
  });

  it('ignores malformed stored values instead of breaking the shell', async () => {
    localStorage.setItem('settings', JSON.stringify({ state: { layout: 'diagonal', theme: 'sepia', themeColor: 'red', tagsView: 'yes' }, version: 1 }));
    await useSettingsStore.persist.rehydrate();
    const s = useSettingsStore.getState();
    expect(s.layout).toBe('left');
    expect(s.theme).toBe('light');
    expect(s.themeColor).toBe('#4080FF');
    expect(s.tagsView).toBe(true);
    expect(sanitizeSettings(null)).toEqual({});
  });

  it('refuses a colour that is not one', () => {
    useSettingsStore.getState().setSetting('themeColor', 'not-a-colour');
    expect(useSettingsStore.getState().themeColor).toBe('#4080FF');
  });

  it('resets every setting to the defaults', () => {
    const { setSetting, resetSettings } = useSettingsStore.getState();
    setSetting('layout', 'top');
    setSetting('theme', 'dark');
    setSetting('watermarkEnabled', true);
    resetSettings();
    const { showSettings: _, setSetting: _s, setShowSettings: _p, resetSettings: _r, ...values } = useSettingsStore.getState();
    expect(values).toEqual(DEFAULT_SETTINGS);
    expect(stored()).toEqual(DEFAULT_SETTINGS);
  });
});
