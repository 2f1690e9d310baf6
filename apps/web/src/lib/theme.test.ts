import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { antdSize, applyDarkClass, applyThemeColorVars, buildAntdTheme, darkShade, lightShades, mixColor, normalizeHex, resolveDark, themeColorVars } from './theme';

describe('theme colour shades (spec §4)', () => {
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
    const light = buildAntdTheme('#13c2c2', false);
    expect(light.token?.colorPrimary).toBe('#13C2C2');
    expect(light.algorithm).toBe(theme.defaultAlgorithm);
    expect(buildAntdTheme('#13c2c2', true).algorithm).toBe(theme.darkAlgorithm);
    // A broken stored colour falls back to the default instead of breaking every component.
    expect(buildAntdTheme('oops', false).token?.colorPrimary).toBe('#4080FF');
  });

  it('maps our size names onto antd component sizes', () => {
    expect(antdSize('default')).toBe('middle');
    expect(antdSize('large')).toBe('large');
    expect(antdSize('small')).toBe('small');
  });
});
