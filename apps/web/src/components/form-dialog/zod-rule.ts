import i18next from 'i18next';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { formatMoney, MONEY_UNITS_MAX, MONEY_UNITS_MIN, textFaultMessage } from '@console/contract';

/** Texts that replace the generic ones: by issue kind, or by a contract's custom message key. */
export interface ZodRuleMessages {
  /** The field is empty and must not be. */
  required?: string;
  /** Any other refusal (when no more precise text below applies). */
  invalid?: string;
  tooShort?: string;
  tooLong?: string;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** One zod issue as a sentence in the current language (components:validation.*). */
export function zodIssueText(issue: z.core.$ZodIssue, label?: string): string {
  const t = (key: string, options: Record<string, unknown> = {}) => i18next.t(`components:validation.${key}`, { label: label ?? '', ...options });
  // The contract's custom messages (account_chars, phone…) are keys with their own texts.
  if (issue.message && i18next.exists(`components:validation.custom.${issue.message}`)) {
    return t(`custom.${issue.message}`, { max: formatMoney(MONEY_UNITS_MAX), min: formatMoney(MONEY_UNITS_MIN) });
  }
  // Text the server would refuse (NUL, direction controls, invisible characters): the contract's own words.
  const lang = i18next.language === 'en' ? 'en' : 'zh-cn';
  const textFault = textFaultMessage(issue.message ?? '', lang);
  if (textFault) return label ? `${label}${lang === 'en' ? ': ' : '：'}${textFault}` : textFault;
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return t('minLength', { count: Number(issue.minimum) });
      if (issue.origin === 'array') return t('minItems', { count: Number(issue.minimum) });
      return t('min', { min: String(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return t('maxLength', { count: Number(issue.maximum) });
      if (issue.origin === 'array') return t('maxItems', { count: Number(issue.maximum) });
      return t('max', { max: String(issue.maximum) });
    case 'invalid_value':
      return t('oneOf');
    case 'invalid_format':
      return t('format');
    default:
      return t('invalid');
  }
}

/**
 * An antd Form rule from a zod schema (usually a field of the contract's request schema), so the
 * form refuses exactly what the server would, with a message in the user's language: the screen's
 * own text where it gives one, else a generic one naming the issue (at least 3 characters…).
 * Messages are looked up when the field is checked, so they follow a change of language.
 */
export function zodRule(schema: z.ZodType, options: ZodRuleMessages & { label?: string } = {}): Rule {
  const { label, ...messages } = options;
  return {
    validator: async (_rule, value: unknown) => {
      const parsed = schema.safeParse(blank(value) ? undefined : value);
      if (parsed.success) return;
      if (blank(value)) {
        // An optional field accepts undefined; one that refuses it is required.
        throw new Error(messages.required ?? i18next.t(label ? 'components:validation.requiredNamed' : 'components:validation.required', { label }));
      }
      const issue = parsed.error.issues[0]!;
      const own = issue.code === 'too_small' ? messages.tooShort : issue.code === 'too_big' ? messages.tooLong : undefined;
      throw new Error(own ?? messages.invalid ?? zodIssueText(issue, label));
    },
  };
}
