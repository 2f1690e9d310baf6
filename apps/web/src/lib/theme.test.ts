import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import {
  antdSize,
  applyDarkClass,
  applyThemeColorVars,
  buildAntdTheme,
  contrastRatio,
  darkShade,
  lightShades,
  mixColor,
  normalizeHex,
  PRESET_THEME_COLORS,
  resolveDark,
  SURFACES,
  themeColorVars,
} from './theme';

describe('theme colour shades (docs/product.md, "Preferences and defaults")', () => {
  it('gives exactly the specified light shades 1–9 and dark shade for #4080FF', () => {
    expect(lightShades('#4080FF')).toEqual(['#538dff', '#6699ff', '#79a6ff', '#8cb3ff', '#a0c0ff', '#b3ccff', '#c6d9ff', '#d9e6ff', '#ecf2ff']);
    expect(darkShade('#4080FF')).toBe('#1a67ff');
  });

  it('names the CSS variables after the shade number', () => {
    const vars = themeColorVars('#4080ff');
    expect(vars['--color-primary']).toBe('#4080ff');
    expect(vars['--color-primary-light-1']).toBe('#538dff');
    expect(vars['--color-primary-light-9']).toBe('#ecf2ff');
    expect(vars['--color-primary-dark-2']).toBe('#1a67ff');
    expect(Object.keys(vars)).toHaveLength(11);
  });

  it('sets them on the page root', () => {
    applyThemeColorVars('#4080FF');
    expect(document.documentElement.style.getPropertyValue('--color-primary-light-3')).toBe('#79a6ff');
    applyThemeColorVars('#F5222D');
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#f5222d');
  });

  it('mixes channel by channel and clamps', () => {
    expect(mixColor('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColor('#4080FF', '#ffffff', 0)).toBe('#4080ff');
    expect(mixColor('#4080FF', '#ffffff', 1)).toBe('#ffffff');
    // Far past the colour: channels stop at 0 and 255 instead of wrapping.
    expect(mixColor('#4080FF', '#ffffff', -2)).toBe('#0000ff');
  });

  it('accepts the usual spellings of a hex colour and rejects the rest', () => {
    expect(normalizeHex('#4080ff')).toBe('#4080FF');
    expect(normalizeHex('4080FF')).toBe('#4080FF');
    expect(normalizeHex('#48f')).toBe('#4488FF');
    expect(normalizeHex(' #4080FF ')).toBe('#4080FF');
    expect(normalizeHex('blue')).toBeNull();
    expect(normalizeHex('#4080FF80')).toBeNull();
    expect(() => lightShades('nope')).toThrow();
  });
});

describe('theme mode', () => {
  it('auto follows the system, the others are fixed', () => {
    expect(resolveDark('light', true)).toBe(false);
    expect(resolveDark('dark', false)).toBe(true);
    expect(resolveDark('auto', true)).toBe(true);
    expect(resolveDark('auto', false)).toBe(false);
  });

  it('marks the dark theme with a class on <html>', () => {
    applyDarkClass(true);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    applyDarkClass(false);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('feeds antd the primary colour and the matching algorithm', () => {
    // A colour that reads under white text and on the page as it is stays as it is.
    expect(buildAntdTheme('#2f54eb', false).token?.colorPrimary).toBe('#2F54EB');
    const light = buildAntdTheme('#13c2c2', false);
    expect(light.algorithm).toBe(theme.defaultAlgorithm);
    expect(buildAntdTheme('#13c2c2', true).algorithm).toBe(theme.darkAlgorithm);
    // A broken stored colour falls back to the default instead of breaking every component.
    expect(buildAntdTheme('oops', false).token?.colorPrimary).toBe(buildAntdTheme('#4080FF', false).token?.colorPrimary);
  });

  it('deepens a light theme colour only as far as its text needs, keeping its hue', () => {
    const cyan = buildAntdTheme('#13c2c2', false).token!.colorPrimary!;
    expect(contrastRatio(cyan, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(cyan, '#ffffff')).toBeLessThan(5.5);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(cyan.slice(i, i + 2), 16));
    expect(g).toBe(b);
    expect(r).toBeLessThan(g!);
  });

  it('keeps every text colour at WCAG AA in both modes, for every offered theme colour', () => {
    const opaque = (color: string, surface: string) => {
      const m = /^rgba\((\d+), ?(\d+), ?(\d+), ?([\d.]+)\)$/.exec(color);
      if (!m) return color;
      const rgb = `#${[m[1], m[2], m[3]].map((c) => Number(c).toString(16).padStart(2, '0')).join('')}`;
      return mixColor(surface, rgb, Number(m[4]));
    };
    for (const color of [...PRESET_THEME_COLORS, '#FADB14']) {
      for (const dark of [false, true]) {
        const config = buildAntdTheme(color, dark);
        const t = theme.getDesignToken(config);
        const surfaces = dark ? SURFACES.dark : SURFACES.light;
        const texts = ['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder', 'colorLink', 'colorLinkHover', 'colorError', 'colorSuccess', 'colorWarning', 'colorInfo'] as const;
        for (const key of texts) {
          for (const surface of surfaces) {
            expect(contrastRatio(opaque(t[key], surface), surface), `${color} ${dark ? 'dark' : 'light'} ${key} on ${surface}`).toBeGreaterThanOrEqual(4.5);
          }
        }
        // Tags in antd's preset colours: their text shade on their wash.
        for (const name of ['blue', 'purple', 'cyan', 'green', 'magenta', 'red', 'orange', 'volcano', 'geekblue', 'gold', 'lime'] as const) {
          const wash = opaque(t[`${name}1`], surfaces[0]!);
          expect(contrastRatio(t[`${name}7`], wash), `${color} ${dark ? 'dark' : 'light'} ${name} tag`).toBeGreaterThanOrEqual(4.5);
        }
        // Filled buttons: white on the primary (also hovered), and on danger or the dark text a light danger fill carries.
        const button = (config.components?.Button ?? {}) as { dangerColor?: string; colorPrimaryHover?: string; defaultHoverColor?: string };
        expect(contrastRatio('#ffffff', t.colorPrimary), `${color} primary button`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio('#ffffff', button.colorPrimaryHover ?? t.colorPrimaryHover), `${color} hovered primary button`).toBeGreaterThanOrEqual(4.5);
        for (const surface of surfaces) expect(contrastRatio(button.defaultHoverColor ?? t.colorPrimaryHover, surface), `${color} hovered button text`).toBeGreaterThanOrEqual(4.5);
        // The open tab's title on the surfaces (the login screen's operator and agent tabs).
        const tabs = (config.components?.Tabs ?? {}) as { itemSelectedColor?: string };
        for (const surface of surfaces) expect(contrastRatio(tabs.itemSelectedColor ?? t.colorPrimary, surface), `${color} ${dark ? 'dark' : 'light'} open tab on ${surface}`).toBeGreaterThanOrEqual(4.5);
        const dangerText = button.dangerColor ?? '#ffffff';
        expect(contrastRatio(dangerText, t.colorError), `${color} danger button`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('maps our size names onto antd component sizes', () => {
    expect(antdSize('default')).toBe('middle');
    expect(antdSize('large')).toBe('large');
    expect(antdSize('small')).toBe('small');
  });
});
