import { describe, expect, it } from 'vitest';
import { currencyName } from './currency-name';

describe('currencyName', () => {
  it('keeps a stored name written in the language of the screen', () => {
    expect(currencyName('CNY', '人民币', 'zh-cn')).toBe('人民币');
    expect(currencyName('USD', 'US Dollar', 'en')).toBe('US Dollar');
  });

  it('names an ISO currency in the screen language when the stored name is in the other one', () => {
    expect(currencyName('CNY', '人民币', 'en')).toBe('Chinese Yuan');
    expect(currencyName('THB', '泰铢', 'en')).toBe('Thai Baht');
    expect(currencyName('USD', 'US Dollar', 'zh-cn')).toBe('美元');
  });

  it('names a widely held currency outside ISO 4217 by its usual name, in the screen language', () => {
    expect(currencyName('USDT', '泰达币', 'en')).toBe('Tether');
    expect(currencyName('USDT', 'Tether USD', 'zh-cn')).toBe('泰达币');
    expect(currencyName('USDT', 'Tether USD', 'en')).toBe('Tether USD');
  });

  it('keeps the stored name of any other code that is not an ISO currency', () => {
    expect(currencyName('XYZ', '测试币', 'en')).toBe('测试币');
    expect(currencyName('GOLDX', '金币', 'en')).toBe('金币');
  });
});
