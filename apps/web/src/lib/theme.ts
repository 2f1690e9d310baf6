import { theme as antdTheme, type ThemeConfig } from 'antd';

/** Spec §9: the theme colour every installation starts with. */
export const DEFAULT_THEME_COLOR = '#4080FF';

/** The swatches the settings drawer offers; any other colour comes from the picker. */
export const PRESET_THEME_COLORS: readonly string[] = [
  '#4080FF',
  '#1677FF',
  '#2F54EB',
  '#722ED1',
  '#EB2F96',
  '#F5222D',
  '#FA541C',
  '#FA8C16',
  '#13C2C2',
  '#52C41A',
  '#0F766E',
  '#475569',
];

type Rgb = [number, number, number];

const HEX6 = /^#?([0-9a-f]{6})$/i;
const HEX3 = /^#?([0-9a-f]{3})$/i;

/** "#4080ff", "4080FF" or "#48f" → "#4080FF"-style canonical upper case; null when not a colour. */
export function normalizeHex(input: string): string | null {
  const s = input.trim();
  const long = HEX6.exec(s);
  if (long?.[1]) return `#${long[1].toUpperCase()}`;
  const short = HEX3.exec(s);
  if (short?.[1]) return `#${[...short[1]].map((c) => c + c).join('').toUpperCase()}`;
  return null;
}

function toRgb(hex: string): Rgb {
  const h = normalizeHex(hex);
  if (!h) throw new Error(`not a hex colour: ${hex}`);
  return [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Moves `color` towards `target` by `weight` (0 = the colour itself, 1 = the target), channel by
 * channel in sRGB, rounded and clamped. A negative weight moves away from the target by that
 * much: the dark shade is "minus 20 % white", which deepens a colour without greying it (mixing
 * with black would dull a saturated primary such as #4080FF).
 */
export function mixColor(color: string, target: string, weight: number): string {
  const a = toRgb(color);
  const b = toRgb(target);
  const mixed = a.map((c, i) => Math.min(255, Math.max(0, Math.round(c + ((b[i] ?? 0) - c) * weight)))) as Rgb;
  return toHex(mixed);
}

/** Spec §4: light shades 1–9, each 10 % further towards white. */
export function lightShades(color: string): string[] {
  return Array.from({ length: 9 }, (_, i) => mixColor(color, '#ffffff', (i + 1) / 10));
}

/** Spec §4: the one dark shade (hover/active on filled primaries). */
export function darkShade(color: string): string {
  return mixColor(color, '#ffffff', -0.2);
}

/**
 * The CSS variables the shell's own styles use (borders, tints, the progress bar), set on <html>
 * so plain CSS and third-party widgets can follow the chosen colour as antd's token does.
 */
export function themeColorVars(color: string): Record<string, string> {
  const base = normalizeHex(color) ?? DEFAULT_THEME_COLOR;
  const vars: Record<string, string> = { '--color-primary': base.toLowerCase() };
  lightShades(base).forEach((shade, i) => {
    vars[`--color-primary-light-${i + 1}`] = shade;
  });
  vars['--color-primary-dark-2'] = darkShade(base);
  return vars;
}

export function applyThemeColorVars(color: string, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeColorVars(color))) root.style.setProperty(name, value);
}

export type ThemeMode = 'light' | 'dark' | 'auto';

/** "auto" follows the operating system's colour scheme. */
export function resolveDark(mode: ThemeMode, systemPrefersDark: boolean): boolean {
  return mode === 'dark' || (mode === 'auto' && systemPrefersDark);
}

/** Spec §4: the dark theme is a `dark` class on the page (plus antd's dark algorithm). */
export function applyDarkClass(dark: boolean, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

export type ComponentSize = 'small' | 'middle' | 'large';

/** Our size names (spec §3: default, large, small) in antd's vocabulary. */
export function antdSize(size: 'default' | 'large' | 'small'): ComponentSize {
  return size === 'default' ? 'middle' : size;
}

/** The antd theme for the chosen colour and mode; components read it through ConfigProvider. */
export function buildAntdTheme(color: string, dark: boolean): ThemeConfig {
  const primary = normalizeHex(color) ?? DEFAULT_THEME_COLOR;
  return {
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: primary,
      borderRadius: 6,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
      ...(dark ? { colorBgLayout: '#0b0d12', colorBgContainer: '#15171c', colorBgElevated: '#1d2026' } : { colorBgLayout: '#f3f5f9' }),
    },
    components: {
      Layout: dark
        ? { headerBg: '#15171c', siderBg: '#15171c', bodyBg: '#0b0d12', headerPadding: '0 16px', headerHeight: 56 }
        : { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f3f5f9', headerPadding: '0 16px', headerHeight: 56 },
      Menu: dark ? { itemBg: 'transparent', subMenuItemBg: 'transparent', darkItemBg: '#15171c' } : { itemBg: 'transparent', subMenuItemBg: 'transparent' },
    },
  };
}
