import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ingestBetSchema, ingestTransferSchema } from '../modules/ingest.ts';
import { requestIdSchema } from '../modules/player.ts';
import { safeText, textFault, TEXT_FAULT_MESSAGES } from './safe-text.ts';

/** Characters that show as nothing, so that "pl01" and "pl" + one of them + "01" look alike. */
const INVISIBLE = {
  'U+200B zero-width space': '\u200b',
  'U+200C zero-width non-joiner': '\u200c',
  'U+200D zero-width joiner': '\u200d',
  'U+2060 word joiner': '\u2060',
  'U+FEFF byte-order mark': '\ufeff',
  'U+00AD soft hyphen': '\u00ad',
  'U+180E Mongolian vowel separator': '\u180e',
  'U+034F combining grapheme joiner': '\u034f',
  'U+115F Hangul choseong filler': '\u115f',
  'U+1160 Hangul jungseong filler': '\u1160',
  'U+3164 Hangul filler': '\u3164',
  'U+FFA0 halfwidth Hangul filler': '\uffa0',
  'U+2800 braille pattern blank': '\u2800',
  'U+FE0F variation selector-16': '\ufe0f',
  'U+E0100 variation selector-17': '\u{e0100}',
  'U+17B4 Khmer vowel inherent AQ': '\u17b4',
  'U+180B Mongolian free variation selector one': '\u180b',
  'U+0007 bell (a control character)': '\u0007',
  'U+0085 next line (a control character)': '\u0085',
};

describe('identities refuse invisible characters', () => {
  it('refuses each of them anywhere in an identity', () => {
    for (const [name, c] of Object.entries(INVISIBLE)) {
      for (const text of [`${c}pl01`, `pl${c}01`, `pl01${c}`]) expect(textFault(text, 'identity'), name).toBe('text_invisible');
    }
  });

  it('refuses every format character (general category Cf)', () => {
    const missed: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if (/\p{Cf}/u.test(c) && textFault(`a${c}b`, 'identity') === null) missed.push(cp.toString(16));
    }
    expect(missed).toEqual([]);
  });

  it('refuses every default-ignorable code point and every control character but NUL (which has its own fault)', () => {
    const missed: string[] = [];
    for (let cp = 1; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if (/[\p{Default_Ignorable_Code_Point}\p{Cc}]/u.test(c) && textFault(`a${c}b`, 'identity') === null) missed.push(cp.toString(16));
    }
    expect(missed).toEqual([]);
  });

  it('keeps the emoji variation selector and the blanks in names: only identities refuse them', () => {
    for (const name of ['\u2764\ufe0f', 'Tom\u2800', '\u3164']) expect(textFault(name, 'name')).toBeNull();
  });

  it('names the more precise fault first: direction controls and marks keep their own words', () => {
    expect(textFault('a\u202eb', 'identity')).toBe('text_bidi_control');
    expect(textFault('a\u200eb', 'identity')).toBe('text_bidi_mark');
    expect(textFault('a\u200b\u0000', 'identity')).toBe('text_nul');
  });

  it('leaves names alone: joiners shape emoji and scripts, and nothing there is an identity', () => {
    for (const name of ['👨\u200d👩\u200d👧', 'می\u200cخواهم', 'Tom\u200b']) expect(textFault(name, 'name')).toBeNull();
    expect(textFault('👨\u200d👩\u200d👧', 'identity')).toBe('text_invisible');
  });

  it('keeps ordinary identities of any script, emoji included', () => {
    for (const s of ['alice', '张三', '玩家😀', '𠀀𠀁', 'لاعب', 'שלום', 'Nguyễn', '김철수', 'pl-01_a.b@c']) expect(textFault(s, 'identity')).toBeNull();
  });

  it('has words for the fault in both languages', () => {
    expect(TEXT_FAULT_MESSAGES.text_invisible.en).toMatch(/invisible/);
    expect(TEXT_FAULT_MESSAGES.text_invisible['zh-cn']).toMatch(/不可见/);
    const account = safeText(z.string(), 'identity');
    expect(account.safeParse('pl\u200b01').error!.issues[0]!.message).toBe('text_invisible');
    expect(requestIdSchema.safeParse('req-0001\u2060').error!.issues[0]!.message).toBe('text_invisible');
  });

  it('holds every id and code of an ingest record to it, with the reason in English', () => {
    const transfer = { order_id: 'o-1', agent_code: 'a1', player_account: 'pl01', currency_code: 'CNY', direction: 'in', amount: '1', time: '2026-01-01T00:00:00Z' };
    const bet = {
      bet_id: 'b-1', round_id: 'r-1', agent_code: 'a1', player_account: 'pl01', game_code: 'slot1', currency_code: 'CNY', bet_amount: '1', valid_bet_amount: '1',
      payout_amount: '0', tax_amount: '0', bonus_amount: '0', jackpot_contribution: '0', bet_time: '2026-01-01T00:00:00Z', settle_time: '2026-01-01T00:00:01Z', device: 'web',
    };
    expect(ingestTransferSchema.safeParse(transfer).success).toBe(true);
    expect(ingestBetSchema.safeParse(bet).success).toBe(true);
    for (const c of Object.values(INVISIBLE)) {
      for (const field of ['order_id', 'agent_code', 'player_account', 'currency_code'] as const) {
        const r = ingestTransferSchema.safeParse({ ...transfer, [field]: `${transfer[field]}${c}` });
        expect(r.error!.issues[0]).toMatchObject({ path: [field], message: TEXT_FAULT_MESSAGES.text_invisible.en });
      }
      for (const field of ['bet_id', 'round_id', 'agent_code', 'player_account', 'game_code', 'currency_code'] as const) {
        const r = ingestBetSchema.safeParse({ ...bet, [field]: `${c}${bet[field]}` });
        expect(r.error!.issues[0]).toMatchObject({ path: [field], message: TEXT_FAULT_MESSAGES.text_invisible.en });
      }
    }
  });
});
