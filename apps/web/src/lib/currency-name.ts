/**
 * The name to show for a currency in the console's language. A currency has one name, entered by
 * an operator (docs/product.md, "Currencies"), usually in Chinese: shown as is in Chinese, it would be the one
 * Chinese word on an English screen. So the stored name is kept when it is written in the
 * language's script, and otherwise an ISO 4217 code gets the browser's own name for it
 * (Intl.DisplayNames: "Chinese Yuan", "泰铢"), and a few widely held currencies outside ISO 4217
 * (USDT) their usual names; anything else keeps the stored name.
 */
const HAN = /\p{Script=Han}/u;

/** Currencies without an ISO 4217 code, hence unknown to Intl.DisplayNames, by their usual codes. */
const KNOWN_NAMES: Readonly<Record<string, Readonly<Record<'zh-cn' | 'en', string>>>> = {
  USDT: { 'zh-cn': '泰达币', en: 'Tether' },
  USDC: { 'zh-cn': 'USD Coin', en: 'USD Coin' },
  BTC: { 'zh-cn': '比特币', en: 'Bitcoin' },
  ETH: { 'zh-cn': '以太币', en: 'Ether' },
};
const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesFor(language: 'zh-cn' | 'en'): Intl.DisplayNames | null {
  if (!displayNames.has(language)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language === 'en' ? 'en' : 'zh-CN'], { type: 'currency', fallback: 'none' });
    } catch {
      // A runtime without currency display names: the stored names serve.
    }
    displayNames.set(language, names);
  }
  return displayNames.get(language) ?? null;
}

export function currencyName(code: string, storedName: string, language: 'zh-cn' | 'en'): string {
  const fitsLanguage = language === 'en' ? !HAN.test(storedName) : HAN.test(storedName);
  if (fitsLanguage && storedName) return storedName;
  const known = KNOWN_NAMES[code]?.[language];
  if (known) return known;
  if (!/^[A-Z]{3}$/.test(code)) return storedName;
  return namesFor(language)?.of(code) ?? storedName;
}
