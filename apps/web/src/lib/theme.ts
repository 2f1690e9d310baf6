import { theme as antdTheme, type ThemeConfig } from 'antd';

/** The theme colour every installation starts with (docs/product.md, "Preferences and defaults"). */
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

/** Light shades 1–9, each 10 % further towards white (docs/product.md, "Preferences and defaults"). */
export function lightShades(color: string): string[] {
  return Array.from({ length: 9 }, (_, i) => mixColor(color, '#ffffff', (i + 1) / 10));
}

/** The one dark shade, for hover and active on filled primaries (docs/product.md, "Preferences and defaults"). */
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

/** The dark theme is a `dark` class on the page, plus antd's dark algorithm (docs/product.md, "Preferences and defaults"). */
export function applyDarkClass(dark: boolean, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

export type ComponentSize = 'small' | 'middle' | 'large';

/** Our size names (default, large, small: docs/product.md, "Preferences and defaults") in antd's vocabulary. */
export function antdSize(size: 'default' | 'large' | 'small'): ComponentSize {
  return size === 'default' ? 'middle' : size;
}

/** WCAG 2 relative luminance of an opaque colour. */
function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two opaque colours, 1–21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG 2.1 AA for body text (1.4.3). */
export const TEXT_CONTRAST = 4.5;

/** Where text sits: the card and dialog surface and the page background (light), plus the raised surface (dark). */
export const SURFACES = { light: ['#ffffff', '#f3f5f9'], dark: ['#15171c', '#0b0d12', '#1d2026'] } as const;

/** antd's colour seeds that carry text somewhere (links, tags, messages, buttons). */
type ColorSeed = 'colorPrimary' | 'colorLink' | 'colorInfo' | 'colorError' | 'colorSuccess' | 'colorWarning';

/** The tinted backgrounds antd lays under its status texts (tags, alerts, selected items). */
const TINTS = ['colorPrimaryBg', 'colorInfoBg', 'colorErrorBg', 'colorSuccessBg', 'colorWarningBg'] as const;
type Tints = Record<(typeof TINTS)[number], string>;

/**
 * What each seed's colour must read against, and which way to move it when it does not. Light:
 * the same colour is text on the page and the fill under white button text, and darkening serves
 * both. Dark: fills keep white text (primary, darkened), while links and status colours are text
 * on dark surfaces (lightened); the danger fill takes dark text instead (see buildAntdTheme).
 */
function seedRules(dark: boolean, tints: Tints, primary: string): { seed: ColorSeed; against: string[] }[] {
  const surfaces = dark ? SURFACES.dark : SURFACES.light;
  const white = dark ? [] : ['#ffffff'];
  // The shell marks the current tab and search result with a wash of the chosen colour.
  const washes = surfaces.map((s) => mixColor(s, primary, 0.12));
  return [
    { seed: 'colorPrimary', against: dark ? ['#ffffff'] : [...white, ...surfaces, tints.colorPrimaryBg] },
    { seed: 'colorLink', against: [...surfaces, ...washes] },
    { seed: 'colorInfo', against: [...surfaces, tints.colorInfoBg] },
    { seed: 'colorError', against: [...white, ...surfaces, tints.colorErrorBg] },
    { seed: 'colorSuccess', against: [...white, ...surfaces, tints.colorSuccessBg] },
    { seed: 'colorWarning', against: [...surfaces, tints.colorWarningBg] },
  ];
}

/** antd's preset colours, which tags and badges take by name. */
const PRESET_COLORS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'] as const;

/** `color` moved towards `ink` (black or white) in small steps until it reads at AA on every one of `backgrounds`. */
function readable(color: string, backgrounds: readonly string[], ink: string): string {
  let out = normalizeHex(color) ?? color;
  for (let i = 0; i < 40 && backgrounds.some((bg) => contrastRatio(out, bg) < TEXT_CONTRAST); i++) out = mixColor(out, ink, 0.05);
  return out;
}

/** The lowest opacity at which `ink` over every surface reads at AA: de-emphasised text that still reads. */
function readableAlpha(ink: string, surfaces: readonly string[], from: number): number {
  for (let a = from; a < 1; a += 0.01) {
    if (surfaces.every((s) => contrastRatio(mixColor(s, ink, a), s) >= TEXT_CONTRAST)) return Math.round(a * 100) / 100;
  }
  return 1;
}

/** The antd theme for the chosen colour and mode; components read it through ConfigProvider. */
/**
 * Where antd's popup layers (dialogs, drawers, menus, dropdowns, toasts) start: above the watermark's
 * z-index 9999 (components/app-watermark.tsx), so the account's name never covers a dialog's fields.
 * antd's own base is 1000, under the mark.
 */
export const POPUP_Z_INDEX_BASE = 10_000;

export function buildAntdTheme(color: string, dark: boolean, reducedMotion = false): ThemeConfig {
  const primary = normalizeHex(color) ?? DEFAULT_THEME_COLOR;
  const surfaces = dark ? SURFACES.dark : SURFACES.light;
  const ink = dark ? '#ffffff' : '#000000';
  const base: ThemeConfig = {
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      borderRadius: 6,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
      ...(dark ? { colorBgLayout: SURFACES.dark[1], colorBgContainer: SURFACES.dark[0], colorBgElevated: SURFACES.dark[2] } : { colorBgLayout: SURFACES.light[1] }),
      // Motion is for those who want it: a system asking for less motion gets none.
      motion: !reducedMotion,
      zIndexPopupBase: POPUP_Z_INDEX_BASE,
    },
  };

  // The chosen colour and antd's status colours, each moved only as far as its text needs to read.
  const seeds: Record<ColorSeed, string> = {
    colorPrimary: primary,
    colorLink: primary,
    colorInfo: primary,
    colorError: '#ff4d4f',
    colorSuccess: '#52c41a',
    colorWarning: '#faad14',
  };
  const config = (token: object): ThemeConfig => ({ ...base, token: { ...base.token, ...token } });
  const first = antdTheme.getDesignToken(config(seeds));
  // The tints stay those of the chosen colours, so that moving a colour does not move what it sits on.
  const tints = Object.fromEntries(TINTS.map((k) => [k, opaque(first[k], surfaces[0])])) as Tints;
  const rules = seedRules(dark, tints, primary);
  // The light algorithm uses a seed as it is; the dark one mutes it, so there it is asked again.
  let shown: Record<ColorSeed, string> = dark ? first : seeds;
  for (let round = 0; round < 30; round++) {
    const failing = rules.filter(({ seed, against }) => against.some((bg) => contrastRatio(shown[seed], bg) < TEXT_CONTRAST));
    if (!failing.length) break;
    for (const { seed } of failing) seeds[seed] = mixColor(seeds[seed], seed === 'colorPrimary' || !dark ? '#000000' : '#ffffff', 0.06);
    shown = dark ? antdTheme.getDesignToken(config({ ...seeds, ...tints })) : seeds;
  }
  // antd's tertiary grey (captions, hints, empty states, placeholders) is below AA on these
  // surfaces and on a selected row or item.
  const alpha = readableAlpha(ink, [...surfaces, tints.colorPrimaryBg], 0.45);
  const faint = `rgba(${dark ? '255, 255, 255' : '0, 0, 0'}, ${alpha})`;
  const text = { colorTextTertiary: faint, colorTextDescription: faint, colorTextPlaceholder: faint };
  const final = antdTheme.getDesignToken(config({ ...seeds, ...tints, ...text }));
  // The preset tag colours (green, gold…): their text shade on their own light (or dark) wash.
  const presets: Record<string, string> = {};
  for (const name of PRESET_COLORS) {
    const key = `${name}7` as keyof typeof final;
    const shade = readable(String(final[key]), [opaque(String(final[`${name}1` as keyof typeof final]), surfaces[0]), ...surfaces], ink);
    // (antd keeps each shade under two names, and its style sheets read the dashed one.)
    if (shade !== final[key]) Object.assign(presets, { [key]: shade, [`${name}-7`]: shade });
  }
  // The selected menu item's text on its tint (the dark primary is a fill colour, too dim for text there).
  const selected = readable(dark ? final.colorLink : final.colorPrimary, [tints.colorPrimaryBg, ...surfaces], ink);

  // A light danger fill (dark theme) carries dark text: white would not read on it.
  const dangerText = contrastRatio('#ffffff', shown.colorError) >= TEXT_CONTRAST ? undefined : '#141414';
  // Hovering must not take text below AA either. antd lightens on hover; here a hovered fill under
  // white text darkens instead, and a hovered link moves away from the surface. Hovered text on
  // the dark surface (outlined buttons) keeps antd's lighter shade, and so does the dark theme's
  // danger fill, whose dark text only gains from it.
  const darker = (c: string) => mixColor(c, '#000000', 0.12);
  const hover = dark
    ? { colorLinkHover: mixColor(shown.colorLink, '#ffffff', 0.12) }
    : { colorPrimaryHover: darker(shown.colorPrimary), colorLinkHover: darker(shown.colorLink), colorErrorHover: darker(shown.colorError) };
  const darkButton = dark
    ? { colorPrimaryHover: darker(shown.colorPrimary), defaultHoverColor: readable(final.colorPrimaryHover, surfaces, ink), defaultHoverBorderColor: final.colorPrimaryHover }
    : {};

  return {
    ...base,
    token: { ...base.token, ...seeds, ...tints, ...hover, ...text, ...presets },
    components: {
      Layout: dark
        ? { headerBg: '#15171c', siderBg: '#15171c', bodyBg: '#0b0d12', headerPadding: '0 16px', headerHeight: 56 }
        : { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f3f5f9', headerPadding: '0 16px', headerHeight: 56 },
      Menu: {
        itemBg: 'transparent',
        subMenuItemBg: 'transparent',
        ...(dark ? { darkItemBg: '#15171c' } : {}),
        itemSelectedColor: selected,
        subMenuItemSelectedColor: selected,
        horizontalItemSelectedColor: selected,
        horizontalItemHoverColor: selected,
      },
      // A table's "no data" is in antd's disabled grey.
      Table: { colorTextDisabled: faint },
      // The open tab's title is text on the surface, as a selected menu item's is.
      Tabs: { itemSelectedColor: selected, itemActiveColor: selected, itemHoverColor: selected },
      Button: { ...darkButton, ...(dangerText ? { dangerColor: dangerText } : {}) },
    },
  };
}

/** A token colour as an opaque hex over `surface` (antd gives some tints as rgba). */
function opaque(color: string, surface: string): string {
  const hex = normalizeHex(color);
  if (hex) return hex;
  const m = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(color.trim());
  if (!m) return surface;
  const rgb = toHex([Number(m[1]), Number(m[2]), Number(m[3])]);
  return mixColor(surface, rgb, m[4] === undefined ? 1 : Number(m[4]));
}
