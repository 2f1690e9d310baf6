import type { z } from 'zod';
import type { Lang } from '../error-codes.ts';

/**
 * Text that both databases keep exactly and that the console shows as it was typed.
 *
 * - NUL (U+0000): PostgreSQL text cannot hold it.
 * - Half of a UTF-16 surrogate pair: JSON can carry one, but both databases store it as U+FFFD,
 *   so what is read back no longer equals what was sent (an id stops matching itself).
 * - Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder
 *   the characters after them on screen, so `\u202Enimda` shows as "admin" and
 *   "player\u202Egnp.exe" as "playerexe.png".
 * - Identities only (accounts, codes, ids): the invisible direction marks U+200E, U+200F and
 *   U+061C. They reorder nothing on their own, but "admin" and "admin\u200E" look alike and are
 *   two accounts. A display name may need them to show mixed right-to-left and left-to-right
 *   text properly, so names keep them.
 * - Identities only: every other invisible format character (Unicode general category Cf: the
 *   zero-width space U+200B, the joiners U+200C and U+200D, the word joiner U+2060, the byte-order
 *   mark U+FEFF, the soft hyphen U+00AD, the Mongolian vowel separator U+180E…) and the combining
 *   grapheme joiner U+034F, which is a mark, not a format character, but shows as nothing just
 *   the same. "pl01" and "pl\u200B01" look alike and are two players. U+00AD and U+180E are
 *   named although they are Cf now: older Unicode versions filed them elsewhere. The Hangul
 *   fillers U+115F, U+1160, U+3164 and U+FFA0 are letters to Unicode but show as blank space, so
 *   "pl\u316401" passes for "pl 01" or for nothing between: identities refuse them too, and the
 *   braille pattern blank U+2800, a symbol that shows as a blank cell, for the same reason.
 *   Every other default-ignorable code point (Unicode's own list of what a renderer shows as
 *   nothing: the variation selectors U+FE00–U+FE0F and U+E0100–U+E01EF, U+17B4, U+17B5, the
 *   Mongolian free variation selectors U+180B–U+180F…) and the control characters (U+0001–U+001F,
 *   U+007F–U+009F) are refused in identities as well.
 *
 * Pairs of surrogates (emoji, rarer CJK) are ordinary text. In names, the joiners U+200C and
 * U+200D (emoji sequences, Persian and Indic scripts) stay allowed too.
 */

/** What a text is used as: an identity (account, code, id) or a display name or remark. */
export type TextUse = 'identity' | 'name';

/** Why a text is refused; also the zod issue `message`, so a caller can show its own words for it. */
export type TextFault = 'text_nul' | 'text_lone_surrogate' | 'text_bidi_control' | 'text_bidi_mark' | 'text_invisible';

export const TEXT_FAULT_MESSAGES: Record<TextFault, Record<Lang, string>> = {
  text_nul: { en: 'must not contain the NUL character (U+0000)', 'zh-cn': '不能包含空字符（U+0000）' },
  text_lone_surrogate: {
    en: 'must be valid Unicode text (it holds half of a UTF-16 surrogate pair)',
    'zh-cn': '不是有效的 Unicode 文本（含有不成对的 UTF-16 代理字符）',
  },
  text_bidi_control: {
    en: 'must not contain bidirectional control characters (U+202A–U+202E, U+2066–U+2069)',
    'zh-cn': '不能包含双向文本控制字符（U+202A–U+202E、U+2066–U+2069）',
  },
  text_bidi_mark: {
    en: 'must not contain invisible direction marks (U+200E, U+200F, U+061C)',
    'zh-cn': '不能包含不可见的方向标记（U+200E、U+200F、U+061C）',
  },
  text_invisible: {
    en: 'must not contain invisible characters (such as U+200B, U+200C, U+200D, U+2060, U+FEFF, U+00AD, U+034F, or blanks such as U+3164, U+2800)',
    'zh-cn': '不能包含不可见字符（如 U+200B、U+200C、U+200D、U+2060、U+FEFF、U+00AD、U+034F，或显示为空白的 U+3164、U+2800）',
  },
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const BIDI_MARK = /[\u200E\u200F\u061C]/;
/** Shows as nothing or as a blank: format characters, default-ignorables, the blank look-alikes, controls. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}\u00AD\u180E\u115F\u1160\u3164\uFFA0\u2800]|\u034F/u;
/**
 * Any character but NUL that may be at fault: one scan settles the usual, clean text. With the
 * `u` flag a surrogate pair (an emoji) is one character, so only a lone surrogate matches the range.
 */
const SUSPECT = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}\u00AD\u180E\u115F\u1160\u3164\uFFA0\u2800\uD800-\uDFFF]|\u034F/u;

/** Why `text` is refused for `use`, or null when it is text kept and shown exactly. */
export function textFault(text: string, use: TextUse = 'identity'): TextFault | null {
  if (text.includes('\u0000')) return 'text_nul';
  if (!SUSPECT.test(text)) return null;
  if (LONE_SURROGATE.test(text)) return 'text_lone_surrogate';
  if (BIDI_CONTROL.test(text)) return 'text_bidi_control';
  if (use === 'identity' && BIDI_MARK.test(text)) return 'text_bidi_mark';
  if (use === 'identity' && INVISIBLE.test(text)) return 'text_invisible';
  return null;
}

/**
 * `schema` refined to refuse what `textFault` refuses. The issue's `message` is the fault's key
 * (`text_bidi_control`…), whose words in each language are in TEXT_FAULT_MESSAGES
 * (`textFaultMessage`); with `lang` it is those words instead, for callers that show zod's
 * messages as they are (the ingest answers game servers in English).
 *
 *   account: safeText(z.string().min(3).max(64), 'identity')
 *   name:    safeText(z.string().max(64), 'name')
 */
export function safeText<T extends z.ZodType<string>>(schema: T, use: TextUse = 'identity', lang?: Lang): T {
  return schema.superRefine((value, ctx) => {
    const fault = textFault(value, use);
    if (fault) ctx.addIssue({ code: 'custom', message: lang ? TEXT_FAULT_MESSAGES[fault][lang] : fault });
  });
}

/** The words for an issue message that is a TextFault key, or null for any other message. */
export function textFaultMessage(message: string, lang: Lang): string | null {
  return Object.hasOwn(TEXT_FAULT_MESSAGES, message) ? TEXT_FAULT_MESSAGES[message as TextFault][lang] : null;
}
