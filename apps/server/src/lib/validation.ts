import type { z } from 'zod';
import { formatMoney, MONEY_UNITS_MAX, MONEY_UNITS_MIN, textFaultMessage, type Lang } from '@console/contract';

/**
 * Turns a zod failure into one readable sentence in the caller's language, e.g.
 * "account: at least 3 characters" / "account：至少 3 个字符". Custom `message` keys of the
 * contract (money, password_hash, …) have their own texts.
 */
const custom: Record<string, Record<Lang, string>> = {
  money: { 'zh-cn': '金额格式错误（最多 4 位小数）', en: 'must be an amount with at most 4 decimals' },
  money_non_negative: { 'zh-cn': '金额必须是非负数（最多 4 位小数）', en: 'must be a non-negative amount with at most 4 decimals' },
  money_positive: { 'zh-cn': '金额必须大于 0（最多 4 位小数）', en: 'must be an amount above 0 with at most 4 decimals' },
  money_too_large: {
    'zh-cn': `金额不能超过 ${formatMoney(MONEY_UNITS_MAX)}（可保存的最大金额）`,
    en: `must be at most ${formatMoney(MONEY_UNITS_MAX)}, the largest amount that can be stored`,
  },
  money_too_small: {
    'zh-cn': `金额不能小于 ${formatMoney(MONEY_UNITS_MIN)}（可保存的最小金额）`,
    en: `must be at least ${formatMoney(MONEY_UNITS_MIN)}, the smallest amount that can be stored`,
  },
  password_hash: { 'zh-cn': '密码格式错误', en: 'is not a valid password hash' },
  account_chars: { 'zh-cn': '只能包含字母、数字和 _ . @ -', en: 'may contain only letters, digits and _ . @ -' },
  phone: { 'zh-cn': '手机号格式错误', en: 'is not a valid phone number' },
  totp_code: { 'zh-cn': '验证码必须是 6 位数字', en: 'must be a 6-digit code' },
  sms_code: { 'zh-cn': '短信验证码必须是 6 位数字', en: 'must be a 6-digit code' },
  date: { 'zh-cn': '日期格式必须是 YYYY-MM-DD', en: 'must be a date YYYY-MM-DD' },
  month: { 'zh-cn': '月份格式必须是 YYYY-MM', en: 'must be a month YYYY-MM' },
  datetime: { 'zh-cn': '时间格式必须是 YYYY-MM-DD HH:mm:ss', en: 'must be a time YYYY-MM-DD HH:mm:ss' },
  time_bound: {
    'zh-cn': '时间必须是带时区的 ISO-8601 时间，或所选时区的 YYYY-MM-DD HH:mm:ss',
    en: 'must be an ISO-8601 time with its zone, or YYYY-MM-DD HH:mm:ss in the chosen timezone',
  },
  agent_code: {
    'zh-cn': '必须是 4–16 位字母、数字或“-”，以字母或数字开头和结尾',
    en: 'must be 4–16 letters, digits or hyphens, starting and ending with a letter or digit',
  },
  agent_code_login: { 'zh-cn': '只能包含字母、数字、“-”和“_”，最多 32 位', en: 'may hold only letters, digits, "-" and "_", at most 32' },
  ip_or_cidr: { 'zh-cn': '必须是 IPv4/IPv6 地址或 CIDR 网段', en: 'must be an IPv4 or IPv6 address or a CIDR block' },
  currency_code: { 'zh-cn': '必须是 2–10 位大写字母或数字', en: 'must be 2–10 upper-case letters or digits' },
  currency_rate: { 'zh-cn': '必须是大于 0 的数字，最多 8 位小数', en: 'must be a number above 0 with at most 8 decimals' },
  host_name: { 'zh-cn': '只能填写主机名（不含协议、路径或端口）', en: 'must be a host name only (no scheme, path or port)' },
};

function describe(issue: z.core.$ZodIssue, lang: Lang): string {
  const zh = lang === 'zh-cn';
  if (issue.message && custom[issue.message]) return custom[issue.message]![lang];
  const textFault = textFaultMessage(issue.message ?? '', lang);
  if (textFault) return textFault;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return zh ? '不能为空' : 'is required';
      return zh ? `类型错误，应为 ${issue.expected}` : `must be ${issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string') return zh ? `至少 ${issue.minimum} 个字符` : `must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return zh ? `至少 ${issue.minimum} 项` : `must have at least ${issue.minimum} items`;
      return zh ? `不能小于 ${issue.minimum}` : `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return zh ? `最多 ${issue.maximum} 个字符` : `must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return zh ? `最多 ${issue.maximum} 项` : `must have at most ${issue.maximum} items`;
      return zh ? `不能大于 ${issue.maximum}` : `must be at most ${issue.maximum}`;
    case 'invalid_value':
      return zh ? `取值必须是 ${issue.values.join('、')} 之一` : `must be one of ${issue.values.join(', ')}`;
    case 'invalid_union':
      return zh ? '取值无效' : 'is not valid';
    case 'invalid_format':
      return zh ? '格式错误' : 'has an invalid format';
    case 'unrecognized_keys':
      return zh ? `不支持的字段 ${issue.keys.join('、')}` : `has unknown fields ${issue.keys.join(', ')}`;
    default:
      return zh ? '取值无效' : 'is not valid';
  }
}

function fieldMessage(path: readonly PropertyKey[], text: string, lang: Lang): string {
  const field = path.length ? path.map(String).join('.') : lang === 'zh-cn' ? '请求' : 'request';
  return lang === 'zh-cn' ? `${field}：${text}` : `${field}: ${text}`;
}

export function formatZodError(error: z.ZodError, lang: Lang): string {
  const issue = error.issues[0];
  if (!issue) return lang === 'zh-cn' ? '参数错误' : 'Invalid parameter';
  return fieldMessage(issue.path, describe(issue, lang), lang);
}

/**
 * Where a request holds U+0000 (in a string or an object key), or null. PostgreSQL text cannot
 * store that character at all, and no field of the console has a use for it, so every call
 * refuses it before its handler runs rather than each column failing on its own.
 */
export function findNulCharacter(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulCharacter(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return [...path, k];
      const found = findNulCharacter(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}

export function formatNulCharacter(path: readonly PropertyKey[], lang: Lang): string {
  // The offending key itself may be where the character is; the message shows it spelled out.
  const shown = path.map((p) => String(p).replaceAll('\u0000', '\\u0000'));
  return fieldMessage(shown, lang === 'zh-cn' ? '不能包含空字符（U+0000）' : 'must not contain the NUL character (U+0000)', lang);
}

export function requestLang(acceptLanguage: string | undefined): Lang {
  return acceptLanguage && /^\s*en/i.test(acceptLanguage) ? 'en' : 'zh-cn';
}
